// Which page a toast carried across a navigation may appear on (site/stores/toast.ts, decision 0015).
import { describe, expect, it } from 'vitest';
import { belongsHere, pagePath, type CarriedToast } from '../../site/stores/toast';

const welcome: CarriedToast = {
  toast: { title: 'Welcome back!', description: 'Logged in as admin@demo.test', variant: 'success' },
  until: 10_000,
  page: '/admin',
  signedIn: true,
};

describe('belongsHere', () => {
  it('shows the toast on the page it leads to, to the same visitor, within its time', () => {
    expect(belongsHere(welcome, { now: 9_000, page: '/admin', signedIn: true })).toBe(true);
  });

  it('drops it on any other page', () => {
    expect(belongsHere(welcome, { now: 9_000, page: '/', signedIn: true })).toBe(false);
    expect(belongsHere(welcome, { now: 9_000, page: '/directory', signedIn: true })).toBe(false);
  });

  it('drops it once the visitor has signed out or in since', () => {
    expect(belongsHere(welcome, { now: 9_000, page: '/admin', signedIn: false })).toBe(false);
    const unauthorized = { ...welcome, page: '/auth', signedIn: false };
    expect(belongsHere(unauthorized, { now: 9_000, page: '/auth', signedIn: true })).toBe(false);
  });

  it('drops it when its time is up', () => {
    expect(belongsHere(welcome, { now: 10_000, page: '/admin', signedIn: true })).toBe(false);
  });
});

describe('pagePath', () => {
  it('resolves an address against the current page and ignores a trailing slash, query and hash', () => {
    const here = 'http://localhost:4321/auth?tab=login';
    expect(pagePath('/admin', here)).toBe('/admin');
    expect(pagePath('/admin/', here)).toBe('/admin');
    expect(pagePath('http://localhost:4321/dashboard?upgraded=1#top', here)).toBe('/dashboard');
    expect(pagePath('/', here)).toBe('/');
  });
});

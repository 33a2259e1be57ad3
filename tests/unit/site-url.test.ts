// The site's public origin: SITE_URL when set, else the port the one server listens on (issue 8).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoSignInLinks, siteUrlOf } from '../../lib/site-url';

describe('siteUrlOf', () => {
  it('follows PORT when SITE_URL is unset', () => {
    expect(siteUrlOf({ PORT: '8080' })).toBe('http://localhost:8080');
  });

  it('defaults to port 4321 when neither is set', () => {
    expect(siteUrlOf({})).toBe('http://localhost:4321');
    expect(siteUrlOf({ PORT: '', SITE_URL: '' })).toBe('http://localhost:4321');
  });

  it('prefers SITE_URL, without a trailing slash', () => {
    expect(siteUrlOf({ SITE_URL: 'https://tools.example.com/', PORT: '8080' })).toBe('https://tools.example.com');
  });
});

describe('demoSignInLinks', () => {
  it('links both demo accounts on the given origin', () => {
    expect(demoSignInLinks('http://localhost:8080')).toEqual([
      'http://localhost:8080/auth/demo/admin',
      'http://localhost:8080/auth/demo/user',
    ]);
  });
});

describe('the Astro build', () => {
  const saved = { PORT: process.env.PORT, SITE_URL: process.env.SITE_URL };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    vi.resetModules();
  });

  it('uses the server port for canonical links, sitemap, RSS and JSON-LD when SITE_URL is unset', async () => {
    process.env.PORT = '8080';
    delete process.env.SITE_URL;
    vi.resetModules();
    const { default: astroConfig } = await import('../../astro.config.mjs');
    expect(String(astroConfig.site)).toBe('http://localhost:8080');
  });

  it('uses SITE_URL when set', async () => {
    process.env.PORT = '8080';
    process.env.SITE_URL = 'https://tools.example.com';
    vi.resetModules();
    const { default: astroConfig } = await import('../../astro.config.mjs');
    expect(String(astroConfig.site)).toBe('https://tools.example.com');
  });
});

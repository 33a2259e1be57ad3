// The sign-in, registration and contact forms posted without JavaScript (docs/decisions/0068): a real POST of
// application/x-www-form-urlencoded that answers 303 on success and, on failure, the page again with the API's own
// message and the fields kept (never the password), under the same throttles and Origin check as the JSON calls.
import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { serveQueryPage } from '../../api/publishing/kept-renders';
import { RATE_LIMITS } from '../../api/rate-limit';
import { db } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import { MSG, TOAST } from '../../lib/messages';
import { BASE, call, makeUser, sessionCookie } from '../helpers/api';

let addresses = 0;
/** A fresh client address per request group: the throttles count per address. */
const freshIp = () => `198.51.100.${++addresses}`;

/** A browser's form post from this site (it sends Origin on a POST). */
function post(
  path: string,
  fields: Record<string, string>,
  { ip = freshIp(), origin = BASE }: { ip?: string; origin?: string } = {},
) {
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    origin,
    [CLIENT_IP_HEADER]: ip,
    accept: 'text/html',
  });
  return app.handle(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }),
  );
}

/** Whether the page has a form that posts to `action` as it stands, with no script to help. */
const postsTo = (html: string, action: string) =>
  [...html.matchAll(/<form\b[^>]*>/g)].some(
    ([tag]) => tag.includes(`action="${action}"`) && tag.includes('method="post"'),
  );

const userCount = async () => (await db.select({ n: count() }).from(users))[0].n;

/** The HTML of a failure page, with the checks every one of them passes: a page, never kept, the password nowhere. */
async function failurePage(res: Response, password?: string): Promise<string> {
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('location')).toBeNull();
  const html = await res.text();
  if (password) expect(html).not.toContain(password);
  return html;
}

describe('POST /auth/login (the form without JavaScript)', () => {
  it('signs in and sees the browser on to the dashboard, the password in no address', async () => {
    const user = await makeUser();
    const res = await post('/auth/login', { email: user.email, password: 'password123' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard');
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
  });

  it('sends an admin to /admin, and anyone to the page of this site they were going to', async () => {
    const admin = await makeUser({ isAdmin: true, role: 'admin' });
    expect((await post('/auth/login', { email: admin.email, password: 'password123' })).headers.get('location')).toBe(
      '/admin',
    );
    const user = await makeUser();
    const next = await post('/auth/login', { email: user.email, password: 'password123', next: '/submit' });
    expect(next.headers.get('location')).toBe('/submit');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'submit'])(
    'ignores a next of %s: only a path of this site',
    async (next) => {
      const user = await makeUser();
      const res = await post('/auth/login', { email: user.email, password: 'password123', next });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/dashboard');
    },
  );

  it('answers a wrong password with the page: 401, the message, the e-mail kept, no session', async () => {
    const user = await makeUser();
    const res = await post('/auth/login', { email: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
    const html = await failurePage(res, 'wrong-password-1');
    expect(html).toContain(MSG.wrongCredentials);
    expect(html).toContain(TOAST.loginFailed);
    expect(html).toContain(`value="${user.email}"`);
    expect(postsTo(html, '/auth/login')).toBe(true);
  });

  it('answers a bad e-mail with the validation message of the JSON call', async () => {
    const res = await post('/auth/login', { email: 'not-an-email', password: 'secret-pass' });
    expect(res.status).toBe(400);
    expect(await failurePage(res, 'secret-pass')).toContain(MSG.invalidEmail);
  });

  it('is throttled with the JSON call: past the limit 429 and the message, even with the right password', async () => {
    const user = await makeUser();
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS['login-pair'].limit; i++) {
      expect((await post('/auth/login', { email: user.email, password: 'wrong-password' }, { ip })).status).toBe(401);
    }
    const refused = await post('/auth/login', { email: user.email, password: 'password123' }, { ip });
    expect(refused.status).toBe(429);
    expect(sessionCookie(refused)).toBeUndefined();
    expect(await failurePage(refused, 'password123')).toContain(MSG.tooManyAttempts);
    // The JSON call counts the same attempts.
    expect(
      (await call('POST', '/api/login', { body: { email: user.email, password: 'password123' }, ip })).status,
    ).toBe(429);
  });

  it('refuses a post from another site: 403, no session', async () => {
    const user = await makeUser();
    const res = await post(
      '/auth/login',
      { email: user.email, password: 'password123' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.foreignOrigin);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('POST /auth/register (the form without JavaScript)', () => {
  it('creates the account, signs in and sees the browser on, to next when given', async () => {
    const res = await post('/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'form-ada@example.com',
      password: 'secret1',
      next: '/submit',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/submit');
    const me = await call('GET', '/api/user', { cookie: sessionCookie(res) });
    expect(await me.json()).toMatchObject({ email: 'form-ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('answers a short password with the page: 400, the message, the other fields kept, nothing stored', async () => {
    const before = await userCount();
    const res = await post('/auth/register', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'form-grace@example.com',
      password: 'abc12',
    });
    expect(res.status).toBe(400);
    const html = await failurePage(res, 'abc12');
    expect(html).toContain(MSG.passwordTooShort);
    expect(html).toContain(TOAST.registrationFailed);
    expect(html).toContain('value="form-grace@example.com"');
    expect(html).toContain('value="Grace"');
    expect(postsTo(html, '/auth/register')).toBe(true);
    expect(await userCount()).toBe(before);
  });

  it('answers an e-mail that has an account with 409 and the message', async () => {
    const user = await makeUser();
    const res = await post('/auth/register', { email: user.email, password: 'secret12' });
    expect(res.status).toBe(409);
    expect(await failurePage(res, 'secret12')).toContain(MSG.emailTaken);
  });

  it('refuses a post from another site: 403, nothing stored', async () => {
    const before = await userCount();
    const res = await post(
      '/auth/register',
      { email: 'form-evil@example.com', password: 'secret1' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /contact (the form without JavaScript)', () => {
  afterEach(async () => {
    await db.delete(contactMessages);
  });
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    topic: 'support',
    message: 'My listing shows the wrong logo.',
  };

  it('stores the message and sees the browser on to the page that says it was received', async () => {
    const res = await post('/contact', valid);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=1');
    const rows = await db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', topic: 'support' });
  });

  it('answers a short message with the page: 400, the message, the fields kept, nothing stored', async () => {
    const res = await post('/contact', { ...valid, message: 'Too short' });
    expect(res.status).toBe(400);
    const html = await failurePage(res);
    expect(html).toContain(MSG.contactMessageTooShort);
    expect(html).toContain(TOAST.contactFailed);
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toContain('Too short</textarea>');
    expect(postsTo(html, '/contact')).toBe(true);
    expect(await db.$count(contactMessages)).toBe(0);
  });

  it('is throttled with the JSON call: past the limit 429 and the message, nothing more stored', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS['contact-address'].limit; i++)
      expect((await post('/contact', valid, { ip })).status).toBe(303);
    const refused = await post('/contact', valid, { ip });
    expect(refused.status).toBe(429);
    expect(await failurePage(refused)).toContain(MSG.contactTooMany);
    expect(await db.$count(contactMessages)).toBe(RATE_LIMITS['contact-address'].limit);
  });

  it('refuses a post from another site: 403, nothing stored', async () => {
    const res = await post('/contact', valid, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await db.$count(contactMessages, eq(contactMessages.email, valid.email))).toBe(0);
  });
});

describe('the form pages with a query, rendered on demand without JavaScript', () => {
  const get = (path: string, method = 'GET') =>
    serveQueryPage(new Request(`${BASE}${path}`, { method }), new URL(`${BASE}${path}`).pathname);

  it('opens the Register tab of /auth?tab=register as a form that posts', async () => {
    const res = await get('/auth?tab=register');
    expect(res).not.toBeNull();
    const html = await (await res!)!.text();
    expect(postsTo(html, '/auth/register')).toBe(true);
    expect(html).toContain('First Name');
  });

  it('carries the page to return to in the form, only a path of this site', async () => {
    const html = await (await get('/auth?next=%2Fsubmit'))!.text();
    expect(html).toMatch(/<input type="hidden" name="next" value="\/submit"\/>/);
    expect(get('/auth?next=%2F%2Fevil.example')).toBeNull();
  });

  it('says on /contact?sent=1 that the message was received', async () => {
    const html = await (await get('/contact?sent=1'))!.text();
    expect(html).toContain(TOAST.contactSent.title);
    expect(html).toContain(TOAST.contactSent.description);
  });

  it.each([['/auth'], ['/auth?utm_source=x'], ['/contact'], ['/contact?sent=2'], ['/about?sent=1']])(
    'leaves %s to the static file',
    (path) => {
      expect(get(path)).toBeNull();
    },
  );

  it('leaves a POST to the API', () => {
    expect(get('/auth?tab=register', 'POST')).toBeNull();
  });
});

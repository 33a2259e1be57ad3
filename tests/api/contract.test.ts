// The API's typed contract (lib/contract): every route declares its schemas, a request is refused by them before its
// handler runs (after sign-in and permissions), and an answer that breaks its schema fails as a 500 instead of going out.
import { describe, expect, it, vi } from 'vitest';
import { Elysia } from 'elysia';
import pino from 'pino';
import { app } from '../../api/app';
import { answer } from '../../api/answer';
import { publicUser } from '../../api/auth/service';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { log } from '../../api/log';
import { errors } from '../../api/plugins/errors';
import type { CategoryId } from '../../lib/categories';
import { currentUserSchema, type CurrentUser } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool, reviewsOf } from '../helpers/admin';

/** The calls that read no JSON body: none sent, a multipart form read by the route, or Stripe's raw signed bytes. */
const NO_JSON_BODY = new Set([
  'DELETE /api/premium/slots/:id',
  'POST /api/logout',
  'POST /api/tools',
  'PUT /api/user/tools/:id',
  'POST /api/user/tools/:id/resubmit',
  'POST /api/admin/blog/images',
  'POST /api/tools/:id/images',
  'POST /api/admin/tools/:id/list',
  'POST /api/admin/tools/:id/revive',
  'POST /api/admin/change-requests/:id/approve',
  'POST /api/admin/rebuild',
  'POST /api/admin/messages/:id/handled',
  'POST /api/premium/webhook',
  'POST /api/newsletter/webhook',
  'POST /api/newsletter/unsubscribe',
  'POST /api/premium/portal',
  'POST /api/premium/dev/cancel',
  'DELETE /api/account/email/change',
  'POST /api/account/email/verification',
  'POST /api/account/avatar',
  'DELETE /api/account/avatar',
  'POST /api/account/sessions/:id/sign-out',
  'POST /api/account/sessions/sign-out-others',
  'POST /api/account/two-factor/setup',
  'POST /api/account/close/code',
  'POST /api/account/password/set-link',
  'POST /api/admin/users/:id/password-reset',
  'POST /api/claims/:id/check',
  'POST /api/admin/link-health/:id/recheck',
  'POST /api/admin/newsletter/draft',
  'POST /api/admin/newsletter/issues/:id/test',
  'POST /api/admin/newsletter/issues/:id/unschedule',
  'POST /api/admin/newsletter/issues/:id/send-now',
  'DELETE /api/saved-tools/:slug',
  'POST /api/admin/link-health/:id/ignore-blocked',
]);
/** GET /api/login only redirects to the sign-in page. */
const REDIRECTS = new Set(['GET /api/login', 'GET /api/newsletter/unsubscribe']);

const apiRoutes = () =>
  app.routes
    // A CORS preflight (OPTIONS) answers headers only, and the API's own documentation (the OpenAPI document, its
    // reference page and that page's files) is not a call of the contract.
    .filter(
      (route) =>
        route.path.startsWith('/api/') && route.method !== 'OPTIONS' && !/^\/api\/(openapi|docs)/.test(route.path),
    )
    .map((route) => ({ name: `${route.method} ${route.path}`, route, hooks: route.hooks as Record<string, unknown> }));

describe('every API route declares its contract', () => {
  it("declares its answer's schema, and its path params' when its path has any", () => {
    const routes = apiRoutes().filter(({ name }) => !REDIRECTS.has(name));
    expect(routes.length).toBeGreaterThan(30);
    for (const { name, route, hooks } of routes) {
      expect(hooks.response, name).toBeDefined();
      if (route.path.includes(':')) expect(hooks.params, name).toBeDefined();
    }
  });

  it('declares the schema of the JSON body of every call that changes something', () => {
    for (const { name, route, hooks } of apiRoutes()) {
      if (route.method === 'GET') continue;
      if (NO_JSON_BODY.has(name)) expect(hooks.body, name).toBeUndefined();
      else expect(hooks.body, name).toBeDefined();
    }
  });
});

describe('a request is checked against its schemas before the handler, after sign-in', () => {
  it('tells a signed-out caller with a bad body that it is signed out (401), not what is wrong with the body', async () => {
    const tool = await makeTool();
    const res = await call('POST', `/api/admin/tools/${tool.id}/approve`, { body: { qualityScore: 'high' } });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
  });

  it('tells a caller without the permission 403 before looking at its body', async () => {
    const tool = await makeTool();
    const { cookie } = await signedIn(NO_PASSWORD);
    const res = await call('POST', `/api/admin/tools/${tool.id}/approve`, { body: { qualityScore: 'high' }, cookie });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.forbidden);
  });

  it("answers a bad field with 400 and its message, and a permitted caller's valid body reaches the handler", async () => {
    const tool = await makeTool();
    const { cookie } = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    const bad = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
      body: { curatorTake: 'Fine.', qualityScore: 11 },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(MSG.qualityScoreRange);
    expect(await reviewsOf(tool.id)).toHaveLength(0);
    const good = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
      body: { curatorTake: 'Fine.', qualityScore: '8' },
      cookie,
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ id: tool.id, status: 'approved', qualityScore: 8 });
  });

  it("answers a path id that names no row with the missing row's 404, whatever its shape", async () => {
    const { cookie } = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const cases: [string, string, string][] = [
      ['POST', '/api/admin/tools/abc/list', MSG.toolNotFound],
      ['PATCH', '/api/admin/users/0', MSG.userNotFound],
      ['PATCH', '/api/admin/blog/posts/1.5', MSG.postNotFound],
      ['POST', '/api/admin/change-requests/99999999999999999999/approve', MSG.changeRequestNotFound],
      ['GET', '/api/user/tools/-3', MSG.toolNotFound],
    ];
    for (const [method, path, message] of cases) {
      const res = await call(method, path, { body: method === 'GET' ? undefined : {}, cookie });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe(message);
    }
  });

  it('answers JSON sent as malformed text with 400, and treats a missing body as an empty one', async () => {
    const tool = await makeTool();
    const { cookie } = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    const malformed = await app.handle(
      new Request(`${BASE}/api/admin/tools/${tool.id}/approve`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/plain', [CLIENT_IP_HEADER]: '203.0.113.1' },
        body: '{"curatorTake": ',
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toBe(MSG.malformedBody);
    const empty = await call('POST', `/api/admin/tools/${tool.id}/approve`, { cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe(MSG.curatorTakeRequired);
  });
});

describe('an answer that breaks its schema', () => {
  it('is a 500 with the generic text, never the answer: a field the contract does not have is a leak', async () => {
    const user = await makeUser();
    const leaky = new Elysia()
      .use(errors)
      .get('/api/leaky', () => ({ ...publicUser(user), password: user.password }) as CurrentUser, {
        response: answer(currentUserSchema),
      });
    const logged = vi.spyOn(log, 'error');
    try {
      const res = await leaky.handle(new Request(`${BASE}/api/leaky`));
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).toBe('Something went wrong. Please try again.');
      expect(text).not.toContain(user.password!);
      expect(logged).toHaveBeenCalled();
      // The log line names the field, never the answer: what leaked must not leak into the log, whatever its size.
      const line = JSON.stringify(logged.mock.calls[0], (_key, value: unknown) =>
        value instanceof Error ? pino.stdSerializers.err(value) : value,
      );
      expect(line).toContain('password');
      expect(line).not.toContain(user.password!);
      expect(line.length).toBeLessThan(1000);
    } finally {
      logged.mockRestore();
    }
  });

  it('fails a real route: a stored tool in a category the contract does not know breaks GET /api/tools', async () => {
    await makeTool({ status: 'approved', name: 'Quillfeather Draft', tags: ['writing' as CategoryId] });
    const logged = vi.spyOn(log, 'error');
    try {
      const res = await call('GET', '/api/tools?search=quillfeather');
      expect(res.status).toBe(500);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('goes out unchecked in production: the same schema, whose check lets every answer through', () => {
    const unchecked = answer(currentUserSchema, false);
    expect(unchecked['~standard'].validate({ password: 'hash' })).toEqual({ value: { password: 'hash' } });
    expect(unchecked.shape).toBe(currentUserSchema.shape);
    expect(currentUserSchema['~standard'].validate({ password: 'hash' })).toHaveProperty('issues');
  });
});

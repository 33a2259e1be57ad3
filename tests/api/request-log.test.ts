// Structured logs (api/log.ts, api/request-log.ts): a real server's stdout is JSON lines; every API request gets an
// id (the caller's when it is a safe token), sent back in X-Request-Id, carried by every line logged while it is
// handled and named in a 500 answer; the 4xx bodies stay the spec's plain text; static files are not logged.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { log } from '../../api/log';
import { answerLogged, SLOW_REQUEST_MS } from '../../api/request-log';
import { MSG } from '../../lib/messages';
import { NO_PASSWORD } from '../helpers/admin';
import { signedIn } from '../helpers/api';
import { startServer, until, type ServerProcess } from '../helpers/server-process';

let server: ServerProcess;

beforeAll(async () => {
  // At debug: every request's closing line (the default level writes only the failed and slow ones).
  server = await startServer({ REBUILD_WORKER: '0', LOG_LEVEL: 'debug' });
}, 60_000);

afterAll(() => {
  server?.kill('SIGKILL');
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers });
/** The log lines of the request `id`, once its closing line is written. */
const linesOf = (id: string) =>
  until(`the log of ${id}`, () => {
    const lines = server.logs().filter((line) => line.reqId === id);
    return lines.some((line) => line.msg === 'request') && lines;
  });

describe('the API log', () => {
  it('gives each request an id, in the X-Request-Id header and on its log line, with method, path, status and time', async () => {
    const res = await get('/api/tools?limit=2');
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = (await linesOf(id)).filter((l) => l.msg === 'request');
    expect(line).toMatchObject({ level: 20, method: 'GET', path: '/api/tools', status: 200, reqId: id });
    expect(typeof line.ms).toBe('number');
  });

  it("keeps the caller's id when it is a short safe token, and replaces any other", async () => {
    expect((await get('/api/tools', { 'x-request-id': 'edge-7f3a.01_B' })).headers.get('x-request-id')).toBe(
      'edge-7f3a.01_B',
    );
    for (const unsafe of ['two words', 'a'.repeat(65), 'quote"d', '']) {
      const given = (await get('/api/tools', { 'x-request-id': unsafe })).headers.get('x-request-id');
      expect(given).not.toBe(unsafe);
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps the plain-text 4xx bodies of the spec; the id is in the header', async () => {
    const res = await get('/api/user');
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
    const id = res.headers.get('x-request-id') ?? '';
    expect((await linesOf(id)).find((l) => l.msg === 'request')).toMatchObject({ status: 401 });
  });

  it('names the id in a 500 answer, and logs the error with its stack on a line that carries the id', async () => {
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const target = await signedIn(NO_PASSWORD);
    await db.run(
      sql`create trigger fail_user_audit before insert on audit_log when new.action = 'user.update' begin select raise(abort, 'audit unavailable'); end`,
    );
    let res: Response;
    try {
      res = await fetch(`${server.base}/api/admin/users/${target.user.id}`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json', 'x-request-id': 'support-case-42' },
        body: JSON.stringify({ accountStatus: 'banned', suspensionReason: 'Fraud' }),
      });
    } finally {
      await db.run(sql`drop trigger fail_user_audit`);
    }
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('support-case-42');
    expect(await res.text()).toBe('Something went wrong. Please try again. (Request id: support-case-42)');
    const lines = await linesOf('support-case-42');
    const error = lines.find((l) => l.level === 50);
    expect(error?.err).toMatchObject({
      message: expect.stringContaining('audit unavailable'),
      stack: expect.stringContaining('\n    at '),
    });
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ method: 'PATCH', status: 500 });
  });

  it('writes only JSON lines, and none for static files', async () => {
    await get('/about');
    await get('/robots.txt');
    const api = await get('/api/tools');
    await linesOf(api.headers.get('x-request-id') ?? '');
    const lines = server.logs();
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.filter((l) => l.path === '/about' || l.path === '/robots.txt')).toEqual([]);
    // Every line written while a request was handled carries its id; the rest are the server's own (start, workers).
    for (const line of lines.filter((l) => l.msg === 'request')) expect(line.reqId).toBeTruthy();
  });
});

describe('the line closing a request', () => {
  afterEach(() => vi.restoreAllMocks());
  const answer = (status: number, ms: number) => {
    const clock = vi.spyOn(performance, 'now');
    clock.mockReturnValueOnce(1000).mockReturnValueOnce(1000 + ms);
    return answerLogged(
      new Request('http://localhost/api/tools'),
      '/api/tools',
      async () => new Response('', { status }),
    );
  };

  it('is at debug for an ordinary answer, warn for a slow one and error for a failed one: the default level (info) writes only those two', async () => {
    const levels = {
      debug: vi.spyOn(log, 'debug'),
      info: vi.spyOn(log, 'info'),
      warn: vi.spyOn(log, 'warn'),
      error: vi.spyOn(log, 'error'),
    };
    await answer(200, 3);
    await answer(404, 3);
    await answer(200, SLOW_REQUEST_MS + 200);
    await answer(503, 3);
    const statuses = (spy: (typeof levels)['debug']) =>
      spy.mock.calls.map(([fields]) => (fields as { status: number }).status);
    expect(statuses(levels.debug)).toEqual([200, 404]);
    expect(statuses(levels.info)).toEqual([]);
    expect(statuses(levels.warn)).toEqual([200]);
    expect(statuses(levels.error)).toEqual([503]);
    expect(levels.warn.mock.calls[0][0]).toMatchObject({
      ms: SLOW_REQUEST_MS + 200,
      path: '/api/tools',
      method: 'GET',
    });
  });
});

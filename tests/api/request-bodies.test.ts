// Request bodies (api/plugins/bodies.ts, docs/decisions/0063): every route reads at most its own limit of bytes (413
// past it, unread when Content-Length says so), JSON nests only so deep (400), and no refusal costs more than reading
// the bytes: a hostile body is answered at once, and the server keeps answering others meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { BODY_RULES } from '../../api/plugins/bodies';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { MSG } from '../../lib/messages';
import { BASE } from '../helpers/api';
import { startServer, type ServerProcess } from '../helpers/server-process';

/** The four routes a signed-out caller can post JSON to. */
const OPEN_JSON_ROUTES = ['/api/login', '/api/register', '/api/contact', '/api/metrics/beacon'];

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

let addresses = 0;
function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const all = {
    'content-type': 'application/json',
    origin: BASE,
    [CLIENT_IP_HEADER]: `198.51.100.${++addresses}`,
    ...headers,
  };
  return app.handle(new Request(`${BASE}${path}`, { method: 'POST', headers: all, body }));
}

/** A body of 8 MiB in 4 KiB chunks, sent without Content-Length (chunked), counting how many were read. */
function long(chunk = 'x') {
  const bytes = new TextEncoder().encode(chunk.repeat(4096).slice(0, 4096));
  const stream = { pulls: 0, cancelled: false, body: null as unknown as ReadableStream<Uint8Array> };
  stream.body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stream.pulls += 1;
        if (stream.pulls > 2048) controller.close();
        else controller.enqueue(bytes);
      },
      cancel() {
        stream.cancelled = true;
      },
    },
    // Nothing is read before someone asks: the pulls count what the server read.
    { highWaterMark: 0 },
  );
  return stream;
}

describe('a hostile JSON body', () => {
  it('100,000 nested brackets are refused (400 or 413), never a 500, on every open JSON route and content type', async () => {
    for (const path of OPEN_JSON_ROUTES) {
      for (const body of [nested(100_000), '['.repeat(100_000)]) {
        for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
          const res = await post(path, body, { 'content-type': type });
          expect([400, 413], `${path} ${type}`).toContain(res.status);
          expect((await res.text()).length).toBeLessThan(200);
        }
      }
    }
  });

  it('a body within the size limit that nests too deep is a 400 saying so, before it is parsed', async () => {
    const res = await post('/api/contact', nested(10_000));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.bodyTooDeep);
    // Brackets inside strings are text, not nesting.
    const text = await post(
      '/api/contact',
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', topic: 'support', message: '['.repeat(4_000) }),
    );
    expect(text.status).toBe(201);
  });

  it('a large flat body is refused by its size with a short answer', async () => {
    const flat = JSON.stringify(Object.fromEntries(Array.from({ length: 250_000 }, (_, i) => [`k${i}`, i])));
    const res = await post('/api/login', flat);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MSG.bodyTooLarge);
  });
});

describe('the size limit', () => {
  it("names only routes that exist, each by Elysia's name for it", () => {
    const routes = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
    for (const name of Object.keys(BODY_RULES)) expect(routes, name).toContain(name);
  });

  it('is judged from Content-Length before a byte is read', async () => {
    const stream = long('{"toolId":1,');
    const res = await post('/api/metrics/beacon', stream.body, { 'content-length': String(10 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MSG.bodyTooLarge);
    expect(stream.pulls).toBe(0);
  });

  it('is counted while reading a body sent without Content-Length, which is then no longer read', async () => {
    for (const path of ['/api/metrics/beacon', '/api/login', '/api/premium/webhook']) {
      const stream = long();
      const res = await post(path, stream.body);
      expect(res.status, path).toBe(413);
      expect(stream.cancelled, path).toBe(true);
      expect(stream.pulls, path).toBeLessThan(100);
    }
  });

  it('fits what each route accepts: a beacon is small, a contact message a few KB', async () => {
    const beacon = await post(
      '/api/metrics/beacon',
      JSON.stringify({ toolId: 1, kind: 'view', pad: 'x'.repeat(2048) }),
    );
    expect(beacon.status).toBe(413);
    const message = { name: 'Ada', email: 'ada@example.com', topic: 'support', message: 'é'.repeat(4_999) };
    expect((await post('/api/contact', JSON.stringify(message))).status).toBe(201);
    expect((await post('/api/contact', JSON.stringify({ ...message, message: 'x'.repeat(100_000) }))).status).toBe(413);
  });

  it('lets a JSON body sent without Content-Length through when it fits', async () => {
    const body = new Blob([JSON.stringify({ email: 'nobody@example.com', password: 'password123' })]).stream();
    const res = await post('/api/login', body);
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.wrongCredentials);
  });
});

describe('a real server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ REBUILD_WORKER: '0' });
  }, 60_000);
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('answers a GET made while a nested body is posted, and the post is refused', async () => {
    const send = (path: string, body: string) =>
      fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // Past each route's size limit, and (the contact form's) within it but too deep.
    const posts = [...OPEN_JSON_ROUTES.map((path) => send(path, nested(30_000))), send('/api/contact', nested(10_000))];
    const get = await fetch(`${server.base}/api/tools?limit=1`);
    expect(get.status).toBe(200);
    for (const res of await Promise.all(posts)) expect([400, 413]).toContain(res.status);
    expect(server.logs().filter((line) => line.level >= 50)).toEqual([]);
  });
});

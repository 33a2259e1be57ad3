// What pages rendered on request cost the server, seen by their callers (docs/decisions/0064): a malformed compare
// or alternatives address is a 404 without a render, each client has a budget of uncached renders (429 past it) while
// kept answers and static files stay served, the process renders a bounded number of pages at once (the rest wait in
// a bounded queue, then 503), a kept page is compressed once, on-demand HTML names its charset, a page changed since
// the live build is kept until a change touches its tags (0090), and a failed render answers 500 (an on-demand page) or
// the static file (a query, a changed page), kept neither way.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Read by api/config.ts at import: a small budget keeps the test short, a static site of one page to serve.
const renders = await vi.hoisted(async () => {
  process.env.RENDER_BUDGET_PER_MINUTE = '6';
  process.env.RENDERS_IN_FLIGHT = '2';
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dist = mkdtempSync(`${tmpdir()}/on-demand-limits-`);
  writeFileSync(
    `${dist}/index.html`,
    `<!doctype html><html><head><title>Home</title></head><body>${'home '.repeat(400)}</body></html>`,
  );
  const { mkdirSync } = await import('node:fs');
  mkdirSync(`${dist}/directory`);
  writeFileSync(`${dist}/directory/index.html`, '<!doctype html><title>Directory</title><p>the static directory</p>');
  process.env.DIST_DIR = dist;
  return { active: 0, most: 0, calls: [] as string[], hold: null as Promise<void> | null, fail: false };
});

vi.mock('../../api/publishing/page-renderer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/publishing/page-renderer')>();
  // The real renderer, counted: how many renders ran and how many at once; `hold` keeps them running.
  const counted =
    <A extends [string, ...unknown[]], R>(render: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      renders.calls.push(args[0]);
      renders.active += 1;
      renders.most = Math.max(renders.most, renders.active);
      try {
        if (renders.hold) await renders.hold;
        if (renders.fail) throw new Error('the server build failed');
        return await render(...args);
      } finally {
        renders.active -= 1;
      }
    };
  return { ...actual, renderPage: counted(actual.renderPage) };
});

vi.mock('../../api/publishing/build-files', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/publishing/build-files')>();
  return { ...actual, brotliBytes: vi.fn(actual.brotliBytes), gzipBytes: vi.fn(actual.gzipBytes) };
});

const { handleRequest } = await import('../../api/handler');
const buildFiles = await import('../../api/publishing/build-files');
const { BASE, call, signedIn } = await import('../helpers/api');
const { NO_PASSWORD, makeTool } = await import('../helpers/admin');
const { MSG } = await import('../../lib/messages');

/** Renders that wait their turn past those in flight before the rest are refused (decision 0064). */
const RENDERS_WAITING = 16;

let clients = 0;
/** A client address of its own for each test, so budgets do not carry over. */
const newClient = () => `198.51.100.${++clients}`;
const get = (path: string, client: string, headers: Record<string, string> = {}) =>
  Promise.resolve(handleRequest(new Request(`${BASE}${path}`, { headers }), () => client));
let word = 0;
const distinctQuery = () => `/directory?q=flood${++word}`;

/**
 * A new tool an admin approves through the API: its page is rendered on request until a build covers it. Returns the
 * admin's cookie and the tool's id, for a later edit.
 */
async function approveNewTool(name: string, slug: string, curatorTake: string) {
  const admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  const { id } = await makeTool({ name, slug, tags: ['content-creation'] });
  const body = { curatorTake, qualityScore: 7 };
  expect((await call('POST', `/api/admin/tools/${id}/approve`, { cookie: admin, body })).status).toBe(200);
  return { admin, id };
}

beforeAll(async () => {
  const approved = { status: 'approved' as const, tags: ['content-creation' as const], targetAudience: ['writers'] };
  await makeTool({ ...approved, name: 'Alpha Quill', slug: 'alpha-quill', qualityScore: 8 });
  await makeTool({ ...approved, name: 'Beta Quill', slug: 'beta-quill', qualityScore: 7 });
});

beforeEach(() => {
  renders.calls.length = 0;
  renders.most = 0;
});

describe('addresses of the pages rendered on demand', () => {
  it('answers a 15 KB -vs- chain with 404 and renders nothing', async () => {
    const res = await get(`/compare/${'a-vs-'.repeat(3000)}a`, newClient());
    expect(res.status).toBe(404);
    expect(renders.calls).toEqual([]);
  });

  it('answers 404 without a render for a pair or a slug that breaks the slug rule or is longer than 255', async () => {
    const long = 'a'.repeat(256);
    for (const path of [
      `/compare/alpha-quill-vs-${long}`,
      '/compare/Alpha-Quill-vs-beta-quill',
      '/compare/alpha_quill-vs-beta-quill',
      `/tool/${long}/alternatives`,
      '/tool/Alpha--Quill/alternatives',
    ]) {
      expect((await get(path, newClient())).status, path).toBe(404);
    }
    expect(renders.calls).toEqual([]);
  });

  it('still serves a valid pair and redirects its other order', async () => {
    const client = newClient();
    expect((await get('/compare/alpha-quill-vs-beta-quill', client)).status).toBe(200);
    const other = await get('/compare/beta-quill-vs-alpha-quill', client);
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe('/compare/alpha-quill-vs-beta-quill');
  });
});

describe('on-demand HTML', () => {
  it('names its charset: directory queries, comparisons, alternatives pages', async () => {
    const client = newClient();
    for (const path of ['/directory?q=quill', '/compare/alpha-quill-vs-beta-quill', '/tool/alpha-quill/alternatives']) {
      const res = await get(path, client);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
  });

  it('compresses a kept page once, however often it is asked for', async () => {
    const client = newClient();
    const path = '/directory?q=alpha';
    for (const encoding of ['br', 'gzip']) {
      const brotli = vi.mocked(buildFiles.brotliBytes);
      const gzip = vi.mocked(buildFiles.gzipBytes);
      brotli.mockClear();
      gzip.mockClear();
      const bodies: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(path, client, { 'accept-encoding': encoding });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        bodies.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
      }
      expect(new Set(bodies).size).toBe(1);
      expect(brotli.mock.calls.length + gzip.mock.calls.length, encoding).toBe(1);
    }
  });
});

describe('the render budget of a client', () => {
  it('answers 429 with Retry-After past the budget, and changes nothing for another client', async () => {
    const client = newClient();
    for (let i = 0; i < 6; i++) expect((await get(distinctQuery(), client)).status).toBe(200);
    const res = await get(distinctQuery(), client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(MSG.tooManyPageRenders);
    expect(renders.calls.length).toBe(6);
    expect((await get(distinctQuery(), newClient())).status).toBe(200);
  });

  it('still serves kept pages and static files past the budget', async () => {
    const client = newClient();
    const kept = '/compare/alpha-quill-vs-beta-quill';
    expect((await get(kept, client)).status).toBe(200);
    expect((await get('/directory?q=beta', client)).status).toBe(200);
    while ((await get(distinctQuery(), client)).status === 200);
    expect((await get(distinctQuery(), client)).status).toBe(429);
    expect((await get(kept, client)).status).toBe(200);
    expect((await get('/directory?q=beta', client)).status).toBe(200);
    const home = await get('/', client);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Home</title>');
  });
});

describe('the render budget and Open Graph images', () => {
  it('counts the render of an image against it, and serves a kept image past it', async () => {
    const client = newClient();
    const kept = '/og/tool/alpha-quill.png';
    expect((await get(kept, client)).status).toBe(200);
    while ((await get(distinctQuery(), client)).status === 200);
    const refused = await get('/og/tool/beta-quill.png', client);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.tooManyPageRenders);
    const again = await get(kept, client);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('image/png');
  });
});

describe('renders in flight', () => {
  it('runs at most RENDERS_IN_FLIGHT at once, queues RENDERS_WAITING more and answers the rest 503 with Retry-After', async () => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    renders.hold = held;
    const asked = 2 + RENDERS_WAITING + 5;
    const answers = Array.from({ length: asked }, () => get(distinctQuery(), newClient()));
    // The refused answer at once, while the others are held.
    const early = await Promise.race(answers);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(await early.text()).toBe(MSG.databaseBusy);
    await vi.waitFor(() => expect(renders.active).toBe(2));
    // Static files are answered while the renders are held.
    expect((await get('/', newClient())).status).toBe(200);
    renders.hold = null;
    release();
    const statuses = (await Promise.all(answers)).map((res) => res.status);
    expect(statuses.filter((s) => s === 200).length).toBe(2 + RENDERS_WAITING);
    expect(statuses.filter((s) => s === 503).length).toBe(5);
    expect(renders.most).toBe(2);
  });
});

describe('a page changed since the live build', () => {
  it('is rendered once for a burst of visitors, and every one of them gets it', async () => {
    await approveNewTool('Burst Quill', 'burst-quill', 'Drafts in bursts.');
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    renders.hold = held;
    // More visitors than the process renders at once and lets wait: a shared link just after the approval.
    const answers = Array.from({ length: 2 + RENDERS_WAITING + 5 }, () => get('/tool/burst-quill', newClient()));
    await vi.waitFor(() => expect(renders.active).toBeGreaterThan(0));
    renders.hold = null;
    release();
    const pages = await Promise.all(answers);
    expect(pages.map((res) => res.status)).toEqual(pages.map(() => 200));
    for (const page of pages) expect(await page.text()).toContain('Drafts in bursts.');
    expect(renders.calls.filter((path) => path === '/tool/burst-quill')).toHaveLength(1);
  });

  it('is kept while its tags stay: answered past the budget, and an edit is seen at once', async () => {
    const { admin, id } = await approveNewTool('Kept Quill', 'kept-quill', 'Keeps its drafts.');
    const client = newClient();
    // More visits than the client's budget of 6 renders: one render, the rest its kept answer.
    for (let i = 0; i < 9; i++) {
      const page = await get('/tool/kept-quill', client);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Keeps its drafts.');
    }
    expect(renders.calls).toEqual(['/tool/kept-quill']);
    // An edit touches its tag: the next visit renders it again.
    const description = 'Now keeps whole notebooks.';
    const edited = await call('PATCH', `/api/admin/tools/${id}`, { cookie: admin, body: { description } });
    expect(edited.status).toBe(200);
    expect(await (await get('/tool/kept-quill', client)).text()).toContain(description);
    expect(renders.calls).toEqual(['/tool/kept-quill', '/tool/kept-quill']);
  });
});

describe('a page rendered on request and not kept yet', () => {
  it('is rendered once for a burst of visitors, and every one of them gets it', async () => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    renders.hold = held;
    const query = distinctQuery();
    const answers = Array.from({ length: 2 + RENDERS_WAITING + 5 }, () => get(query, newClient()));
    await vi.waitFor(() => expect(renders.active).toBeGreaterThan(0));
    renders.hold = null;
    release();
    const pages = await Promise.all(answers);
    expect(pages.map((res) => res.status)).toEqual(pages.map(() => 200));
    expect(renders.calls).toHaveLength(1);
  });
});

describe('a kept render and the changes (the one freshness rule)', () => {
  it('is rendered again after a change that touches a tag it read, and only then', async () => {
    const { db } = await import('../../db/client');
    const { requestRebuild } = await import('../../api/publishing/rebuild-queue');
    const { postChangeTags, toolChangeTags } = await import('../../lib/cache-tags');
    const client = newClient();
    const pages = ['/compare/alpha-quill-vs-beta-quill', '/directory?q=quill', '/auth?tab=register'];
    for (const path of pages) expect((await get(path, client)).status, path).toBe(200);
    expect(renders.calls).toEqual(pages);

    // A published post touches no tool: every kept render stays.
    await requestRebuild('post published: kept-news', db, postChangeTags('kept-news'));
    for (const path of pages) expect((await get(path, client)).status, path).toBe(200);
    expect(renders.calls).toEqual(pages);

    // A tool of the comparison changes: the comparison and the directory (it lists tools) are rendered again; the
    // sign-up page, which reads no tool, is not.
    await requestRebuild('tool edited: beta-quill', db, toolChangeTags('beta-quill', ['content-creation']));
    for (const path of pages) expect((await get(path, client)).status, path).toBe(200);
    expect(renders.calls).toEqual([...pages, '/compare/alpha-quill-vs-beta-quill', '/directory?q=quill']);
  });
});

describe('a failed render', () => {
  it('answers 500 for an alternatives page and the static file for a directory query, and is not kept', async () => {
    const { db } = await import('../../db/client');
    const { requestRebuild } = await import('../../api/publishing/rebuild-queue');
    const { toolChangeTags } = await import('../../lib/cache-tags');
    // Whatever an earlier test kept of the alternatives page is dropped: this one renders it.
    await requestRebuild('tool edited: alpha-quill', db, toolChangeTags('alpha-quill', ['content-creation']));
    const client = newClient();
    renders.fail = true;
    try {
      expect((await get('/tool/alpha-quill/alternatives', client)).status).toBe(500);
      const directory = await get('/directory?q=failed', client);
      expect(directory.status).toBe(200);
      expect(await directory.text()).toContain('the static directory');
    } finally {
      renders.fail = false;
    }
    expect((await get('/tool/alpha-quill/alternatives', client)).status).toBe(200);
    expect(await (await get('/directory?q=failed', client)).text()).not.toContain('the static directory');
    expect(renders.calls).toHaveLength(4);
  });

  it('leaves a changed page to its static file (none here: the 404 page), and is not kept', async () => {
    await approveNewTool('Flaky Quill', 'flaky-quill', 'Fails once.');
    const client = newClient();
    renders.fail = true;
    try {
      expect((await get('/tool/flaky-quill', client)).status).toBe(404);
    } finally {
      renders.fail = false;
    }
    expect(await (await get('/tool/flaky-quill', client)).text()).toContain('Fails once.');
    expect(renders.calls).toEqual(['/tool/flaky-quill', '/tool/flaky-quill']);
  });
});

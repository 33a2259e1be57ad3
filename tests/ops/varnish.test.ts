// A real edge cache in front of the server, as a CDN would be: Varnish with xkey running docs/varnish.vcl, the server's
// PURGE_COMMAND set to scripts/purge-varnish.ts. A page asked twice is a hit; an approval, an edit, an unlisting and
// a published post each reach the edge within a second, while pages that did not depend on them stay cached; with
// the origin stopped, the edge keeps serving what it holds (grace).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../api/publishing/site-build';
import { freePort } from '../../bench/load';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { signedIn } from '../helpers/api';
import { startServer, until, type ServerProcess } from '../helpers/server-process';
import { startVarnish, varnishAvailable, type Varnish } from '../helpers/varnish';

/** What the issue asks of a purge: the edge answers the new content within this long of the change's answer. */
const FRESH_WITHIN_MS = 1000;
/** CI must run it (.ci/run installs Varnish); elsewhere a machine without varnishd skips it, saying why. */
const runs = varnishAvailable || Boolean(process.env.CI);
if (!runs)
  console.warn('tests/ops/varnish.test.ts skipped: no varnishd here (apt-get install varnish varnish-modules)');

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'edge-'));
let origin: ServerProcess | undefined;
let edge: Varnish | undefined;
let admin = '';
const ids: Record<string, number> = {};

interface EdgeAnswer {
  status: number;
  cache: string | null;
  text: string;
}

async function viaEdge(path: string): Promise<EdgeAnswer> {
  const res = await fetch(`${edge!.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
}

/** A call to the API through the edge (which passes it to the origin), as the admin's browser makes it. */
async function adminCall(method: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${edge!.url}${path}`, {
    method,
    headers: { cookie: admin, 'content-type': 'application/json', origin: edge!.url },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Runs the purge command as the server runs it, with `args`. */
const purgeCommand = (...args: string[]) =>
  Bun.spawnSync([process.execPath, join(ROOT, 'scripts/purge-varnish.ts'), ...args], {
    env: { ...process.env, VARNISH_URL: edge!.url },
  });

/** Polls the edge until `path` answers what `fresh` wants, for at most FRESH_WITHIN_MS. */
const freshAtEdge = (what: string, path: string, fresh: (page: EdgeAnswer) => boolean) =>
  until(what, async () => fresh(await viaEdge(path)), FRESH_WITHIN_MS);

/** Each of `paths` answered from the edge's cache, with the text it had before. */
async function expectStillCached(paths: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(paths)) {
    const page = await viaEdge(path);
    expect({ path, cache: page.cache, same: page.text === text }).toEqual({ path, cache: 'HIT', same: true });
  }
}

beforeAll(async () => {
  if (!runs) return;
  for (const [key, values] of Object.entries({
    edited: { name: 'Edge Easel', slug: 'edge-easel' },
    unlisted: { name: 'Edge Lantern', slug: 'edge-lantern' },
    // In a category no change below touches: its page (and its alternatives) depends on nothing they change.
    steady: { name: 'Edge Steady', slug: 'edge-steady', tags: ['marketing' as const] },
  })) {
    ids[key] = (await makeTool({ status: 'approved', tags: ['design'], ...values })).id;
  }
  ids.pending = (await makeTool({ name: 'Edge Newcomer', slug: 'edge-newcomer', tags: ['design'] })).id;
  ids.tagged = (await makeTool({ name: 'Edge Tagged', slug: 'edge-tagged', tags: ['design'] })).id;
  const dist = join(work, 'dist');
  const built = await buildSite(dist);
  if (!built.ok) throw new Error(built.log);
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  // Varnish first, so the server's public origin (SITE_URL, the Host purges name) is the edge's address.
  const port = await freePort();
  edge = await startVarnish(port);
  origin = await startServer({
    PORT: String(port),
    SITE_URL: edge.url,
    DIST_DIR: dist,
    // No rebuilds: every change stays rendered on demand, so what reaches the edge is the change's purge alone.
    REBUILD_WORKER: '0',
    PURGE_COMMAND: `${process.execPath} ${join(ROOT, 'scripts/purge-varnish.ts')}`,
    VARNISH_URL: edge.url,
  });
  // The edge's probe of /healthz has to see the origin up before it is used.
  await until('the edge to reach the origin', async () => (await viaEdge('/about')).status === 200);
  // Warm, as a server that has been up a while is: its renderer (a first render loads the pages' server build) and the
  // purge command, so the changes below measure the way to the edge.
  expect((await fetch(`${origin.base}/directory?q=warm`)).status).toBe(200);
  expect(purgeCommand(`${edge.url}/never-cached`).exitCode).toBe(0);
}, 90_000);

afterAll(async () => {
  origin?.kill('SIGKILL');
  await edge?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!runs)('Varnish in front of the server', () => {
  it('indexes pages by the tags they carry, so a change reaches pages no URL names: a category and its further pages', async () => {
    // The origin's answer names its tags for both kinds of CDN: Fastly's Surrogate-Key, Cloudflare's Cache-Tag.
    const res = await fetch(`${origin!.base}/tool/edge-steady`, { headers: { host: new URL(edge!.url).host } });
    await res.arrayBuffer();
    const keys = (res.headers.get('surrogate-key') ?? '').split(' ');
    expect(keys).toEqual(expect.arrayContaining(['site', 'tool:edge-steady']));
    expect((res.headers.get('cache-tag') ?? '').split(',')).toEqual(keys);

    await viaEdge('/category/design');
    expect((await viaEdge('/category/design')).cache).toBe('HIT');
    expect(
      await adminCall('POST', `/api/admin/tools/${ids.tagged}/approve`, {
        curatorTake: 'Found by its category.',
        qualityScore: 7,
      }),
    ).toBe(200);
    await freshAtEdge('the approved tool on its category page', '/category/design', (page) =>
      page.text.includes('Edge Tagged'),
    );
  });

  it('caches pages, answers each change within a second while unrelated pages stay cached, and serves stale without the origin', async () => {
    // A page asked twice is a hit the second time.
    const pages = ['/', '/directory', '/about', '/blog', '/tool/edge-easel', '/tool/edge-lantern', '/tool/edge-steady'];
    for (const path of pages) expect((await viaEdge(path)).status, path).toBe(200);
    const before: Record<string, string> = {};
    for (const path of pages) {
      const page = await viaEdge(path);
      expect({ path, cache: page.cache }).toEqual({ path, cache: 'HIT' });
      before[path] = page.text;
    }

    // An approval: the lists of tools show the newcomer.
    expect(
      await adminCall('POST', `/api/admin/tools/${ids.pending}/approve`, {
        curatorTake: 'Arrives at the edge at once.',
        qualityScore: 8,
      }),
    ).toBe(200);
    await freshAtEdge('the approved tool in the directory', '/directory', (page) =>
      page.text.includes('Edge Newcomer'),
    );
    await freshAtEdge('the approved tool on the home page', '/', (page) => page.text.includes('Edge Newcomer'));
    await expectStillCached({
      '/about': before['/about'],
      '/blog': before['/blog'],
      '/tool/edge-steady': before['/tool/edge-steady'],
    });

    // An edit: the tool's page shows the new description.
    const description = 'Now sketches whole storyboards at the edge.';
    expect(await adminCall('PATCH', `/api/admin/tools/${ids.edited}`, { description })).toBe(200);
    await freshAtEdge('the edited description', '/tool/edge-easel', (page) => page.text.includes(description));
    await expectStillCached({ '/about': before['/about'], '/blog': before['/blog'] });

    // An unlisting: the tool's page is gone and the directory no longer lists it.
    expect(await adminCall('POST', `/api/admin/tools/${ids.unlisted}/unlist`, { reason: 'Gone quiet' })).toBe(200);
    await freshAtEdge('the unlisted tool page to be gone', '/tool/edge-lantern', (page) => page.status === 404);
    await freshAtEdge(
      'the directory without the unlisted tool',
      '/directory',
      (page) => !page.text.includes('Edge Lantern'),
    );
    await expectStillCached({
      '/about': before['/about'],
      '/blog': before['/blog'],
      '/tool/edge-steady': before['/tool/edge-steady'],
    });

    // A published post: the blog's index lists it; tool pages do not depend on posts.
    const title = 'Edge caches, purged by tag';
    expect(
      await adminCall('POST', '/api/admin/blog/posts', {
        title,
        content: '<p>Fresh within a second.</p>',
        excerpt: 'Purged.',
        status: 'published',
        tags: ['ai'],
      }),
    ).toBe(200);
    await freshAtEdge('the published post in the blog', '/blog', (page) => page.text.includes(title));
    await expectStillCached({ '/about': before['/about'], '/tool/edge-steady': before['/tool/edge-steady'] });

    // Grace: with the origin stopped, the edge still serves what it holds, even a copy expired since by a soft purge.
    origin!.kill('SIGKILL');
    await origin!.exited;
    const purge = purgeCommand('--soft', `${edge!.url}/about`);
    expect(purge.exitCode, purge.stderr.toString()).toBe(0);
    for (const path of ['/about', '/tool/edge-steady']) {
      const page = await viaEdge(path);
      expect({ path, status: page.status, same: page.text === before[path] }).toEqual({
        path,
        status: 200,
        same: true,
      });
    }
    // A page it never held has nowhere to come from.
    expect((await viaEdge('/privacy')).status).toBeGreaterThanOrEqual(500);
  }, 60_000);
});

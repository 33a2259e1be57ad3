// Instant publishing: a change to a public page is served at once, rendered on demand from the database by the
// same server build that writes the static site, until a rebuild covering it is swapped in.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs, type Tool } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { changedPages, serveChangedPage } from '../../api/publishing/live-pages';
import { buildSite } from '../../api/publishing/site-build';
import { QUIET_PERIOD_MS, runQueuedRebuild } from '../../api/publishing/rebuild-worker';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { SITEMAP_INDEX_PATH, SITEMAP_PATH } from '../../lib/routes';
import {
  postChangeTags,
  SURROGATE_KEY,
  tagsOfHeader,
  toolChangeTags,
  toolEditTags,
  toolTag,
} from '../../lib/cache-tags';
import { readManifest } from '../../api/publishing/build-files';
import { BASE, call, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { parseRss, readSitemap } from '../helpers/xml';

const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/instant-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  handleRequest(new Request(`${BASE}${path}`, { headers }));
const staticFile = (slug: string) => join(dist, 'tool', slug, 'index.html');
const review = { curatorTake: 'A sharp take on drafting contracts.', qualityScore: 8 };

let admin: string;
let listed: Tool;
let edited: Tool;

async function build(): Promise<void> {
  const result = await buildSite(dist);
  if (!result.ok) throw new Error(result.log);
}

/** Every page the site's sitemap lists, with its lastmod, read as a crawler reads it (through the server). */
async function sitemapEntries(): Promise<{ loc: string; lastmod?: string }[]> {
  const files = await readSitemap(`${BASE}${SITEMAP_INDEX_PATH}`, async (url) => {
    const res = await get(new URL(url).pathname);
    expect(res.status, url).toBe(200);
    return res.text();
  });
  return files.flatMap((file) => file.urls.map((u) => ({ loc: new URL(u.loc).pathname, lastmod: u.lastmod })));
}

const sitemapUrls = async () => (await sitemapEntries()).map((entry) => entry.loc);

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  listed = await makeTool({ status: 'approved', name: 'Listed Lens', slug: 'listed-lens', tags: ['design'] });
  edited = await makeTool({ status: 'approved', name: 'Edit Easel', slug: 'edit-easel', tags: ['design'] });
  // Enough pages for a sitemap worth compressing.
  for (let i = 0; i < 8; i++)
    await makeTool({ status: 'approved', name: `Shelf Tool ${i}`, slug: `shelf-tool-${i}`, tags: ['design'] });
  await build();
}, 60_000);

describe('a change is public at once', () => {
  it('serves a tool approved before its static page exists, with its curator take', async () => {
    const pending = await makeTool({ name: 'Fresh Quill', slug: 'fresh-quill' });
    expect((await get('/tool/fresh-quill')).status).toBe(404);
    expect((await call('POST', `/api/admin/tools/${pending.id}/approve`, { cookie: admin, body: review })).status).toBe(
      200,
    );
    expect(existsSync(staticFile('fresh-quill'))).toBe(false);
    const res = await get('/tool/fresh-quill');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('Fresh Quill');
    expect(html).toContain(review.curatorTake);
    // The directory's first page lists it too; the sitemap catches up with the rebuild.
    expect(await (await get('/directory')).text()).toContain('Fresh Quill');
  });

  it('answers 404 for an unlisted tool at once, though its static file still exists', async () => {
    expect((await get('/tool/listed-lens')).status).toBe(200);
    const res = await call('POST', `/api/admin/tools/${listed.id}/unlist`, {
      cookie: admin,
      body: { reason: 'Gone quiet' },
    });
    expect(res.status).toBe(200);
    expect(existsSync(staticFile('listed-lens'))).toBe(true);
    for (const path of ['/tool/listed-lens', '/tool/listed-lens/', '/tool/listed-lens/index.html']) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Page Not Found');
    }
    expect(await (await get('/directory')).text()).not.toContain('Listed Lens');
  });

  it('drops an unlisted tool from the sitemap at once, with its alternatives and comparisons, and lists an approved one', async () => {
    // Both changes above are waiting for the rebuild; the static sitemap still has the one and not the other.
    const staticSitemap = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
    expect(staticSitemap).toContain('/tool/listed-lens<');
    expect(staticSitemap).toMatch(/\/compare\/[^<]*listed-lens/);
    const urls = await sitemapUrls();
    expect(urls).toContain('/tool/fresh-quill');
    expect(urls).toContain('/tool/edit-easel');
    expect(urls.filter((url) => url.includes('listed-lens'))).toEqual([]);
    // The same files under both addresses, as the build writes them.
    expect(await (await get(SITEMAP_PATH)).text()).toBe(await (await get(SITEMAP_INDEX_PATH)).text());
  });

  it('lists in the sitemap at once what an approval brings: the alternatives, the comparisons, the category page dated by it', async () => {
    const entries = (await sitemapEntries()).filter(
      ({ loc }) => loc.includes('fresh-quill') || loc === '/category/design',
    );
    const lastmod = (loc: string) => entries.find((entry) => entry.loc === loc)?.lastmod;
    expect(entries.map((entry) => entry.loc)).toEqual(
      expect.arrayContaining(['/tool/fresh-quill/alternatives', expect.stringMatching(/^\/compare\/.*fresh-quill/)]),
    );
    // The design category's first page shows the new tool, its newest.
    expect(lastmod('/tool/fresh-quill')).toBeTruthy();
    expect(lastmod('/category/design')).toBe(lastmod('/tool/fresh-quill'));
  });

  it('puts a post in the feed at once, written by @astrojs/rss as RSS 2.0, escaped', async () => {
    const title = 'Tools & <Tricks> for "Q3"';
    const res = await call('POST', '/api/admin/blog/posts', {
      cookie: admin,
      body: { title, content: '<p>Body &amp; soul</p>', excerpt: 'Fast & loose', status: 'published', tags: ['ai'] },
    });
    expect(res.status).toBe(200);
    const feed = await get('/rss.xml');
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const { items } = parseRss(await feed.text());
    expect(items[0]).toMatchObject({
      title,
      description: 'Fast & loose',
      category: ['ai'],
      link: expect.stringMatching(/\/blog\/tools-tricks-for-q3$/),
    });
    expect(items[0].guid).toBe(items[0].link);
  });

  it('serves the sitemap as before for a change recorded by a version that named paths, not tags', async () => {
    const before = await (await get(SITEMAP_PATH)).text();
    await db
      .insert(rebuildJobs)
      .values({ reason: 'tool approved: Old Oak', tags: ['/tool/old-oak', '/', '/directory', SITEMAP_PATH] });
    const res = await get(SITEMAP_PATH);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(before);
  });

  it('shows an edited description at once', async () => {
    const description = 'Now drafts whole storyboards from one sentence.';
    const res = await call('PATCH', `/api/admin/tools/${edited.id}`, { cookie: admin, body: { description } });
    expect(res.status).toBe(200);
    expect(readFileSync(staticFile('edit-easel'), 'utf8')).not.toContain(description);
    expect(await (await get('/tool/edit-easel')).text()).toContain(description);
  });
});

describe('a change made by another server process', () => {
  it('serves a tool it just approved at once, not after this process reads the changes within the second', async () => {
    await makeTool({ status: 'approved', name: 'Other Oar', slug: 'other-oar', tags: ['design'] });
    expect((await get('/about')).status).toBe(200); // this process has just read the changes
    // What the approval leaves in the database when another process makes it: this one hears nothing of it.
    await db
      .insert(rebuildJobs)
      .values({ reason: 'tool approved: Other Oar', tags: toolChangeTags('other-oar', ['design']) });
    const res = await get('/tool/other-oar');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Other Oar');
    // A page no change made is still the 404 page.
    expect((await get('/tool/never-made')).status).toBe(404);
  });
});

describe('the static site catches up', () => {
  it('writes the same page as the on-demand render, JSON-LD included, and serves it statically from then on', async () => {
    const onDemand = await (await get('/tool/edit-easel')).text();
    const brotli = await get('/tool/edit-easel', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const etag = brotli.headers.get('etag')!;
    // Its image too, never in a build: a CDN without tags is told its URL as well.
    expect((await changedPages()).paths).toEqual(
      expect.arrayContaining(['/tool/edit-easel', '/og/tool/edit-easel.png']),
    );
    await build();
    // The articles are searched in the database (decision 0087): the build writes no search index.
    expect(existsSync(join(realpathSync(dist), 'pagefind'))).toBe(false);
    // The same bytes under the same ETag: a browser or CDN holding the on-demand copy revalidates with a 304.
    const revalidated = await get('/tool/edit-easel', { 'accept-encoding': 'gzip, br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await changedPages()).toEqual({ tags: [], paths: [] });
    const file = readFileSync(staticFile('edit-easel'), 'utf8');
    expect(file).toBe(onDemand);
    expect(file).toContain('"@type":"SoftwareApplication"');
    expect(await (await get('/tool/edit-easel')).text()).toBe(file);
    // The unlisted tool's page is gone from the new build; the approved one is there.
    expect(existsSync(staticFile('listed-lens'))).toBe(false);
    expect(existsSync(staticFile('fresh-quill'))).toBe(true);
    expect((await get('/tool/listed-lens')).status).toBe(404);
    // And so in the sitemap, which the build wrote into the folder's manifest, pre-compressed like the pages.
    const urls = await sitemapUrls();
    expect(urls).toContain('/tool/fresh-quill');
    expect(urls).toContain('/tool/edit-easel');
    expect(urls).not.toContain('/tool/listed-lens');
    const manifest = (await readManifest(realpathSync(dist)))!;
    for (const file of ['sitemap-index.xml', 'sitemap.xml', 'sitemap-0.xml', 'rss.xml'])
      expect(manifest.get(file)?.type, file).toBe('application/xml; charset=utf-8');
    expect(manifest.get('sitemap-0.xml')?.br).toBeGreaterThan(0);
    const encoded = await get('/sitemap-0.xml', { 'accept-encoding': 'br' });
    expect(encoded.headers.get('content-encoding')).toBe('br');
  }, 60_000);

  it('tags the sitemap with what every change of what it lists names, so a CDN in front drops it at once', async () => {
    // What an approval or unlisting, an edit of a description, and a published post each name.
    const changes = [
      toolChangeTags('any-tool', ['design']),
      toolEditTags('any-tool', ['description'], []),
      postChangeTags('any-post'),
    ];
    for (const path of [SITEMAP_INDEX_PATH, SITEMAP_PATH, '/sitemap-0.xml']) {
      const tags = tagsOfHeader((await get(path)).headers.get(SURROGATE_KEY));
      for (const named of changes)
        expect(
          named.some((tag) => tags.includes(tag)),
          `${path}: ${named}`,
        ).toBe(true);
    }
  });

  it('a failed build leaves the previous site serving, and the changed page still rendered on demand', async () => {
    const live = realpathSync(dist);
    const description = 'Storyboards, shot lists and now animatics.';
    expect(
      (await call('PATCH', `/api/admin/tools/${edited.id}`, { cookie: admin, body: { description } })).status,
    ).toBe(200);
    const failing = async () => ({ ok: false, dir: '', seconds: 1, log: 'astro: render failed' });
    expect(await runQueuedRebuild(failing, 0)).toBe(true);
    expect(realpathSync(dist)).toBe(live);
    expect(await (await get('/tool/edit-easel')).text()).toContain(description);
    expect((await get('/tool/fresh-quill')).status).toBe(200);
    await db.delete(rebuildJobs);
  });

  it('turns a burst of 20 approvals into one or two builds', async () => {
    const pending = await Promise.all(
      Array.from({ length: 20 }, (_, i) => makeTool({ name: `Burst ${i}`, slug: `burst-${i}` })),
    );
    let builds = 0;
    const counting = async () => (builds++, { ok: true, dir: dist, seconds: 0, log: '' });
    const polls: Promise<boolean>[] = [];
    for (const tool of pending) {
      expect((await call('POST', `/api/admin/tools/${tool.id}/approve`, { cookie: admin, body: review })).status).toBe(
        200,
      );
      // The worker polls while the burst goes on.
      polls.push(runQueuedRebuild(counting));
    }
    await Promise.all(polls);
    await new Promise((resolve) => setTimeout(resolve, QUIET_PERIOD_MS + 50));
    await runQueuedRebuild(counting);
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
    const jobs = await db.select().from(rebuildJobs).where(eq(rebuildJobs.status, 'succeeded'));
    expect(jobs.length).toBe(20);
    // Every one of them was public before any build ran.
    for (const tool of pending.slice(0, 3)) expect((await get(`/tool/${tool.slug}`)).status).toBe(200);
  });

  it('a rebuild request rolled back with its change does not keep every request waiting for it', async () => {
    const doomed = db.transaction(async (tx) => {
      await requestRebuild('tool edited: never', tx, [toolTag('never')]);
      throw new Error('the change failed');
    });
    await expect(doomed).rejects.toThrow('the change failed');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await get('/about'); // the once-a-second check of other processes' changes, in the background
    await new Promise((resolve) => setTimeout(resolve, 100)); // which has finished
    // Answered at once, without waiting for a read of the changes (a promise would be such a wait).
    for (let i = 0; i < 5; i++) expect(serveChangedPage(new Request(`${BASE}/about`), '/about')).toBeNull();
    expect((await changedPages()).tags).not.toContain(toolTag('never'));
  });
});

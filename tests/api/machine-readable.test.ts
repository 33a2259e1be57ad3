// The pages for machines: /llms.txt, the Markdown version of each tool page (/tool/{slug}.md) and the feeds of newly
// approved tools (JSON Feed 1.1 and RSS 2.0), exported with the site, served with their content types, and current
// at once after a change (on demand until the rebuild lands).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { editorialReviews, type Tool } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { buildSite } from '../../api/publishing/site-build';
import { CATEGORIES } from '../../lib/categories';
import { BASE, call, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { parseRss, readSitemap } from '../helpers/xml';

const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/machine-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  handleRequest(new Request(`${BASE}${path}`, { headers }));
const DAY = 86_400_000;

let admin: string;
let top: Tool;
let plain: Tool;
let pending: Tool;

interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_text: string;
  summary: string;
  image: string;
  date_published: string;
  date_modified: string;
  tags: string[];
}

async function build() {
  const result = await buildSite(dist);
  if (!result.ok) throw new Error(result.log);
  return result;
}

/** A JSON Feed 1.1 as a reader checks it: version, title, items each with an id and content, RFC 3339 dates. */
function readJsonFeed(text: string): { title: string; home_page_url: string; feed_url: string; items: JsonFeedItem[] } {
  const feed = JSON.parse(text);
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
  expect(typeof feed.title).toBe('string');
  expect(Array.isArray(feed.items)).toBe(true);
  for (const item of feed.items) {
    expect(typeof item.id).toBe('string');
    expect(typeof item.content_text === 'string' || typeof item.content_html === 'string').toBe(true);
    for (const date of [item.date_published, item.date_modified])
      expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  }
  return feed;
}

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  top = await makeTool({
    status: 'approved',
    name: 'Top [Tier] *Tool*',
    slug: 'top-tier-tool',
    tags: ['development', 'productivity'],
    pricingModel: 'freemium',
    targetAudience: ['developers'],
    qualityScore: 9,
    curatorTake: 'Now the pick for code review.',
    approvedAt: new Date(Date.now() - 20 * DAY),
  });
  await db.insert(editorialReviews).values([
    { toolId: top.id, curatorTake: 'Promising, slow.', qualityScore: 7, reviewedAt: new Date(Date.now() - 20 * DAY) },
    {
      toolId: top.id,
      curatorTake: 'Now the pick for code review.',
      qualityScore: 9,
      reviewedAt: new Date(Date.now() - 2 * DAY),
      isFollowUp: true,
    },
  ]);
  plain = await makeTool({
    status: 'approved',
    name: 'Plain Pencil',
    slug: 'plain-pencil',
    qualityScore: 6,
    approvedAt: new Date(Date.now() - DAY),
  });
  pending = await makeTool({ name: 'Queued Quill', slug: 'queued-quill', tags: ['marketing'] });
  await build();
}, 120_000);

describe('/llms.txt', () => {
  it('says what the directory is and links every category page and the top tools', async () => {
    const res = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^# AI Tools Directory\n\n> A human-vetted directory of AI tools/);
    for (const { id, label } of CATEGORIES) expect(text).toContain(`- [${label}](${BASE}/category/${id})`);
    expect(text).toContain(
      `- [Top \\[Tier\\] \\*Tool\\*](${BASE}/tool/top-tier-tool.md): A helpful AI tool for testing purposes. (rated 9/10)`,
    );
    expect(text.indexOf('top-tier-tool.md')).toBeLessThan(text.indexOf('plain-pencil.md'));
    expect(existsSync(join(dist, 'llms.txt'))).toBe(true);
  });
});

describe('/tool/{slug}.md', () => {
  it('is the tool page in Markdown, exported as a static file with its content type', async () => {
    const res = await get('/tool/top-tier-tool.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text).toBe(readFileSync(join(dist, 'tool/top-tier-tool.md'), 'utf8'));
    expect(text).toMatch(/^# Top \\\[Tier\\\] \\\*Tool\\\*\n/);
    expect(text).toContain('- Categories: Development, Productivity');
    expect(text).toContain('- Pricing: Freemium');
    expect(text).toContain('- Editor rating: 9/10');
    expect(text).toContain(`- Page: ${BASE}/tool/top-tier-tool`);
    expect(text).toContain("## Editor's Review\n\nNow the pick for code review.");
    const history = text.slice(text.indexOf('## Review History'));
    // Like the page, the history lists the reviews before the one the Editor's Review shows.
    expect(text.split('Now the pick for code review.')).toHaveLength(2);
    expect(history).toMatch(/^## Review History\n\n- .*first review, rated 7\/10: Promising, slow\.\n$/);
  });

  it('is linked from the page, and is not in the sitemap or the search index', async () => {
    const html = await (await get('/tool/top-tier-tool')).text();
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/tool/top-tier-tool.md"');
    const files = await readSitemap(`${BASE}/sitemap-index.xml`, async (url) =>
      (await get(new URL(url).pathname)).text(),
    );
    const urls = files.flatMap((f) => f.urls.map((u) => new URL(u.loc).pathname));
    expect(urls).toContain('/tool/top-tier-tool');
    expect(urls.filter((u) => u.endsWith('.md'))).toEqual([]);
  });
});

describe('the feeds of newly approved tools', () => {
  it('are a JSON Feed 1.1 and RSS 2.0, newest approval first, linked from the home page and the directory', async () => {
    const json = await get('/tools/feed.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = readJsonFeed(await json.text());
    expect(feed.feed_url).toBe(`${BASE}/tools/feed.json`);
    expect(feed.items.map((i) => i.title)).toEqual(['Plain Pencil', 'Top [Tier] *Tool*']);
    expect(feed.items[1]).toMatchObject({
      id: `${BASE}/tool/top-tier-tool`,
      url: `${BASE}/tool/top-tier-tool`,
      image: `${BASE}/og/tool/top-tier-tool.png`,
      tags: ['development', 'productivity'],
    });
    expect(feed.items[1].summary).toBe('Rated 9/10 by our editors. A helpful AI tool for testing purposes.');

    const rss = await get('/tools/rss.xml');
    expect(rss.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const channel = parseRss(await rss.text());
    expect(channel.link).toBe(`${BASE}/directory`);
    expect(channel.items.map((i) => i.title)).toEqual(['Plain Pencil', 'Top [Tier] *Tool*']);
    expect(channel.items[1]).toMatchObject({
      link: `${BASE}/tool/top-tier-tool`,
      category: ['Development', 'Productivity'],
    });

    for (const page of ['/', '/directory']) {
      const html = await (await get(page)).text();
      expect(html).toContain(
        '<link rel="alternate" type="application/feed+json" title="AI Tools Directory: newly approved tools" href="/tools/feed.json">',
      );
      expect(html).toContain(
        '<link rel="alternate" type="application/rss+xml" title="AI Tools Directory: newly approved tools" href="/tools/rss.xml">',
      );
    }
  });
});

describe('the icons and the web app manifest', () => {
  it('are files of the site with their types, named in every page head', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    const icoBytes = Buffer.from(await ico.arrayBuffer());
    expect([...icoBytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(icoBytes.readUInt16LE(4)).toBeGreaterThan(0);

    const touch = await get('/apple-touch-icon.png');
    expect(touch.status).toBe(200);
    expect(touch.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await touch.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 180,
      height: 180,
    });

    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'AI Tools Directory', start_url: '/', display: 'browser' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const file = await get(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
    }

    const html = await (await get('/about')).text();
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}">/);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the public API, its reference and document, and keeps the private calls and screens out', async () => {
    const text = await (await get('/robots.txt')).text();
    const rules = text.split('\n').filter((line) => /^(Allow|Disallow):/.test(line));
    for (const path of ['/api/v1/', '/api/docs', '/api/openapi.json']) expect(rules).toContain(`Allow: ${path}`);
    for (const path of ['/api/', '/admin', '/dashboard', '/auth']) expect(rules).toContain(`Disallow: ${path}`);
    // The Allow lines come first: crawlers that take the first matching rule (not the longest) read them too.
    expect(rules.indexOf('Allow: /api/v1/')).toBeLessThan(rules.indexOf('Disallow: /api/'));
  });
});

describe('the footer', () => {
  it('links the feeds, llms.txt and the API reference on every public page', async () => {
    for (const page of ['/', '/tool/top-tier-tool']) {
      const html = await (await get(page)).text();
      const footer = html.slice(html.indexOf('<footer'));
      for (const href of ['/rss.xml', '/tools/rss.xml', '/tools/feed.json', '/llms.txt', '/api/docs'])
        expect(footer, `${page} ${href}`).toContain(`href="${href}"`);
    }
  });
});

describe('after a change, before the rebuild', () => {
  it('lists a newly approved tool at once, with its Markdown page', async () => {
    expect((await get('/tool/queued-quill.md')).status).toBe(404);
    const res = await call('POST', `/api/admin/tools/${pending.id}/approve`, {
      cookie: admin,
      body: { curatorTake: 'Sharp campaign drafts.', qualityScore: 8 },
    });
    expect(res.status).toBe(200);
    expect(readJsonFeed(await (await get('/tools/feed.json')).text()).items[0].title).toBe('Queued Quill');
    expect(parseRss(await (await get('/tools/rss.xml')).text()).items[0].title).toBe('Queued Quill');
    expect(await (await get('/llms.txt')).text()).toContain('/tool/queued-quill.md');
    const md = await get('/tool/queued-quill.md');
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toContain('Sharp campaign drafts.');
  });

  it("answers 404 for an unlisted tool's Markdown at once and drops it from the feeds", async () => {
    const res = await call('POST', `/api/admin/tools/${plain.id}/unlist`, {
      cookie: admin,
      body: { reason: 'Gone quiet' },
    });
    expect(res.status).toBe(200);
    expect(existsSync(join(dist, 'tool/plain-pencil.md'))).toBe(true);
    expect((await get('/tool/plain-pencil.md')).status).toBe(404);
    expect(readJsonFeed(await (await get('/tools/feed.json')).text()).items.map((i) => i.title)).not.toContain(
      'Plain Pencil',
    );
    expect(await (await get('/llms.txt')).text()).not.toContain('plain-pencil');
  });

  it('rebuilds with the Markdown pages of unchanged tools reused, not rendered again', async () => {
    const result = await build();
    expect(existsSync(join(dist, 'tool/plain-pencil.md'))).toBe(false);
    expect(readFileSync(join(dist, 'tool/queued-quill.md'), 'utf8')).toContain('Sharp campaign drafts.');
    // top-tier-tool's page and Markdown are reused; queued-quill's are new.
    expect(result.stats!.reused).toBeGreaterThanOrEqual(2);
  });
});

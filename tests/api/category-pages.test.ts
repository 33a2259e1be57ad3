// Category pages: exported with paging, canonical and ItemList JSON-LD, in the sitemap, and re-rendered on demand
// (every page of the tool's categories) when a change to a tool moves it, until the rebuild lands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handleRequest } from '../../api/handler';
import { buildSite } from '../../api/publishing/site-build';
import { CATEGORY_PAGE_SIZE } from '../../lib/category-pages';
import { SITEMAP_INDEX_PATH } from '../../lib/routes';
import { toolChangeTags } from '../../lib/cache-tags';
import { BASE, call, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { readSitemap } from '../helpers/xml';
import type { Tool } from '../../db/schema';

const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/category-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

const get = (path: string) => handleRequest(new Request(`${BASE}${path}`));
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

let admin: string;
let low: Tool;

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  // One full page of design tools scored 9, and one more scored 2: it is alone on page 2.
  for (let i = 0; i < CATEGORY_PAGE_SIZE; i++)
    await makeTool({
      status: 'approved',
      name: `Design Nine ${i}`,
      slug: `design-nine-${i}`,
      tags: ['design'],
      qualityScore: 9,
    });
  low = await makeTool({
    status: 'approved',
    name: 'Low Loom',
    slug: 'low-loom',
    tags: ['design', 'marketing'],
    qualityScore: 2,
  });
  await makeTool({ status: 'approved', name: 'Mark Maker', slug: 'mark-maker', tags: ['marketing'], qualityScore: 6 });
  const result = await buildSite(dist);
  if (!result.ok) throw new Error(result.log);
}, 90_000);

describe('category pages', () => {
  it('exports page 1 with the intro, a full page of cards, rel=next, canonical and ItemList JSON-LD', async () => {
    const html = readFileSync(join(dist, 'category/design/index.html'), 'utf8');
    expect(html).toContain('data-testid="category-intro"');
    expect(html.match(/data-testid="tool-card"/g)).toHaveLength(CATEGORY_PAGE_SIZE);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/category/design">`);
    expect(html).toContain(`<link rel="next" href="${BASE}/category/design/2">`);
    expect(html).not.toContain('rel="prev"');
    const [page, crumbs] = jsonLdOf(html);
    expect(page['@type']).toBe('CollectionPage');
    expect(page.mainEntity.itemListElement[0]).toMatchObject({
      position: 1,
      url: expect.stringMatching(/\/tool\/design-nine-[0-9]+$/),
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(html).not.toContain('Low Loom');
  });

  it('exports page 2 with rel=prev, positions that continue from page 1, and 404s past the last page', async () => {
    const res = await get('/category/design/2');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Low Loom');
    expect(html).toContain(`<link rel="prev" href="${BASE}/category/design">`);
    expect(html).not.toContain('rel="next"');
    expect(jsonLdOf(html)[0].mainEntity.itemListElement[0].position).toBe(CATEGORY_PAGE_SIZE + 1);
    for (const path of ['/category/design/3', '/category/design/1', '/category/nope', '/category/design/x'])
      expect((await get(path)).status, path).toBe(404);
  });

  it('lists every category page in the sitemap', async () => {
    const files = await readSitemap(`${BASE}${SITEMAP_INDEX_PATH}`, async (url) =>
      (await get(new URL(url).pathname)).text(),
    );
    const urls = files.flatMap((file) => file.urls.map((u) => new URL(u.loc).pathname));
    for (const path of ['/category/design', '/category/design/2', '/category/marketing', '/category/productivity'])
      expect(urls).toContain(path);
  });

  it('re-renders the pages of the tool’s categories at once when its score moves it', async () => {
    expect(
      (await call('PATCH', `/api/admin/tools/${low.id}`, { cookie: admin, body: { qualityScore: 10 } })).status,
    ).toBe(200);
    // Static files still have the old order; the server renders every page of both categories on demand.
    expect(readFileSync(join(dist, 'category/design/index.html'), 'utf8')).not.toContain('Low Loom');
    const first = await (await get('/category/design')).text();
    expect(first).toContain('Low Loom');
    expect(await (await get('/category/design/2')).text()).not.toContain('Low Loom');
    expect(await (await get('/category/marketing')).text()).toMatch(/Low Loom[\s\S]*Mark Maker/);
  });
});

describe('change tags', () => {
  it('name the tool, the lists of tools, the sitemap, and each of its categories before and after, once', () => {
    expect(toolChangeTags('x', ['design', 'marketing', 'design'])).toEqual([
      'tool:x',
      'tools',
      'sitemap',
      'category:design',
      'category:marketing',
    ]);
  });

  it("every page of a category carries its category's tag, which a change of any of its tools touches", async () => {
    for (const path of ['/category/design', '/category/design/2']) {
      expect((await get(path)).headers.get('surrogate-key')?.split(' ')).toContain('category:design');
    }
    expect((await get('/category/marketing')).headers.get('surrogate-key')?.split(' ')).not.toContain(
      'category:design',
    );
  });
});

// The sitemap's files as its pages render them: an index and its sitemaps, every page once with its lastmod, split
// under the protocol's 50,000 URLs per file, and the same index at /sitemap.xml.
import { describe, expect, it } from 'vitest';
import { SITEMAP_ENTRY_LIMIT, sitemapFiles, type SitemapPage } from '../../db/queries/sitemap';
import { fixedPagePaths, SITEMAP_INDEX_PATH, SITEMAP_PAGES, sitemapFilePath } from '../../lib/routes';
import { sitemapIndexResponse, sitemapResponse } from '../../site/components/sitemap';
import { readSitemap } from '../helpers/xml';

const SITE = new URL('https://tools.example.com');

/** What the index and each file answer, by URL, as the pages render them from `pages` cut `limit` to a file. */
async function rendered(pages: SitemapPage[], limit?: number): Promise<Map<string, string>> {
  const files = sitemapFiles(pages, limit);
  const answers = new Map([[new URL(SITEMAP_INDEX_PATH, SITE).href, await sitemapIndexResponse(SITE, files)]]);
  for (const [n, file] of files.entries())
    answers.set(new URL(sitemapFilePath(n), SITE).href, await sitemapResponse(SITE, file));
  const texts = new Map<string, string>();
  for (const [url, res] of answers) {
    expect(res.headers.get('content-type'), url).toBe('application/xml; charset=utf-8');
    texts.set(url, await res.text());
  }
  return texts;
}

/** Reads the rendered files as a crawler would read them from the site. */
const reader = (texts: Map<string, string>) => async (url: string) => {
  const text = texts.get(url);
  expect(text, url).toBeDefined();
  return text!;
};

const toolPages = (n: number, lastmod: (i: number) => string | null = () => null): SitemapPage[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/tool/tool-${String(i).padStart(6, '0')}`, lastmod: lastmod(i) }));

describe('SITEMAP_PAGES', () => {
  it('are pages of site/pages', async () => {
    expect(fixedPagePaths()).toEqual(expect.arrayContaining([...SITEMAP_PAGES]));
  });
});

describe('the sitemap pages', () => {
  it('render an index of sitemaps that list every page once, with its lastmod', async () => {
    const pages: SitemapPage[] = [
      { path: '/', lastmod: '2025-03-04T05:06:07.000Z' },
      { path: '/blog/first-post', lastmod: '2025-01-01T00:00:00.000Z' },
      { path: '/pricing', lastmod: null },
      ...toolPages(5, (i) => `2025-02-0${i + 1}T00:00:00.000Z`),
    ];
    const texts = await rendered(pages, 3);
    const files = await readSitemap(`${SITE.origin}${SITEMAP_INDEX_PATH}`, reader(texts));
    expect(files.map((f) => f.loc)).toEqual([0, 1, 2].map((i) => `${SITE.origin}/sitemap-${i}.xml`));
    expect(files.map((f) => f.urls.length)).toEqual([3, 3, 2]);
    const urls = files.flatMap((f) => f.urls);
    // Canonical addresses: no trailing slash but the home page's; in the listing's order.
    expect(urls.map((u) => [u.loc, u.lastmod])).toEqual(
      pages.map((p) => [`${SITE.origin}${p.path}`, p.lastmod ?? undefined]),
    );
    // Each sitemap's lastmod in the index is the newest of its URLs'.
    for (const file of files) {
      const newest = file.urls
        .map((u) => u.lastmod)
        .filter(Boolean)
        .sort()
        .at(-1);
      expect(file.lastmod).toBe(newest);
    }
  });

  it('keep each file under the protocol limit: 100,000 tools go into three sitemaps of at most 45,000', async () => {
    expect(SITEMAP_ENTRY_LIMIT).toBe(45_000);
    const pages = toolPages(100_000);
    const texts = await rendered(pages);
    const files = await readSitemap(`${SITE.origin}${SITEMAP_INDEX_PATH}`, reader(texts));
    expect(files.map((f) => f.urls.length)).toEqual([45_000, 45_000, 10_000]);
    expect(new Set(files.flatMap((f) => f.urls.map((u) => u.loc))).size).toBe(pages.length);
  }, 60_000);
});

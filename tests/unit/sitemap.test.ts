// The sitemap a static export writes: an index and its sitemaps, every page once with its lastmod, split under the
// protocol's 50,000 URLs per file, and the index again at /sitemap.xml, each file with its manifest entry.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentEtag } from '../../api/publishing/build-files';
import { SITEMAP_ENTRY_LIMIT, writeSitemap } from '../../api/publishing/site-sitemap';
import type { SitemapPage } from '../../db/queries/sitemap';
import { fixedPagePaths, SITEMAP_INDEX_PATH, SITEMAP_PAGES, SITEMAP_PATH } from '../../lib/routes';
import { readSitemap } from '../helpers/xml';

const SITE = 'https://tools.example.com';
const dirs: string[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Reads the written files as a crawler would read them from the site. */
const reader = (dir: string) => (url: string) => {
  expect(url.startsWith(`${SITE}/`), url).toBe(true);
  return readFile(join(dir, new URL(url).pathname), 'utf8');
};

const toolPages = (n: number, lastmod: (i: number) => string | null = () => null): SitemapPage[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/tool/tool-${i}`, lastmod: lastmod(i) }));

describe('SITEMAP_PAGES', () => {
  it('are pages of site/pages', async () => {
    expect(fixedPagePaths()).toEqual(expect.arrayContaining([...SITEMAP_PAGES]));
  });
});

describe('writeSitemap', () => {
  it('writes an index of sitemaps that list every page once, with its lastmod, and the same index at /sitemap.xml', async () => {
    const dir = folder();
    const pages: SitemapPage[] = [
      { path: '/', lastmod: '2025-03-04T05:06:07.000Z' },
      { path: '/pricing', lastmod: null },
      { path: '/blog/first-post', lastmod: '2025-01-01T00:00:00.000Z' },
      ...toolPages(5, (i) => `2025-02-0${i + 1}T00:00:00.000Z`),
    ];
    const written = await writeSitemap(dir, SITE, pages, { entryLimit: 3 });
    expect([...written.keys()].sort()).toEqual([
      'sitemap-0.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-index.xml',
      'sitemap.xml',
    ]);
    for (const [file, entry] of written) {
      expect(entry.etag, file).toBe(contentEtag(readFileSync(join(dir, file))));
      expect(entry.type, file).toBe('application/xml; charset=utf-8');
    }
    expect(readFileSync(join(dir, SITEMAP_PATH), 'utf8')).toBe(readFileSync(join(dir, SITEMAP_INDEX_PATH), 'utf8'));

    const files = await readSitemap(`${SITE}${SITEMAP_INDEX_PATH}`, reader(dir));
    expect(files.map((f) => f.loc)).toEqual([0, 1, 2].map((i) => `${SITE}/sitemap-${i}.xml`));
    expect(files.map((f) => f.urls.length)).toEqual([3, 3, 2]);
    const urls = files.flatMap((f) => f.urls);
    // Canonical addresses: no trailing slash but the home page's.
    expect(new Map(urls.map((u) => [u.loc, u.lastmod]))).toEqual(
      new Map(pages.map((p) => [`${SITE}${p.path}`, p.lastmod ?? undefined])),
    );
    expect(urls).toHaveLength(pages.length);
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

  it('writes the same bytes for the same pages in any order, so an unchanged sitemap keeps its ETag', async () => {
    const pages = toolPages(6, (i) => `2025-02-0${i + 1}T00:00:00.000Z`);
    const first = await writeSitemap(folder(), SITE, pages, { entryLimit: 4 });
    const again = await writeSitemap(folder(), SITE, [...pages].reverse(), { entryLimit: 4 });
    expect([...again].map(([file, entry]) => [file, entry.etag])).toEqual(
      [...first].map(([file, entry]) => [file, entry.etag]),
    );
  });

  it('keeps each file under the protocol limit: 100,000 tools go into three sitemaps of at most 45,000', async () => {
    expect(SITEMAP_ENTRY_LIMIT).toBe(45_000);
    const dir = folder();
    const pages = toolPages(100_000);
    const written = await writeSitemap(dir, SITE, pages);
    // Big files go pre-compressed, like the pages.
    expect(written.get('sitemap-0.xml')?.br).toBeGreaterThan(0);
    expect(written.get('sitemap-0.xml')?.gz).toBeGreaterThan(0);
    const files = await readSitemap(`${SITE}${SITEMAP_INDEX_PATH}`, reader(dir));
    expect(files.map((f) => f.urls.length)).toEqual([45_000, 45_000, 10_000]);
    expect(new Set(files.flatMap((f) => f.urls.map((u) => u.loc))).size).toBe(pages.length);
  }, 60_000);
});

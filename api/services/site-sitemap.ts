// The sitemap of a static export. @astrojs/sitemap writes it into the build folder, called as Astro's static build
// would call it when a build is done, with the public pages this export wrote: the pages come from the database, which
// `astro build` never reads (docs/decisions/0032), so its own run of the integration could not list them
// (docs/decisions/0037).
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap, { type SitemapItem, type SitemapOptions } from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { SITEMAP_INDEX_PATH, SITEMAP_PATH } from '../../lib/page-paths';

/**
 * The pages of site/pages that are public and not a tool's or a post's. The rest are private screens (sign-in,
 * dashboard, submit, admin), the 404 page, robots.txt and the feed.
 */
export const SITEMAP_PAGES = ['/', '/directory', '/blog', '/pricing', '/about', '/help', '/contact', '/terms', '/privacy', '/refunds'];

export interface SitemapPage {
  /** The page's path, as its canonical link writes it: /tool/x, no trailing slash. */
  path: string;
  /** When its content last changed, ISO 8601; null when unknown. */
  lastmod: string | null;
}

type Hooks = Required<AstroIntegration['hooks']>;
type HookArgs<K extends keyof Hooks> = Hooks[K] extends (options: infer A) => unknown ? A : never;

/** The integration logs its progress; a warning or an error (no pages, bad options, a failed serialize) fails the export. */
const logger = {
  info: () => {},
  warn: (message: string) => {
    throw new Error(`@astrojs/sitemap: ${message}`);
  },
  error: (message: string) => {
    throw new Error(`@astrojs/sitemap: ${message}`);
  },
};

/**
 * Writes sitemap-index.xml and its sitemap-N.xml files (`entryLimit` URLs each, 45,000 by default) into `outDir`,
 * and sitemap.xml, the same index under the address crawlers were given before. Returns the files written.
 */
export async function writeSitemap(
  outDir: string,
  siteUrl: string,
  pages: SitemapPage[],
  { entryLimit }: { entryLimit?: number } = {},
): Promise<string[]> {
  const lastmod = new Map(pages.map((page) => [new URL(page.path, siteUrl).href, page.lastmod]));
  const options: SitemapOptions = {
    entryLimit,
    // Only the sitemaps namespace: the pages have no news, image, video or language alternates to declare.
    namespaces: { news: false, xhtml: false, image: false, video: false },
    serialize: (item: SitemapItem) => ({ ...item, lastmod: lastmod.get(item.url) ?? undefined }),
  };
  const { hooks } = sitemap(options);
  // No routes from Astro's route table: it lists private screens, and a [slug] route has no address of its own.
  await hooks['astro:routes:resolved']?.({ routes: [], logger } as unknown as HookArgs<'astro:routes:resolved'>);
  const config = { site: siteUrl, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
  await hooks['astro:config:done']?.({ config, logger } as unknown as HookArgs<'astro:config:done'>);
  await hooks['astro:build:done']?.({
    dir: pathToFileURL(`${outDir}/`),
    pages: pages.map((page) => ({ pathname: page.path.slice(1) })),
    logger,
  } as unknown as HookArgs<'astro:build:done'>);
  const index = SITEMAP_INDEX_PATH.slice(1);
  await copyFile(join(outDir, index), join(outDir, SITEMAP_PATH.slice(1)));
  return (await readdir(outDir)).filter((name) => /^sitemap(-index|-\d+)?\.xml$/.test(name)).sort();
}

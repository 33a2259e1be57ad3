// What the sitemap lists, as the database says now: the export writes it and the server answers it between builds
// (docs/decisions/0081). One read of the public tools in the public order gives their pages, the category pages and
// the lists' dates; one of the posts; the alternatives and comparisons are read as the export always read them.
import { eq } from 'drizzle-orm';
import { CATEGORY_IDS } from '../../lib/categories';
import { CATEGORY_MAX_PAGES, CATEGORY_PAGE_SIZE, categoryPageCount, categoryPagePath } from '../../lib/category-pages';
import { SITEMAP_PAGES } from '../../lib/routes';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { readDb, type Database } from '../client';
import { tools } from '../schema';
import { onDemandPages } from './alternatives';
import { listPublishedPosts } from './blog';
import { publicOrder } from './tools';

export interface SitemapPage {
  /** The page's path, as its canonical link writes it: /tool/x, no trailing slash. */
  path: string;
  /** When its content last changed, ISO 8601 in UTC; null when unknown. */
  lastmod: string | null;
}

/** The newest lastmod of `pages` (ISO 8601 in UTC sorts as text); null when none has one. */
export function newestLastmod(pages: readonly Pick<SitemapPage, 'lastmod'>[]): string | null {
  let newest: string | null = null;
  for (const { lastmod } of pages) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}

/** Each category's pages, as categoryPages() cuts them from the same order, dated by the newest tool each shows. */
function categorySitemapPages(ordered: readonly { tags: readonly string[]; lastmod: string }[]): SitemapPage[] {
  return CATEGORY_IDS.flatMap((category) => {
    const listed = ordered
      .filter((tool) => tool.tags.includes(category))
      .slice(0, CATEGORY_PAGE_SIZE * CATEGORY_MAX_PAGES);
    return Array.from({ length: categoryPageCount(listed.length) }, (_, i) => ({
      path: categoryPagePath(category, i + 1),
      lastmod: newestLastmod(listed.slice(i * CATEGORY_PAGE_SIZE, (i + 1) * CATEGORY_PAGE_SIZE)),
    }));
  });
}

/**
 * Every page the sitemap lists: the public pages of one address (the home page and the directory dated by the newest
 * public tool, the blog by the newest published post, the others undated), each public tool's and published post's
 * page dated by its row, the category pages, and the alternatives and compare pages (onDemandPages).
 */
export async function sitemapPages(database: Database = readDb()): Promise<SitemapPage[]> {
  const [toolRows, posts, onDemand] = await Promise.all([
    database
      .select({ slug: tools.slug, tags: tools.tags, updatedAt: tools.updatedAt })
      .from(tools)
      .where(eq(tools.status, PUBLIC_TOOL_STATUS))
      .orderBy(...publicOrder()),
    listPublishedPosts(database),
    onDemandPages(database),
  ]);
  const ordered = toolRows.map((tool) => ({ ...tool, lastmod: tool.updatedAt.toISOString() }));
  const toolPages = ordered.map(({ slug, lastmod }) => ({ path: `/tool/${slug}`, lastmod }));
  const postPages = posts.map((post) => ({
    path: `/blog/${post.slug}`,
    lastmod: new Date(post.updatedAt).toISOString(),
  }));
  const dated: Record<string, string | null> = {
    '/': newestLastmod(toolPages),
    '/directory': newestLastmod(toolPages),
    '/blog': newestLastmod(postPages),
  };
  return [
    ...SITEMAP_PAGES.map((path) => ({ path, lastmod: dated[path] ?? null })),
    ...toolPages,
    ...postPages,
    ...categorySitemapPages(ordered),
    ...onDemand,
  ];
}

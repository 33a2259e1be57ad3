// What the sitemap lists, as the database says now, and how it is cut into files: the sitemap's pages of site/ render
// it (docs/decisions/0081, 0086). One read of the public tools in the public order gives their pages, the category
// pages and the lists' dates; one of the posts; the alternatives and comparisons are read as the export always read them.
import { eq } from 'drizzle-orm';
import { SITEMAP_TAG } from '../../lib/cache-tags';
import { CATEGORY_IDS } from '../../lib/categories';
import { CATEGORY_MAX_PAGES, CATEGORY_PAGE_SIZE, categoryPageCount, categoryPagePath } from '../../lib/category-pages';
import { SITEMAP_INDEX_PATH, SITEMAP_PAGES, SITEMAP_PATH, sitemapFilePath } from '../../lib/routes';
import { PUBLIC_TOOL_STATUS, TOOL_STATUS } from '../../lib/tool-status';
import { readDb } from '../client';
import { collectTags, readTags } from '../page-tags';
import { newsletterIssues, tools } from '../schema';
import { onDemandPages } from './alternatives';
import { listPublishedPosts } from './blog';
import { keptWhileTagsStay } from './kept';
import { publicOrder } from './tools';

/** URLs per sitemap file: @astrojs/sitemap's default, under the protocol's 50,000 (and its 50 MB at ~110 bytes a URL). */
export const SITEMAP_ENTRY_LIMIT = 45_000;

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

/** What the sitemap lists, in path order (the same pages give the same files), and the tags its files carry. */
export interface SitemapListing {
  pages: SitemapPage[];
  tags: string[];
}

/**
 * Every page the sitemap lists: the public pages of one address (the home page and the directory dated by the newest
 * public tool, the blog by the newest published post, the others undated), each public tool's and published post's
 * page dated by its row, the category pages, and the alternatives and compare pages (onDemandPages).
 */
async function sitemapPages(): Promise<SitemapPage[]> {
  const database = readDb();
  const [toolRows, discontinuedRows, posts, onDemand, issues] = await Promise.all([
    database
      .select({ slug: tools.slug, tags: tools.tags, updatedAt: tools.updatedAt })
      .from(tools)
      .where(eq(tools.status, PUBLIC_TOOL_STATUS))
      .orderBy(...publicOrder()),
    // A discontinued tool's page stays public (docs/decisions/0103): listed, but in no category's pages.
    database
      .select({ slug: tools.slug, updatedAt: tools.updatedAt })
      .from(tools)
      .where(eq(tools.status, TOOL_STATUS.discontinued)),
    listPublishedPosts(database),
    onDemandPages(database),
    // The digest's sent issues (docs/decisions/0107): a send names SITEMAP_TAG.
    database
      .select({ issueDate: newsletterIssues.issueDate, sentAt: newsletterIssues.sentAt })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.status, 'sent')),
  ]);
  const ordered = toolRows.map((tool) => ({ ...tool, lastmod: tool.updatedAt.toISOString() }));
  const toolPages = ordered.map(({ slug, lastmod }) => ({ path: `/tool/${slug}`, lastmod }));
  const discontinuedPages = discontinuedRows.map(({ slug, updatedAt }) => ({
    path: `/tool/${slug}`,
    lastmod: updatedAt.toISOString(),
  }));
  const postPages = posts.map((post) => ({
    path: `/blog/${post.slug}`,
    lastmod: new Date(post.updatedAt).toISOString(),
  }));
  const issuePages = issues.map(({ issueDate, sentAt }) => ({
    path: `/newsletter/${issueDate}`,
    lastmod: sentAt?.toISOString() ?? null,
  }));
  const dated: Record<string, string | null> = {
    '/': newestLastmod(toolPages),
    '/directory': newestLastmod(toolPages),
    '/blog': newestLastmod(postPages),
    '/graveyard': newestLastmod(discontinuedPages),
    '/newsletter/archive': newestLastmod(issuePages),
  };
  return [
    ...SITEMAP_PAGES.map((path) => ({ path, lastmod: dated[path] ?? null })),
    ...toolPages,
    ...discontinuedPages,
    ...postPages,
    ...issuePages,
    ...categorySitemapPages(ordered),
    ...onDemand,
  ];
}

const byPath = (a: SitemapPage, b: SitemapPage) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Kept until a change names SITEMAP_TAG: at 100,000 tools the list takes seconds, and each file of it is a render. */
const kept = keptWhileTagsStay<SitemapListing>(1);
/** The read under way: the files a crawler asks for at once share it. */
let reading: Promise<SitemapListing> | null = null;

/**
 * What the sitemap lists. It records SITEMAP_TAG alone, not the tags of the rows it reads (a tag per tool and post
 * would make a header of megabytes): every change to a public tool or post, or to the editors' picks, names it.
 */
export async function sitemapListing(): Promise<SitemapListing> {
  reading ??= kept('sitemap', async () => {
    readTags([SITEMAP_TAG]);
    const { value: pages } = await collectTags(sitemapPages);
    return { pages: pages.sort(byPath), tags: [SITEMAP_TAG] };
  }).finally(() => {
    reading = null;
  });
  const listing = await reading;
  readTags(listing.tags); // also for a render that joined another's read
  return listing;
}

/** How many files the sitemap of `pages` takes. */
const fileCount = (pages: readonly SitemapPage[], limit = SITEMAP_ENTRY_LIMIT) => Math.ceil(pages.length / limit);

/** The n-th sitemap file's pages (sitemap-{n}.xml); undefined past the last. */
export function sitemapFile(
  pages: readonly SitemapPage[],
  n: number,
  limit = SITEMAP_ENTRY_LIMIT,
): SitemapPage[] | undefined {
  return n < fileCount(pages, limit) ? pages.slice(n * limit, (n + 1) * limit) : undefined;
}

/** The sitemap's files (sitemap-0.xml, sitemap-1.xml…): the listing's pages, `limit` to a file, in order. */
export function sitemapFiles(pages: readonly SitemapPage[], limit = SITEMAP_ENTRY_LIMIT): SitemapPage[][] {
  return Array.from({ length: fileCount(pages, limit) }, (_, n) => sitemapFile(pages, n, limit)!);
}

/** The sitemap's pages for the listing's `pages`: the index, its old address, and each file. */
export function sitemapPaths(pages: readonly SitemapPage[]): string[] {
  return [SITEMAP_INDEX_PATH, SITEMAP_PATH, ...Array.from({ length: fileCount(pages) }, (_, n) => sitemapFilePath(n))];
}

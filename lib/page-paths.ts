// The public pages a change to the catalogue touches: until the next static build lands, the server renders these
// on demand (api/publishing/live-pages.ts), so a change is public at once and nothing stale or missing is served.
// The sitemap is not among them: the static build writes it (api/publishing/site-sitemap.ts), and until the rebuild
// the server adjusts it for the changed tool and post pages (api/publishing/live-sitemap.ts, docs/decisions/0065).
import { categoryPagePath, isCategoryId } from './category-pages';
import { ogImagePath } from './og';

/** The machine-readable pages that list tools: /llms.txt (the top tools) and the feeds of newly approved tools. */
export const TOOL_LIST_FILES = ['/llms.txt', '/tools/feed.json', '/tools/rss.xml'];

/** A path entry ending in this covers the page before it and every page under it: /category/design/* (see coveredBy). */
const UNDER = '/*';

/** Whether a changed-paths entry covers `path`: the same path, or a prefix entry (x/*) covering x and x/... */
export function coveredBy(entry: string, path: string): boolean {
  if (!entry.endsWith(UNDER)) return entry === path;
  const base = entry.slice(0, -UNDER.length);
  return path === base || path.startsWith(`${base}/`);
}

/**
 * A tool's own page, its Markdown version and its Open Graph image (served from the database, always current, but a
 * CDN in front is told to drop it), and the pages that list tools (their cards, counts, order) or link to it: with
 * `categories` (its categories before and after the change), every page of those categories, as one prefix entry
 * each, since a change of score or premium moves tools across all of a category's pages.
 */
export function toolChangePaths(slug: string, categories: readonly string[] = []): string[] {
  const pages = [...new Set(categories)].filter(isCategoryId).map((id) => `${categoryPagePath(id)}${UNDER}`);
  return [`/tool/${slug}`, `/tool/${slug}.md`, ogImagePath('tool', slug), '/', '/directory', ...TOOL_LIST_FILES, ...pages];
}

/** A post's page and its Open Graph image (under each slug it had), and the pages that list posts. */
export function postChangePaths(...slugs: string[]): string[] {
  return [...new Set(slugs)].flatMap((slug) => [`/blog/${slug}`, ogImagePath('blog', slug)]).concat('/blog', '/rss.xml');
}

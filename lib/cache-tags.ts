// The names of what a public page can depend on (api/publishing/README.md, "one freshness rule"): a render records
// the tags of the data it read, a write says which tags it changed, and every page carrying a changed tag is stale.
// The same names go to shared caches in Cache-Tag and Surrogate-Key, and to PURGE_COMMAND.

/** Every page carries it: purging it empties a CDN (a new server build changes every page). */
export const SITE_TAG = 'site';
/** The lists of tools: the home page, the directory, the feeds of new tools, /llms.txt, the alternatives. */
export const TOOLS_TAG = 'tools';
/** The lists of posts: the blog's index, its feed, the home page's latest articles. */
export const POSTS_TAG = 'posts';
/**
 * What the sitemap lists (every public tool's and post's page with its date, the category, alternatives and compare
 * pages): only the sitemap's files carry it, and every change to a public tool or post names it, so the sitemap
 * changes with them without carrying a tag per row.
 */
export const SITEMAP_TAG = 'sitemap';

/** The figures of reader reports (/transparency): named by a change to a report's state (docs/decisions/0101). */
export const REPORTS_TAG = 'reports';

/**
 * The newsletter's archive (docs/decisions/0107): /newsletter/archive, each sent issue's page and the feed. A send names
 * it (with the sitemap, which lists the issues); a sent issue's page never changes after.
 */
export const NEWSLETTER_TAG = 'newsletter';

/** A public tool: its page, its Markdown, its card wherever it is shown, its Open Graph image. */
export const toolTag = (slug: string): string => `tool:${slug}`;

/**
 * Which tools have a verified owner (docs/decisions/0099): the set every card's mark is read from, kept in the process
 * until a change of owners names this tag. No page carries it: each card records its own tool's tag.
 */
export const OWNERS_TAG = 'owners';

/** What a change of a tool's verified owners touches: its pages and cards (its tag), and the kept set of owned tools. */
export const ownerChangeTags = (slug: string): string[] => [toolTag(slug), OWNERS_TAG];
/** A published post: its page, its card, its Open Graph image. */
export const postTag = (slug: string): string => `post:${slug}`;
/** The tools of one category, in the order its pages list them. */
export const categoryTag = (id: string): string => `category:${id}`;
export const isCategoryTag = (tag: string): boolean => tag.startsWith('category:');

/**
 * What a change to a public tool touches: the tool, the lists of tools, the sitemap, and its categories (before and
 * after).
 */
export function toolChangeTags(slug: string, categories: readonly string[] = []): string[] {
  return [...new Set([toolTag(slug), TOOLS_TAG, SITEMAP_TAG, ...categories.map(categoryTag)])];
}

/**
 * A tool's columns that place it in its categories' lists and in the alternatives' pools: which tools are public, their
 * categories and audiences (relevance, lib/alternatives.ts) and the public order (premium, score, approval).
 */
const RANKING_FIELDS: readonly string[] = [
  'status',
  'tags',
  'targetAudience',
  'qualityScore',
  'isPremium',
  'approvedAt',
];

/**
 * What an edit of a public tool touches (`changed`: the columns it changed): the tool's pages and every page showing it
 * (its tag, the lists of tools), and its categories' lists and pools (before and after) only when a changed column
 * places it in them, so a new description does not render again every tool page of its categories.
 */
export function toolEditTags(slug: string, changed: readonly string[], categories: readonly string[]): string[] {
  return toolChangeTags(slug, changed.some((column) => RANKING_FIELDS.includes(column)) ? categories : []);
}

/** The tool or post a tag names (toolTag, postTag); null for a list's or a category's tag. */
export function rowOfTag(tag: string): { kind: 'tool' | 'post'; slug: string } | null {
  const at = tag.indexOf(':');
  if (at < 0) return null;
  const kind = tag.slice(0, at);
  return kind === 'tool' || kind === 'post' ? { kind, slug: tag.slice(at + 1) } : null;
}

/** What a change to a published post touches: the post (under each slug it had), the lists of posts and the sitemap. */
export function postChangeTags(...slugs: string[]): string[] {
  return [...new Set([...slugs.map(postTag), POSTS_TAG, SITEMAP_TAG])];
}

/** The headers that carry a page's tags to shared caches: Surrogate-Key (Fastly, Varnish's xkey) and Cache-Tag (Cloudflare). */
export const SURROGATE_KEY = 'surrogate-key';
export const CACHE_TAG = 'cache-tag';

/** A page's tag headers: every page carries SITE_TAG, then its own tags in a stable order. */
export function tagHeaders(tags: Iterable<string>): Record<string, string> {
  const all = [SITE_TAG, ...[...new Set(tags)].filter((tag) => tag !== SITE_TAG).sort()];
  return { [SURROGATE_KEY]: all.join(' '), [CACHE_TAG]: all.join(',') };
}

/** The tags a page's answer carries (its Surrogate-Key header); empty for an answer without them. */
export function tagsOfHeader(value: string | null | undefined): string[] {
  return value ? value.split(' ').filter(Boolean) : [];
}

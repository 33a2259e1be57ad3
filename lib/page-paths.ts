// The forms of a page's address: the sitemap's, one path per page, and which 404 card a missing one shows.

/** The sitemap index that robots.txt names: @astrojs/sitemap's name for it. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';
/** The sitemap's address before the index: the same index is served here for crawlers that were given it. */
export const SITEMAP_PATH = '/sitemap.xml';

/** One form per page: /tool/x/, /tool/x/index.html and /tool/x are the same page. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}

/** Which card the 404 page shows for a path: a tool's (/tool/, /tools/), a post's (/blog/x), or any page's. */
export type NotFoundKind = 'page' | 'tool' | 'post';

export function notFoundKind(path: string): NotFoundKind {
  return /^\/tools?\//.test(path) ? 'tool' : /^\/blog\/./.test(path) ? 'post' : 'page';
}

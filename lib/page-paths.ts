// The public pages a change to the catalogue touches: until the next static build lands, the server renders these
// on demand (api/services/live-pages.ts), so a change is public at once and nothing stale or missing is served.

/** A tool's own page, and the pages that list tools (their cards, counts, order) or link to it. */
export function toolChangePaths(slug: string): string[] {
  return [`/tool/${slug}`, '/', '/directory', '/sitemap.xml'];
}

/** A post's page (under each slug it had), and the pages that list posts. */
export function postChangePaths(...slugs: string[]): string[] {
  return [...new Set(slugs)].map((slug) => `/blog/${slug}`).concat('/blog', '/rss.xml', '/sitemap.xml');
}

/** One form per page: /tool/x/, /tool/x/index.html and /tool/x are the same page. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}

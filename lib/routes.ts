// The route table: every public URL kind, declared once (docs/decisions/0075). The server's routing (api/handler.ts),
// the dev proxy (astro.config.mjs), the exporter, the on-demand pages, the changed pages and the sitemap all read it.
// Pure: astro.config.mjs, api/ and tests import it.
import { comparePairs } from './alternatives';
import {
  categoryTag,
  NEWSLETTER_TAG,
  POSTS_TAG,
  postTag,
  REPORTS_TAG,
  rowOfTag,
  SITEMAP_TAG,
  TOOLS_TAG,
  toolTag,
} from './cache-tags';
import { FORM_POST_PATHS, PERSONAL_PAGE_PATHS } from './form-pages';

// ---------------------------------------------------------------------------------------------
// Cache policies (Cache-Control values)

export const CACHE = {
  /** Hashed client assets: their name changes with their content. */
  immutable: 'public, max-age=31536000, immutable',
  /**
   * Pages and other unhashed files (docs/decisions/0030): browsers revalidate each time (a 304 is cheap), a shared
   * cache holds the page a minute and may serve it stale for ten more while it revalidates. A purge hook
   * (api/publishing/purge.ts) tells a CDN at once when a page changes.
   */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  /** An address that moved for good (/tools/{slug}, a comparison's other order): a day is enough to learn it. */
  redirect: 'public, max-age=86400',
  /** The 404 page and refusals: a page may exist a second later. */
  none: 'no-store',
} as const;

// ---------------------------------------------------------------------------------------------
// What Elysia answers

/**
 * The kinds Elysia answers, by prefix or exact path, whatever the method; the form posts only when POSTed (GET is the
 * page, lib/form-pages.ts).
 */
const API_ROUTES = [
  { kind: 'api', prefix: '/api/' },
  { kind: 'api', path: '/api' },
  { kind: 'health', path: '/healthz' },
  { kind: 'demoSignIn', prefix: '/auth/demo/' },
  { kind: 'googleSignIn', prefix: '/auth/google' },
  // The link of a verification e-mail: checked by the API, which answers with a page (docs/decisions/0094).
  { kind: 'verifyLink', prefix: '/auth/verify-link/' },
  // The link of a password reset e-mail: checked, its token moved into a cookie, then on to /auth/reset.
  { kind: 'resetLink', prefix: '/auth/reset-link/' },
  { kind: 'uploads', prefix: '/uploads/' },
  // A maker's badge (docs/decisions/0109): drawn by the API for its query (style, theme), kept by its tool's tag.
  { kind: 'badge', prefix: '/badge/' },
  // A featured slot's link in the digest: counted, then on to the tool page (docs/decisions/0110).
  { kind: 'featuredClick', prefix: '/newsletter/featured/' },
] as const;

type ApiKind = (typeof API_ROUTES)[number]['kind'] | 'formPost';

const API_PREFIXES: readonly string[] = API_ROUTES.flatMap((r) => ('prefix' in r ? [r.prefix] : []));
const API_PATHS: readonly string[] = API_ROUTES.flatMap((r) => ('path' in r ? [r.path] : []));

/** Whether Elysia answers `pathname` whatever the method. Allocation-free: it runs on every request. */
function isApiPath(pathname: string): boolean {
  for (const path of API_PATHS) if (pathname === path) return true;
  // A loop, not .some(): no closure made per request on the static path.
  for (const prefix of API_PREFIXES) if (pathname.startsWith(prefix)) return true;
  return false;
}

/**
 * Whether Elysia answers this request: an API path, the post of a form that works without JavaScript, or a page it
 * renders for each visitor.
 */
export function isApiRequest(method: string, pathname: string): boolean {
  return (
    isApiPath(pathname) || (method === 'POST' && FORM_POST_PATHS.has(pathname)) || PERSONAL_PAGE_PATHS.has(pathname)
  );
}

/**
 * What `npm run dev`'s Astro server forwards to the API (scripts/dev.ts), as Vite's `server.proxy`: the same paths as
 * the one server's, the form posts by their method.
 */
export function devProxy(
  target: string,
): Record<string, { target: string; bypass?: (req: { method?: string; url?: string }) => string | undefined }> {
  const proxy: Record<
    string,
    { target: string; bypass?: (req: { method?: string; url?: string }) => string | undefined }
  > = {};
  for (const prefix of API_PREFIXES) proxy[prefix] = { target };
  // A key starting with ^ is a regular expression to Vite: these paths exactly, with or without a query.
  for (const path of API_PATHS) proxy[`^${path}(\\?.*)?$`] = { target };
  // The pages rendered for each visitor, whatever the method; the other form pages only for their POSTs.
  for (const path of PERSONAL_PAGE_PATHS) proxy[`^${path}(\\?.*)?$`] = { target };
  for (const path of FORM_POST_PATHS) {
    if (!PERSONAL_PAGE_PATHS.has(path))
      proxy[`^${path}(\\?.*)?$`] = { target, bypass: (req) => (req.method === 'POST' ? undefined : req.url) };
  }
  return proxy;
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The parameters a page's address holds (its pattern's named groups). */
type RouteParams = Readonly<Record<string, string>>;

export interface PageRoute {
  /** Matches the page's path (pagePath's form: no trailing slash, no index.html); named groups are its parameters. */
  pattern: RegExp;
  /** The path, for a page of one address. */
  path?: string;
  /** The file of site/pages that renders it; null for what the exporter copies (assets) or the server answers itself. */
  file: string | null;
  /** Written by the static export, or rendered when asked for (and kept: api/publishing/kept-renders.ts). */
  render: 'export' | 'request';
  /** Its Cache-Control. */
  cache: string;
  /** Whether the sitemap lists it (the pages of rows: each one the export wrote or the database lists). */
  sitemap: boolean;
  /** Whether a change can make a page of this kind appear (a new tool, post, further category page or sitemap file). */
  madeByChanges?: boolean;
  /** The tags (lib/cache-tags.ts) the page depends on by its address alone. */
  tags(params: RouteParams): string[];
  /** For a page of one tool or post (its tag, `tool:{slug}` or `post:{slug}`): its address for a slug. */
  row?: { kind: 'tool' | 'post'; path(slug: string): string };
}

const none = (): string[] => [];
const exact = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.')}$`);

/** A page of one address, exported, with the page cache. */
function fixed(
  path: string,
  file: string,
  options: { sitemap: boolean; tags?: string[]; cache?: string },
): PageRoute & { path: string } {
  const tags = options.tags ?? [];
  return {
    pattern: exact(path),
    path,
    file,
    render: 'export',
    cache: options.cache ?? CACHE.page,
    sitemap: options.sitemap,
    tags: () => tags,
  };
}

const publicPage = (path: string, file: string) => fixed(path, file, { sitemap: true });
/** Screens of the signed-in (and the sign-in): no content of their own for a crawler. */
const screen = (path: string, file: string) => fixed(path, file, { sitemap: false });

/** A page the server renders for each visitor (PERSONAL_PAGE_PATHS): never exported, kept or cached. */
const personalPage = (path: string, file: string): PageRoute & { path: string } => ({
  pattern: exact(path),
  path,
  file,
  render: 'request',
  cache: CACHE.none,
  sitemap: false,
  tags: none,
});

export const PAGE_ROUTES = {
  home: fixed('/', 'index.astro', { sitemap: true, tags: [TOOLS_TAG, POSTS_TAG] }),
  // With a query it is rendered on request (api/publishing/kept-renders.ts); the bare address is exported.
  directory: fixed('/directory', 'directory.astro', { sitemap: true, tags: [TOOLS_TAG] }),
  tool: {
    pattern: /^\/tool\/(?<slug>[^/.]+)$/,
    file: 'tool/[slug].astro',
    render: 'export',
    cache: CACHE.page,
    sitemap: true,
    madeByChanges: true,
    tags: ({ slug }) => [toolTag(slug)],
    row: { kind: 'tool', path: (slug) => `/tool/${slug}` },
  },
  toolMarkdown: {
    pattern: /^\/tool\/(?<slug>[^/.]+)\.md$/,
    file: 'tool/[slug].md.ts',
    render: 'export',
    cache: CACHE.page,
    sitemap: false,
    madeByChanges: true,
    tags: ({ slug }) => [toolTag(slug)],
    row: { kind: 'tool', path: (slug) => `/tool/${slug}.md` },
  },
  alternatives: {
    pattern: /^\/tool\/(?<slug>[^/]+)\/alternatives$/,
    file: 'tool/[slug]/alternatives.astro',
    render: 'request',
    cache: CACHE.page,
    sitemap: true,
    tags: ({ slug }) => [toolTag(slug), TOOLS_TAG],
  },
  compare: {
    pattern: /^\/compare\/(?<pair>[^/]+)$/,
    file: 'compare/[pair].astro',
    render: 'request',
    cache: CACHE.page,
    sitemap: true,
    // Each way the pair can be read as two slugs (a slug may hold -vs- itself).
    tags: ({ pair }) => [...new Set(comparePairs(pair).flatMap(([a, b]) => [toolTag(a), toolTag(b)]))],
  },
  // "Compare with…" without JavaScript and the three-tool compare (docs/decisions/0108): rendered by the server for each
  // visitor (PERSONAL_PAGE_PATHS: the early-access check reads the session), never exported, kept or cached.
  compareTools: personalPage('/compare', 'compare/index.astro'),
  category: {
    pattern: /^\/category\/(?<id>[^/]+)$/,
    file: 'category/[id].astro',
    render: 'export',
    cache: CACHE.page,
    sitemap: true,
    tags: ({ id }) => [categoryTag(id)],
  },
  categoryPage: {
    pattern: /^\/category\/(?<id>[^/]+)\/(?<page>[0-9]+)$/,
    file: 'category/[id]/[page].astro',
    render: 'export',
    cache: CACHE.page,
    sitemap: true,
    madeByChanges: true,
    tags: ({ id }) => [categoryTag(id)],
  },
  blog: fixed('/blog', 'blog/index.astro', { sitemap: true, tags: [POSTS_TAG] }),
  post: {
    pattern: /^\/blog\/(?<slug>[^/]+)$/,
    file: 'blog/[slug].astro',
    render: 'export',
    cache: CACHE.page,
    sitemap: true,
    madeByChanges: true,
    tags: ({ slug }) => [postTag(slug)],
    row: { kind: 'post', path: (slug) => `/blog/${slug}` },
  },
  blogFeed: fixed('/rss.xml', 'rss.xml.ts', { sitemap: false, tags: [POSTS_TAG] }),
  toolsFeed: fixed('/tools/feed.json', 'tools/feed.json.ts', { sitemap: false, tags: [TOOLS_TAG] }),
  toolsRss: fixed('/tools/rss.xml', 'tools/rss.xml.ts', { sitemap: false, tags: [TOOLS_TAG] }),
  llms: fixed('/llms.txt', 'llms.txt.ts', { sitemap: false, tags: [TOOLS_TAG] }),
  // The discontinued tools and their feed (docs/decisions/0103): a discontinue or revive names TOOLS_TAG.
  graveyard: fixed('/graveyard', 'graveyard.astro', { sitemap: true, tags: [TOOLS_TAG] }),
  graveyardRss: fixed('/graveyard/rss.xml', 'graveyard/rss.xml.ts', { sitemap: false, tags: [TOOLS_TAG] }),
  // The weekly digest's archive (docs/decisions/0107): the sent issues, each issue's page rendered from its snapshot on
  // request and kept (a sent issue never changes), and their feed; a send names NEWSLETTER_TAG and SITEMAP_TAG.
  newsletterArchive: fixed('/newsletter/archive', 'newsletter/archive.astro', {
    sitemap: true,
    tags: [NEWSLETTER_TAG],
  }),
  newsletterRss: fixed('/newsletter/rss.xml', 'newsletter/rss.xml.ts', { sitemap: false, tags: [NEWSLETTER_TAG] }),
  newsletterIssue: {
    pattern: /^\/newsletter\/(?<date>\d{4}-\d{2}-\d{2})$/,
    file: 'newsletter/[date].astro',
    render: 'request',
    cache: CACHE.page,
    sitemap: true,
    tags: () => [NEWSLETTER_TAG],
  },
  robots: fixed('/robots.txt', 'robots.txt.ts', { sitemap: false }),
  manifest: fixed('/manifest.webmanifest', 'manifest.webmanifest.ts', { sitemap: false }),
  // The sitemap (site/pages/sitemap-*.ts): its index under two addresses, and its files, as many as the database's
  // list makes (db/queries/sitemap.ts); a change to what it lists names SITEMAP_TAG.
  sitemapIndex: fixed('/sitemap-index.xml', 'sitemap-index.xml.ts', { sitemap: false, tags: [SITEMAP_TAG] }),
  sitemapAlias: fixed('/sitemap.xml', 'sitemap.xml.ts', { sitemap: false, tags: [SITEMAP_TAG] }),
  sitemapFile: {
    pattern: /^\/sitemap-(?<n>[0-9]+)\.xml$/,
    file: 'sitemap-[n].xml.ts',
    render: 'export',
    cache: CACHE.page,
    sitemap: false,
    madeByChanges: true,
    tags: () => [SITEMAP_TAG],
  },
  ogTool: {
    pattern: /^\/og\/tool\/(?<slug>[^/]+)\.png$/,
    file: 'og/tool/[slug].png.ts',
    render: 'request',
    cache: CACHE.page,
    sitemap: false,
    tags: ({ slug }) => [toolTag(slug)],
    row: { kind: 'tool', path: (slug) => `/og/tool/${slug}.png` },
  },
  ogPost: {
    pattern: /^\/og\/blog\/(?<slug>[^/]+)\.png$/,
    file: 'og/blog/[slug].png.ts',
    render: 'request',
    cache: CACHE.page,
    sitemap: false,
    tags: ({ slug }) => [postTag(slug)],
    row: { kind: 'post', path: (slug) => `/og/blog/${slug}.png` },
  },
  pricing: publicPage('/pricing', 'pricing.astro'),
  about: publicPage('/about', 'about.astro'),
  help: publicPage('/help', 'help.astro'),
  contact: publicPage('/contact', 'contact.astro'),
  terms: publicPage('/terms', 'terms.astro'),
  privacy: publicPage('/privacy', 'privacy.astro'),
  refunds: publicPage('/refunds', 'refunds.astro'),
  // Reader reports' figures (docs/decisions/0101): exported, and rendered again when a report's state changes.
  transparency: fixed('/transparency', 'transparency.astro', { sitemap: true, tags: [REPORTS_TAG] }),
  // "Report a problem" (docs/decisions/0101): the bare page says where to start; /report?tool=… (the problems, a
  // problem's form, the reference once sent) is rendered on request and kept, like the other form pages' queries.
  report: screen('/report', 'report.astro'),
  auth: screen('/auth', 'auth.astro'),
  verifyEmail: screen('/auth/verify', 'auth/verify.astro'),
  twoFactorSignIn: screen('/auth/two-factor', 'auth/two-factor.astro'),
  forgotPassword: screen('/auth/forgot', 'auth/forgot.astro'),
  forgotSent: screen('/auth/forgot/sent', 'auth/forgot/sent.astro'),
  resetPassword: screen('/auth/reset', 'auth/reset.astro'),
  submit: screen('/submit', 'submit.astro'),
  dashboard: screen('/dashboard', 'dashboard/index.astro'),
  billing: screen('/dashboard/billing', 'dashboard/billing.astro'),
  preview: screen('/dashboard/preview', 'dashboard/preview.astro'),
  admin: screen('/admin', 'admin.astro'),
  account: screen('/account', 'account.astro'),
  // Claiming a listing, one screen for every tool (?tool={slug}): docs/decisions/0099.
  claim: screen('/claim', 'claim.astro'),
  // Rendered by the server for each visitor (PERSONAL_PAGE_PATHS, docs/decisions/0097): never exported or kept.
  restore: personalPage('/auth/restore', 'auth/restore.astro'),
  // The newsletter (docs/decisions/0106): the subscribe page is public; "check your inbox" is a screen; the confirmation
  // and preference pages are rendered by the server for the token in their address (PERSONAL_PAGE_PATHS): never
  // exported, kept or cached, noindex, not in the sitemap.
  newsletter: publicPage('/newsletter', 'newsletter/index.astro'),
  newsletterSent: screen('/newsletter/sent', 'newsletter/sent.astro'),
  newsletterConfirm: personalPage('/newsletter/confirm', 'newsletter/confirm.astro'),
  newsletterPreferences: personalPage('/newsletter/preferences', 'newsletter/preferences.astro'),
  // A follow asked by e-mail for an address already subscribed (docs/decisions/0112): the same kind of page.
  followConfirm: personalPage('/follow/confirm', 'follow/confirm.astro'),
  // Exported once per card (NOT_FOUND_PAGES), answered with status 404 for any address no page has.
  notFound: fixed('/404', '404.astro', { sitemap: false, cache: CACHE.none }),
  // The old form of a tool's address: moved for good to /tool/{slug} (api/publishing/static-site.ts).
  legacyTool: {
    pattern: /^\/tools\/(?<slug>[^/.]+)$/,
    file: null,
    render: 'request',
    cache: CACHE.redirect,
    sitemap: false,
    tags: none,
  },
  // The build's hashed client assets: files of the build, not pages.
  assets: { pattern: /^\/_astro\//, file: null, render: 'export', cache: CACHE.immutable, sitemap: false, tags: none },
} as const satisfies Record<string, PageRoute>;

export type PageKind = keyof typeof PAGE_ROUTES;
type RouteKind = PageKind | ApiKind;

const PAGE_ENTRIES = Object.entries(PAGE_ROUTES) as [PageKind, PageRoute][];

/** What an address is: its kind and its parameters; null when no page or API route has it. */
interface RouteMatch {
  kind: RouteKind;
  params: RouteParams;
}

const NO_PARAMS: RouteParams = Object.freeze({});

/**
 * The route of a path as sent (any method: a form post's path is its page's). Not for the static path's every
 * request (it makes an object): handler.ts asks isApiRequest, and the modules ask isRouteOf.
 */
export function routeOf(pathname: string): RouteMatch | null {
  for (const route of API_ROUTES) {
    if ('path' in route ? pathname === route.path : pathname.startsWith(route.prefix))
      return { kind: route.kind, params: NO_PARAMS };
  }
  const path = pagePath(pathname);
  for (const [kind, route] of PAGE_ENTRIES) {
    const match = route.pattern.exec(path);
    if (match) return { kind, params: match.groups ? { ...match.groups } : NO_PARAMS };
  }
  return null;
}

/** Whether `path` (pagePath's form) is an address of one of `kinds`: no object made. */
export function isRouteOf(path: string, ...kinds: PageKind[]): boolean {
  for (const kind of kinds) if (PAGE_ROUTES[kind].pattern.test(path)) return true;
  return false;
}

/** The tags the page at `path` depends on by its address; [] for an address no page has. */
export function routeTags(path: string): string[] {
  const route = routeOf(path);
  return route && route.kind in PAGE_ROUTES ? PAGE_ROUTES[route.kind as PageKind].tags(route.params) : [];
}

/** The addresses of the pages of the tool or post a tag names (its page, Markdown, image); none for other tags. */
export function rowPagePaths(tag: string): string[] {
  const row = rowOfTag(tag);
  return row
    ? PAGE_ENTRIES.flatMap(([, route]) => (route.row?.kind === row.kind ? [route.row.path(row.slug)] : []))
    : [];
}

/**
 * The kinds of one address each that the export writes (index.astro → /, robots.txt.ts → /robots.txt), and the 404
 * page's other cards.
 */
export function fixedPagePaths(): string[] {
  const paths = PAGE_ENTRIES.flatMap(([, route]) =>
    route.path && route.file && route.render === 'export' ? [route.path] : [],
  );
  return [...paths, NOT_FOUND_PAGES.tool.path, NOT_FOUND_PAGES.post.path].sort();
}

/** The pages of one address that the sitemap lists; the pages of rows are listed as the export writes them. */
export const SITEMAP_PAGES: readonly string[] = PAGE_ENTRIES.flatMap(([, route]) =>
  route.path && route.sitemap ? [route.path] : [],
);

/** The sitemap index that robots.txt names: @astrojs/sitemap's name for it. */
export const SITEMAP_INDEX_PATH = PAGE_ROUTES.sitemapIndex.path;
/** The sitemap's address before the index: the same index is served here for crawlers that were given it. */
export const SITEMAP_PATH = PAGE_ROUTES.sitemapAlias.path;
/** The n-th file of the sitemap (from 0), as the index names it. */
export const sitemapFilePath = (n: number): string => `/sitemap-${n}.xml`;

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

/**
 * The 404 page as the export writes it for each card: rendered at `path` (site/pages/404.astro shows the card its query
 * names, and says it in its title), written to `file`, which the static server answers for a missing path of the kind.
 */
export const NOT_FOUND_PAGES: Readonly<Record<NotFoundKind, { path: string; file: string }>> = {
  page: { path: '/404', file: '404.html' },
  tool: { path: '/404?card=tool', file: '404-tool.html' },
  post: { path: '/404?card=post', file: '404-post.html' },
};

// The route table (lib/routes.ts): one kind per page file and per address, the parameters and tags an address gives,
// and the dev server forwarding to the API exactly what the one server sends it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import astroConfig from '../../astro.config.mjs';
import { walk } from '../../api/publishing/build-files';
import { categoryTag, NEWSLETTER_TAG, POSTS_TAG, postTag, TOOLS_TAG, toolTag } from '../../lib/cache-tags';
import {
  isApiRequest,
  PAGE_ROUTES,
  routeOf,
  routeTags,
  rowPagePaths,
  SITEMAP_PAGES,
  type PageKind,
} from '../../lib/routes';

const PAGES_DIR = join(import.meta.dirname, '../../site/pages');

/** One address of each kind, as a visitor would ask for it. */
const SAMPLES: Record<PageKind, string> = {
  home: '/',
  directory: '/directory/',
  tool: '/tool/chatgpt',
  toolMarkdown: '/tool/chatgpt.md',
  alternatives: '/tool/chatgpt/alternatives',
  compare: '/compare/chatgpt-vs-claude',
  compareTools: '/compare',
  category: '/category/design',
  categoryPage: '/category/design/2',
  blog: '/blog',
  post: '/blog/first-post',
  blogFeed: '/rss.xml',
  toolsFeed: '/tools/feed.json',
  toolsRss: '/tools/rss.xml',
  llms: '/llms.txt',
  graveyard: '/graveyard',
  graveyardRss: '/graveyard/rss.xml',
  newsletterArchive: '/newsletter/archive',
  newsletterRss: '/newsletter/rss.xml',
  newsletterIssue: '/newsletter/2026-11-30',
  robots: '/robots.txt',
  manifest: '/manifest.webmanifest',
  sitemapIndex: '/sitemap-index.xml',
  sitemapAlias: '/sitemap.xml',
  sitemapFile: '/sitemap-0.xml',
  ogTool: '/og/tool/chatgpt.png',
  ogPost: '/og/blog/first-post.png',
  pricing: '/pricing',
  about: '/about',
  help: '/help',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  refunds: '/refunds',
  transparency: '/transparency',
  report: '/report',
  auth: '/auth',
  verifyEmail: '/auth/verify',
  twoFactorSignIn: '/auth/two-factor',
  forgotPassword: '/auth/forgot',
  forgotSent: '/auth/forgot/sent',
  resetPassword: '/auth/reset',
  account: '/account',
  claim: '/claim',
  submit: '/submit',
  dashboard: '/dashboard',
  billing: '/dashboard/billing',
  preview: '/dashboard/preview',
  admin: '/admin',
  restore: '/auth/restore',
  newsletter: '/newsletter',
  newsletterSent: '/newsletter/sent',
  newsletterConfirm: '/newsletter/confirm',
  newsletterPreferences: '/newsletter/preferences',
  followConfirm: '/follow/confirm',
  notFound: '/404',
  legacyTool: '/tools/chatgpt',
  assets: '/_astro/index.abc123.js',
};

describe('the route table', () => {
  it('gives every file of site/pages exactly one kind, and every kind with a file a file that exists', async () => {
    const files = (await walk(PAGES_DIR)).filter((file) => /\.(astro|ts)$/.test(file)).sort();
    const declared = Object.values(PAGE_ROUTES).flatMap((route) => (route.file ? [route.file] : []));
    expect(declared.sort()).toEqual(files);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('reads each address as exactly one kind, with its parameters', () => {
    for (const [kind, path] of Object.entries(SAMPLES)) {
      const pattern = (route: (typeof PAGE_ROUTES)[PageKind]) =>
        route.pattern.test(path.length > 1 ? path.replace(/\/$/, '') : path);
      expect(Object.values(PAGE_ROUTES).filter(pattern), path).toHaveLength(1);
      expect(routeOf(path)?.kind, path).toBe(kind);
    }
    expect(routeOf('/tool/chatgpt/index.html')).toEqual({ kind: 'tool', params: { slug: 'chatgpt' } });
    expect(routeOf('/category/design/3')).toEqual({ kind: 'categoryPage', params: { id: 'design', page: '3' } });
    expect(routeOf('/nowhere/at/all')).toBeNull();
    // The articles' search is an API call (decision 0087): no search index is a file of the build.
    expect(routeOf('/pagefind/pagefind.js')).toBeNull();
  });

  it('sends the API, the health check and the form posts to Elysia, and the form pages themselves to the site', () => {
    for (const path of [
      '/api',
      '/api/tools',
      '/healthz',
      '/auth/demo/admin',
      '/auth/google',
      '/auth/google/callback',
      '/uploads/logo.png',
    ]) {
      expect(isApiRequest('GET', path), path).toBe(true);
    }
    expect(isApiRequest('POST', '/contact')).toBe(true);
    expect(isApiRequest('GET', '/contact')).toBe(false);
    expect(isApiRequest('GET', '/auth')).toBe(false);
    expect(isApiRequest('GET', '/apiary')).toBe(false);
    expect(routeOf('/healthz')?.kind).toBe('health');
  });

  it('names the tags a page depends on by its address', () => {
    expect(routeTags('/tool/chatgpt')).toEqual([toolTag('chatgpt')]);
    expect(routeTags('/category/design/2')).toEqual([categoryTag('design')]);
    expect(routeTags('/')).toEqual([TOOLS_TAG, POSTS_TAG]);
    expect(routeTags('/blog/first-post')).toEqual([postTag('first-post')]);
    expect(routeTags('/tool/chatgpt/alternatives')).toEqual([toolTag('chatgpt'), TOOLS_TAG]);
    expect(routeTags('/compare/chatgpt-vs-claude')).toEqual([toolTag('chatgpt'), toolTag('claude')]);
    expect(routeTags('/rss.xml')).toEqual([POSTS_TAG]);
    expect(routeTags('/newsletter/2026-11-30')).toEqual([NEWSLETTER_TAG]);
    expect(routeTags('/newsletter/archive')).toEqual([NEWSLETTER_TAG]);
    expect(routeTags('/tools/feed.json')).toEqual([TOOLS_TAG]);
    expect(routeTags('/pricing')).toEqual([]);
  });

  it('lists in the sitemap the public pages of one address, not the private screens', () => {
    expect(SITEMAP_PAGES).toEqual([
      '/',
      '/directory',
      '/blog',
      '/graveyard',
      '/newsletter/archive',
      '/pricing',
      '/about',
      '/help',
      '/contact',
      '/terms',
      '/privacy',
      '/refunds',
      '/transparency',
      '/newsletter',
    ]);
  });
});

type Proxy = Record<string, { target: string; bypass?: (req: { method: string; url: string }) => unknown }>;

/** Whether Vite's dev proxy forwards the request, as Vite matches its keys (a ^ key is a regular expression). */
function forwarded(proxy: Proxy, method: string, url: string): boolean {
  for (const [key, options] of Object.entries(proxy)) {
    const matches = key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key);
    if (matches) return options.bypass?.({ method, url }) == null;
  }
  return false;
}

describe('the dev server', () => {
  it('forwards to the API what the one server sends it, and nothing else', () => {
    const proxy = (astroConfig.vite?.server?.proxy ?? {}) as unknown as Proxy;
    for (const path of [
      '/api/tools?limit=3',
      '/api',
      '/healthz',
      '/auth/demo/admin',
      '/auth/google/callback?code=x',
      '/uploads/a.png',
    ]) {
      expect(forwarded(proxy, 'GET', path), path).toBe(true);
    }
    for (const path of ['/auth/login', '/auth/register', '/contact'])
      expect(forwarded(proxy, 'POST', path), path).toBe(true);
    for (const path of ['/contact', '/auth', '/contact?sent=1', '/tool/chatgpt', '/healthzz'])
      expect(forwarded(proxy, 'GET', path), path).toBe(false);
    // The pages rendered for each visitor, those that take no form post included (the three-tool compare).
    for (const path of [
      '/compare?tools=a,b,c',
      '/newsletter/confirm?token=x',
      '/follow/confirm?token=x',
      '/auth/restore',
    ])
      expect(forwarded(proxy, 'GET', path), path).toBe(true);
    for (const path of ['/', '/directory', '/pricing']) expect(isApiRequest('GET', path), path).toBe(false);
  });
});

describe('the pages of a row', () => {
  it("are a tool's page, Markdown and image, and a post's page and image, each the kind it names, carrying the row's tag", () => {
    expect(rowPagePaths(toolTag('chatgpt'))).toEqual(['/tool/chatgpt', '/tool/chatgpt.md', '/og/tool/chatgpt.png']);
    expect(rowPagePaths(postTag('hello'))).toEqual(['/blog/hello', '/og/blog/hello.png']);
    for (const path of [...rowPagePaths(toolTag('chatgpt')), ...rowPagePaths(postTag('hello'))])
      expect(routeTags(path), path).toEqual(
        expect.arrayContaining([path.includes('blog') ? postTag('hello') : toolTag('chatgpt')]),
      );
    expect(rowPagePaths(TOOLS_TAG)).toEqual([]);
  });
});

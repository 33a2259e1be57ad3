// sitemap.xml: the public pages, every public tool and every published post, with lastmod where known.
import type { APIRoute } from 'astro';
import { listPublishedPosts } from '../../db/queries/blog';
import { listPublicTools } from '../../db/queries/tools';
import { siteOrigin } from '../components/seo';
import { xmlEscape } from '../components/xml';


interface Entry {
  path: string;
  lastmod?: Date | null;
}

const STATIC_PAGES = ['/', '/directory', '/blog', '/pricing', '/about', '/help', '/contact', '/terms', '/privacy', '/refunds'];

function latest(dates: (Date | null | undefined)[]): Date | null {
  const times = dates.filter((d): d is Date => d != null).map((d) => new Date(d).getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const [tools, posts] = await Promise.all([listPublicTools({ limit: Number.MAX_SAFE_INTEGER }), listPublishedPosts()]);
  const toolsChanged = latest(tools.map((t) => t.updatedAt));
  const postsChanged = latest(posts.map((p) => p.updatedAt));
  const entries: Entry[] = [
    ...STATIC_PAGES.map((path) => ({
      path,
      lastmod: path === '/' || path === '/directory' ? toolsChanged : path === '/blog' ? postsChanged : null,
    })),
    ...tools.map((t) => ({ path: `/tool/${t.slug}`, lastmod: t.updatedAt })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt ?? p.publishedAt })),
  ];
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${xmlEscape(new URL(path, base).toString())}</loc>`;
    const mod = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '';
    return `  <url>${loc}${mod}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};

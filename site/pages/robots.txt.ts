// robots.txt: everything public may be crawled; private screens and the API may not. The sitemap is named by its
// index, which the static build writes (docs/decisions/0037).
import type { APIRoute } from 'astro';
import { SITEMAP_INDEX_PATH } from '../../lib/page-paths';
import { siteOrigin } from '../components/seo';


const DISALLOW = ['/dashboard', '/submit', '/admin', '/auth', '/api/'];

export const GET: APIRoute = ({ site }) => {
  const base = siteOrigin(site);
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, base)}`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

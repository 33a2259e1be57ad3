// robots.txt: everything public may be crawled; private screens and the API may not.
import type { APIRoute } from 'astro';
import { siteOrigin } from '../components/seo';


const DISALLOW = ['/dashboard', '/submit', '/admin', '/auth', '/api/'];

export const GET: APIRoute = ({ site }) => {
  const base = siteOrigin(site);
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${new URL('/sitemap.xml', base)}`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

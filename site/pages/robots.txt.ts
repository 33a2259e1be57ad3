// robots.txt: everything public may be crawled, the public API (/api/v1), its reference and its OpenAPI document
// among it (llms.txt sends readers there); private screens and the site's own API may not. The sitemap is named by
// its index, which the static build writes (docs/decisions/0037, 0071).
import type { APIRoute } from 'astro';
import { SITEMAP_INDEX_PATH } from '../../lib/routes';
import { siteOrigin } from '../components/seo';

// Listed before the Disallow lines: crawlers that take the first matching rule, not the most specific, read them too.
const ALLOW = ['/', '/api/v1/', '/api/docs', '/api/openapi.json'];
const DISALLOW = ['/dashboard', '/submit', '/admin', '/account', '/auth', '/api/'];

export const GET: APIRoute = ({ site }) => {
  const base = siteOrigin(site);
  const lines = [
    'User-agent: *',
    ...ALLOW.map((p) => `Allow: ${p}`),
    ...DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL(SITEMAP_INDEX_PATH, base)}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

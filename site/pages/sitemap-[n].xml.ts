// /sitemap-{n}.xml: the n-th file of the sitemap (sitemapFile: SITEMAP_ENTRY_LIMIT pages each, in path order); 404
// past the last. Exported with the site, rendered on demand after a change that names the sitemap's tag.
import type { APIRoute } from 'astro';
import { sitemapFile, sitemapListing } from '../../db/queries/sitemap';
import { siteOrigin } from '../components/seo';
import { sitemapResponse } from '../components/sitemap';

export const GET: APIRoute = async ({ params, locals, site }) => {
  const { pages } = locals.sitemap ?? (await sitemapListing());
  // One address per file: sitemap-1.xml, not sitemap-01.xml.
  const file = /^(?:0|[1-9][0-9]*)$/.test(params.n ?? '') ? sitemapFile(pages, Number(params.n)) : undefined;
  return file ? sitemapResponse(siteOrigin(site), file) : new Response(null, { status: 404 });
};

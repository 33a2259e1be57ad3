// /sitemap-index.xml, the index robots.txt names: the sitemap's files, each with the newest lastmod of its pages.
// Exported with the site from the listing the export read (Astro.locals), rendered on demand after a change that names
// the sitemap's tag (docs/decisions/0086).
import type { APIRoute } from 'astro';
import { sitemapFiles, sitemapListing } from '../../db/queries/sitemap';
import { siteOrigin } from '../components/seo';
import { sitemapIndexResponse } from '../components/sitemap';

export const GET: APIRoute = async ({ locals, site }) => {
  const { pages } = locals.sitemap ?? (await sitemapListing());
  return sitemapIndexResponse(siteOrigin(site), sitemapFiles(pages));
};

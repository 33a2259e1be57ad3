// /sitemap.xml: the sitemap's address before the index, the same index for crawlers that were given it.
export { GET } from './sitemap-index.xml';

// /graveyard/rss.xml: the discontinued tools as RSS 2.0, most recently discontinued first, written by @astrojs/rss like
// the other feeds. Exported with the site, rendered on demand after a discontinue or revive (docs/decisions/0103).
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { discontinuedTools } from '../../../db/queries/feeds';
import { TOOL_FEED_SIZE } from '../../components/tool-feed';
import { siteOrigin } from '../../components/seo';
import { xmlEscape } from '../../../lib/xml';
import { longDate, tagLabel } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const buried = await discontinuedTools(TOOL_FEED_SIZE);
  const updated = buried[0]?.discontinued.at;
  const feed = await getRssString({
    title: LISTING_MSG.graveyardTitle,
    description: LISTING_MSG.graveyardIntro,
    site: new URL('/graveyard', base),
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en</language>',
      `<atom:link href="${xmlEscape(new URL('/graveyard/rss.xml', base).href)}" rel="self" type="application/rss+xml"/>`,
      updated ? `<lastBuildDate>${updated.toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: buried.map(({ tool, discontinued }) => ({
      title: tool.name,
      link: new URL(`/tool/${tool.slug}`, base).href,
      description: [LISTING_MSG.discontinuedOn(longDate(discontinued.at)), discontinued.reason]
        .filter(Boolean)
        .join('. '),
      pubDate: discontinued.at,
      categories: tool.tags.map(tagLabel),
    })),
  });
  // The type the static file is served with (by its .xml name), so the on-demand answer is the same.
  return new Response(feed, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};

// /tools/rss.xml: the newly approved tools as RSS 2.0, newest approval first, written by @astrojs/rss like the blog's
// feed. Exported with the site, rendered on demand after a tool change.
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { newlyApprovedTools } from '../../../db/queries/feeds';
import { TOOL_FEED_SIZE, TOOL_FEED_TITLE, toolFeedSummary } from '../../components/tool-feed';
import { siteOrigin } from '../../components/seo';
import { xmlEscape } from '../../../lib/xml';
import { tagLabel } from '../../../lib/format';

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const tools = await newlyApprovedTools(TOOL_FEED_SIZE);
  const updated = tools[0]?.approvedAt;
  const feed = await getRssString({
    title: TOOL_FEED_TITLE,
    description: 'AI tools newly approved by our editors, with their rating and categories.',
    site: new URL('/directory', base),
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en</language>',
      `<atom:link href="${xmlEscape(new URL('/tools/rss.xml', base).href)}" rel="self" type="application/rss+xml"/>`,
      updated ? `<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: tools.map((tool) => ({
      title: tool.name,
      link: new URL(`/tool/${tool.slug}`, base).href,
      description: toolFeedSummary(tool),
      pubDate: tool.approvedAt ?? tool.submittedAt,
      categories: tool.tags.map(tagLabel),
    })),
  });
  // The type the static file is served with (by its .xml name), so the on-demand answer is the same.
  return new Response(feed, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};

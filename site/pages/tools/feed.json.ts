// /tools/feed.json: the newly approved tools as a JSON Feed 1.1 (jsonfeed.org/version/1.1), newest approval first.
// Exported with the site, rendered on demand after a tool change; served as application/feed+json.
import type { APIRoute } from 'astro';
import { newlyApprovedTools } from '../../../db/queries/feeds';
import { SITE_NAME } from '../../../lib/constants';
import { TOOL_FEED_SIZE, TOOL_FEED_TITLE, toolFeedSummary } from '../../components/tool-feed';
import { siteOrigin } from '../../components/seo';
import { categoriesOf } from '../../components/tool-text';
import { ogImagePath } from '../../../lib/og';

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const url = (path: string) => new URL(path, base).href;
  const tools = await newlyApprovedTools(TOOL_FEED_SIZE);
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: TOOL_FEED_TITLE,
    home_page_url: url('/directory'),
    feed_url: url('/tools/feed.json'),
    description: `AI tools newly approved by the editors of ${SITE_NAME}.`,
    icon: url('/favicon.svg'),
    language: 'en',
    authors: [{ name: SITE_NAME, url: url('/') }],
    items: tools.map((tool) => ({
      id: url(`/tool/${tool.slug}`),
      url: url(`/tool/${tool.slug}`),
      external_url: tool.url,
      title: tool.name,
      summary: toolFeedSummary(tool),
      content_text: [
        tool.description,
        tool.curatorTake ? `Editor's take: ${tool.curatorTake}` : '',
        `Categories: ${categoriesOf(tool)}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      image: url(ogImagePath('tool', tool.slug)),
      date_published: new Date(tool.approvedAt ?? tool.submittedAt).toISOString(),
      date_modified: new Date(tool.updatedAt).toISOString(),
      tags: tool.tags,
    })),
  };
  return new Response(JSON.stringify(feed), { headers: { 'content-type': 'application/feed+json; charset=utf-8' } });
};

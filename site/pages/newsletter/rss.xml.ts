// /newsletter/rss.xml: the sent issues of the weekly digest as RSS 2.0, newest first, written by @astrojs/rss like the
// other feeds (docs/decisions/0107). Exported with the site, rendered on demand after a send.
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { sentIssues } from '../../../db/queries/newsletter';
import { siteOrigin } from '../../components/seo';
import { xmlEscape } from '../../../lib/xml';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { issueTitle } from '../../../lib/digest';

/** Issues in the feed: a year of weeks. */
const FEED_SIZE = 52;

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const issues = await sentIssues(FEED_SIZE);
  const updated = issues[0]?.sentAt;
  const feed = await getRssString({
    title: ENGAGE_MSG.digestTitle,
    description: ENGAGE_MSG.digestArchiveIntro,
    site: new URL('/newsletter/archive', base),
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en</language>',
      `<atom:link href="${xmlEscape(new URL('/newsletter/rss.xml', base).href)}" rel="self" type="application/rss+xml"/>`,
      updated ? `<lastBuildDate>${updated.toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: issues.map((issue) => ({
      title: issueTitle(issue.issueDate),
      link: new URL(`/newsletter/${issue.issueDate}`, base).href,
      description: [issue.intro, `${issue.items} news items: ${issue.content.approved.map((t) => t.name).join(', ')}`]
        .filter(Boolean)
        .join('\n\n'),
      pubDate: issue.sentAt,
    })),
  });
  // The type the static file is served with (by its .xml name), so the on-demand answer is the same.
  return new Response(feed, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};

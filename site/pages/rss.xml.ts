// rss.xml: the blog's published posts as an RSS 2.0 feed, newest first, written by @astrojs/rss.
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { listPublishedPosts } from '../../db/queries/blog';
import { SITE_NAME } from '../../lib/constants';
import { htmlToText } from '../../lib/sanitize';
import { siteOrigin } from '../components/seo';
import { xmlEscape } from '../../lib/xml';

const FEED_SIZE = 50;

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const posts = await listPublishedPosts(undefined, FEED_SIZE);
  const updated = posts[0]?.publishedAt;
  const feed = await getRssString({
    title: `${SITE_NAME} Blog`,
    description: 'Guides, comparisons and news about AI tools for professionals.',
    // The channel's link: the blog's own page, without a trailing slash like every canonical address.
    site: new URL('/blog', base),
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: [
      '<language>en</language>',
      `<atom:link href="${xmlEscape(new URL('/rss.xml', base).href)}" rel="self" type="application/rss+xml"/>`,
      updated ? `<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: posts.map((post) => ({
      title: post.title,
      link: new URL(`/blog/${post.slug}`, base).href,
      description: post.excerpt?.trim() || htmlToText(post.content).slice(0, 300),
      pubDate: post.publishedAt ?? undefined,
      categories: [...(post.category ? [post.category] : []), ...post.tags],
      // RSS's own <author> must be an e-mail address; Dublin Core's creator takes the name.
      customData: `<dc:creator>${xmlEscape(post.authorName)}</dc:creator>`,
    })),
  });
  // The type the static file is served with (by its .xml name), so the on-demand answer is the same.
  return new Response(feed, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};

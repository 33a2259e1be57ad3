// rss.xml: the blog's published posts as an RSS 2.0 feed, newest first.
import type { APIRoute } from 'astro';
import { listPublishedPosts } from '../../db/queries/blog';
import { SITE_NAME } from '../../lib/constants';
import { htmlToText } from '../../lib/sanitize';
import { siteOrigin } from '../components/seo';
import { xmlEscape } from '../components/xml';


const FEED_SIZE = 50;

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const posts = (await listPublishedPosts()).slice(0, FEED_SIZE);
  const link = new URL('/blog', base).toString();
  const items = posts.map((post) => {
    const url = new URL(`/blog/${post.slug}`, base).toString();
    const summary = post.excerpt?.trim() || htmlToText(post.content).slice(0, 300);
    const parts = [
      `<title>${xmlEscape(post.title)}</title>`,
      `<link>${xmlEscape(url)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(url)}</guid>`,
      `<description>${xmlEscape(summary)}</description>`,
      post.publishedAt ? `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>` : '',
      post.category ? `<category>${xmlEscape(post.category)}</category>` : '',
      ...post.tags.map((tag) => `<category>${xmlEscape(tag)}</category>`),
      `<dc:creator>${xmlEscape(post.authorName)}</dc:creator>`,
    ].filter(Boolean);
    return `    <item>\n      ${parts.join('\n      ')}\n    </item>`;
  });
  const updated = posts[0]?.publishedAt ? new Date(posts[0].publishedAt).toUTCString() : null;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlEscape(`${SITE_NAME} Blog`)}</title>`,
    `    <link>${xmlEscape(link)}</link>`,
    `    <description>${xmlEscape('Guides, comparisons and news about AI tools for professionals.')}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${xmlEscape(new URL('/rss.xml', base).toString())}" rel="self" type="application/rss+xml" />`,
    updated ? `    <lastBuildDate>${updated}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
  ].filter(Boolean);
  return new Response(body.join('\n') + '\n', { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};

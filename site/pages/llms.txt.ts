// /llms.txt (llmstxt.org): what the directory is, for language models, with links to every category page, the top
// tools' Markdown pages and the feeds. Exported with the site, rendered on demand after a tool change.
import type { APIRoute } from 'astro';
import { featuredTools } from '../../db/queries/tools';
import { CATEGORIES } from '../../lib/categories';
import { SITE_NAME } from '../../lib/constants';
import { siteOrigin } from '../components/seo';
import { mdLink, mdText } from '../components/tool-text';

/** The top of the public order (premium first, then editor rating) that llms.txt lists. */
const TOP_TOOLS = 50;

export const GET: APIRoute = async ({ site }) => {
  const base = siteOrigin(site);
  const url = (path: string) => new URL(path, base).href;
  const top = await featuredTools(TOP_TOOLS);
  const text = [
    `# ${SITE_NAME}`,
    '> A human-vetted directory of AI tools for professionals. Every listed tool was approved by an editor, who wrote a take on it and rated it from 1 to 10, and editors review listed tools again over time.',
    [
      `Each tool has a page at ${url('/tool/')}{slug} and a Markdown version of it at ${url('/tool/')}{slug}.md: what it does, its categories, pricing, who it is best for, the editor's rating and take, and its review history.`,
      `The whole catalogue is searchable at ${url('/directory')}, and readable as JSON through the public API (${url('/api/docs')}).`,
    ].join(' '),
    [
      '## Categories',
      ...CATEGORIES.map((c) => `- ${mdLink(c.label, url(`/category/${c.id}`))}: AI tools for ${c.label.toLowerCase()}`),
    ].join('\n'),
    [
      '## Top tools',
      ...top.map(
        (t) =>
          `- ${mdLink(t.name, url(`/tool/${t.slug}.md`))}: ${mdText(t.description.replace(/\s+/g, ' ').trim())}${t.qualityScore != null ? ` (rated ${t.qualityScore}/10)` : ''}`,
      ),
    ].join('\n'),
    [
      '## Feeds',
      `- ${mdLink('Newly approved tools (JSON Feed)', url('/tools/feed.json'))}`,
      `- ${mdLink('Newly approved tools (RSS)', url('/tools/rss.xml'))}`,
      `- ${mdLink('Blog (RSS)', url('/rss.xml'))}`,
    ].join('\n'),
    [
      '## Optional',
      `- ${mdLink('About', url('/about'))}`,
      `- ${mdLink('Blog', url('/blog'))}`,
      `- ${mdLink('Sitemap', url('/sitemap-index.xml'))}`,
    ].join('\n'),
  ].join('\n\n');
  // The type the static file is served with (by its .txt name), so the on-demand answer is the same.
  return new Response(`${text}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

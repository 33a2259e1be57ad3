// /tool/{slug}.md: the Markdown version of a public tool's page, for language models and other readers; 404 for a
// tool that is not public. Exported beside the page from the same data, and rendered on demand after a change.
import type { APIRoute } from 'astro';
import { toolPage } from '../../../db/queries/pages';
import { toolMarkdown } from '../../components/tool-text';

export const GET: APIRoute = async ({ params, locals, site }) => {
  const page = locals.toolPage ?? (await toolPage(params.slug ?? ''));
  if (!page) return new Response(null, { status: 404 });
  return new Response(toolMarkdown(page, site!), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
};

// /og/tool/{slug}.png: the Open Graph image of a tool with a page (approved or discontinued). The server renders it on
// its first request and keeps it (api/publishing/kept-renders.ts, docs/decisions/0085); 404 for a tool without a page.
import type { APIRoute } from 'astro';
import { pageToolBySlug } from '../../../../db/queries/tools';
import { toolOgImage } from '../../../components/og-image';

export const GET: APIRoute = async ({ params }) => {
  const page = await pageToolBySlug(params.slug ?? '');
  if (!page) return new Response(null, { status: 404 });
  return new Response(await toolOgImage(page.tool), { headers: { 'content-type': 'image/png' } });
};

// /og/tool/{slug}.png: a public tool's Open Graph image. The server renders it on its first request and keeps it
// (api/publishing/kept-renders.ts, docs/decisions/0085); 404 for a tool that is not public.
import type { APIRoute } from 'astro';
import { publicToolBySlug } from '../../../../db/queries/tools';
import { toolOgImage } from '../../../components/og-image';

export const GET: APIRoute = async ({ params }) => {
  const tool = await publicToolBySlug(params.slug ?? '');
  if (!tool) return new Response(null, { status: 404 });
  return new Response(await toolOgImage(tool), { headers: { 'content-type': 'image/png' } });
};

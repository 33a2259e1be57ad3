// /og/blog/{slug}.png: a published post's Open Graph image, rendered and kept like a tool's (docs/decisions/0048).
import type { APIRoute } from 'astro';
import { getPublishedPostBySlug } from '../../../../db/queries/blog';
import { postOgImage } from '../../../components/og-image';

export const GET: APIRoute = async ({ params }) => {
  const post = await getPublishedPostBySlug(params.slug ?? '');
  if (!post) return new Response(null, { status: 404 });
  return new Response(await postOgImage(post), { headers: { 'content-type': 'image/png' } });
};

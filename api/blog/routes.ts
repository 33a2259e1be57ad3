// The public blog API: published posts, newest first, one published post by slug, and the articles' search
// (search-routes.ts).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { getPublishedPostBySlug, listPublishedPosts } from '../../db/queries/blog';
import { publicPostSchema, slugParamsSchema } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { errors, notFound } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';
import { blogSearchRoutes } from './search-routes';

export const blogRoutes = new Elysia({ name: 'blog-routes' })
  .use(errors)
  .use(security)
  .use(blogSearchRoutes)
  .get(
    '/api/blog/posts',
    async ({ set }) => {
      const posts = await listPublishedPosts();
      set.headers['cache-control'] = PUBLIC_CACHE;
      return posts;
    },
    { response: answer(z.array(publicPostSchema)) },
  )
  .get(
    '/api/blog/posts/:slug',
    async ({ params, set }) => {
      const post = await getPublishedPostBySlug(params.slug);
      if (!post) throw notFound(MSG.postNotFound);
      set.headers['cache-control'] = PUBLIC_CACHE;
      return post;
    },
    { params: slugParamsSchema, response: answer(publicPostSchema) },
  );

// The public catalogue API: approved tools by page, category and search, and one tool by slug.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { getPublicToolBySlug, listPublicTools } from '../../db/queries/tools';
import { publicToolDetailSchema, publicToolSchema, slugParamsSchema, toolListQuerySchema } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { errors, notFound } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';

export const toolRoutes = new Elysia({ name: 'tool-routes' })
  .use(errors)
  .use(security)
  .get(
    '/api/tools',
    async ({ query: { limit, offset, search, tags }, set }) => {
      const list = await listPublicTools({ limit, offset, search, category: tags });
      set.headers['cache-control'] = PUBLIC_CACHE;
      return list;
    },
    { query: toolListQuerySchema, response: answer(z.array(publicToolSchema)) },
  )
  .get(
    '/api/tools/slug/:slug',
    async ({ params, set }) => {
      const tool = await getPublicToolBySlug(params.slug);
      if (!tool) throw notFound(MSG.toolNotFound);
      set.headers['cache-control'] = PUBLIC_CACHE;
      return tool;
    },
    { params: slugParamsSchema, response: answer(publicToolDetailSchema) },
  );

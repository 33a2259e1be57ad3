// The public catalogue API: approved tools by page, category and search, and one tool by slug.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { getPublicToolBySlug, listPublicTools } from '../../db/queries/tools';
import { publicToolDetailSchema, publicToolSchema, slugParamsSchema, toolListQuerySchema } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { keptCatalogueAnswer } from '../services/kept-answers';
import { errors, notFound } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';

const toolListSchema = z.array(publicToolSchema);

export const toolRoutes = new Elysia({ name: 'tool-routes' })
  .use(errors)
  .use(security)
  .get(
    '/api/tools',
    ({ query: { limit, offset, search, tags }, set }) => {
      set.headers['cache-control'] = PUBLIC_CACHE;
      return keptCatalogueAnswer(JSON.stringify([limit, offset, search, tags]), toolListSchema, () =>
        listPublicTools({ limit, offset, search, category: tags }),
      );
    },
    { query: toolListQuerySchema, response: answer(toolListSchema) },
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

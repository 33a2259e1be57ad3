// The public catalogue API: approved tools by page, filters, sort and search, the facets of such a query, and one tool
// by slug.
import { Elysia } from 'elysia';
import { directoryFacets, directoryPage } from '../../db/queries/directory';
import { withOwnerMarks } from '../../db/queries/owners';
import { filtersKey, getPublicToolBySlug } from '../../db/queries/tools';
import {
  publicToolDetailSchema,
  slugParamsSchema,
  toolFacetsSchema,
  toolListAnswerSchema,
  toolListQuerySchema,
} from '../../lib/contract';
import { toolListFilters } from '../../lib/catalogue-query';
import { DISCONTINUED_HEADER, SUGGESTION_HEADER, suggestionHeaderValue } from '../../lib/directory';
import { MSG } from '../../lib/messages';
import { OWNERS_HEADER } from '../../lib/owner-mark';
import { answer } from '../answer';
import { keptCatalogueAnswer } from '../publishing/kept-answers';
import { errors, notFound } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';

export const toolRoutes = new Elysia({ name: 'tool-routes' })
  .use(errors)
  .use(security)
  .get(
    '/api/tools',
    ({ query, set }) => {
      set.headers['cache-control'] = PUBLIC_CACHE;
      const { limit, offset, search, sort } = query;
      const filters = toolListFilters(query);
      // The key holds every parameter the answer depends on (equal filters in any order give one key).
      return keptCatalogueAnswer(
        JSON.stringify(['list', limit, offset, search, sort, filtersKey(filters)]),
        toolListAnswerSchema,
        async () => {
          const { tools, suggestion } = await directoryPage({ limit, offset, search, sort, filters });
          const owned = (await withOwnerMarks(tools)).filter((tool) => tool.verifiedOwner).map((tool) => tool.slug);
          // SPEC.md section 7's answer is the array: the correction it was searched with, and which of its tools have
          // a verified owner (docs/decisions/0099), go beside it.
          return {
            answer: tools,
            headers: {
              ...(suggestion ? { [SUGGESTION_HEADER]: suggestionHeaderValue(suggestion) } : {}),
              ...(owned.length > 0 ? { [OWNERS_HEADER]: owned.join(',') } : {}),
            },
          };
        },
      );
    },
    {
      query: toolListQuerySchema,
      response: answer(toolListAnswerSchema),
      detail: {
        description: `Approved tools, a page at a time (SPEC.md's array). When a search word is in no tool, the tools are those of the closest words' search, and the \`${SUGGESTION_HEADER}\` header holds that corrected search, URL-encoded ("Did you mean ...?"); without a correction the header is absent. The \`${OWNERS_HEADER}\` header names, comma-separated, the slugs of the listed tools that have a verified owner (absent when none has).`,
      },
    },
  )
  .get(
    '/api/tools/facets',
    ({ query, set }) => {
      set.headers['cache-control'] = PUBLIC_CACHE;
      const filters = toolListFilters(query);
      return keptCatalogueAnswer(
        JSON.stringify(['facets', query.search, filtersKey(filters)]),
        toolFacetsSchema,
        async () => ({
          answer: await directoryFacets({ search: query.search, filters }),
        }),
      );
    },
    { query: toolListQuerySchema, response: answer(toolFacetsSchema) },
  )
  .get(
    '/api/tools/slug/:slug',
    async ({ params, set }) => {
      const found = await getPublicToolBySlug(params.slug);
      if (!found) throw notFound(MSG.toolNotFound);
      set.headers['cache-control'] = PUBLIC_CACHE;
      // SPEC.md section 7's answer keeps its shape: a discontinued tool (its page is public) says so in a header.
      if (found.discontinued) set.headers[DISCONTINUED_HEADER] = found.discontinued.at.toISOString().slice(0, 10);
      return found.tool;
    },
    {
      params: slugParamsSchema,
      response: answer(publicToolDetailSchema),
      detail: {
        description: `One tool with a public page and its editorial reviews. A discontinued tool (its page stays, it left the lists) is answered too, with the day it was discontinued (YYYY-MM-DD) in the \`${DISCONTINUED_HEADER}\` header; the header is absent otherwise.`,
      },
    },
  );

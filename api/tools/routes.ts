// The public catalogue API: approved tools by page, category and search, and one tool by slug.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { getPublicToolBySlug, listPublicTools } from '../../db/queries/tools';
import { CATEGORY_IDS } from '../../lib/categories';
import { DIRECTORY_PAGE_SIZE } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { isCleanLine } from '../../lib/schemas';
import { errors, notFound } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';


export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

/** An empty form field means the same as an absent one. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Digits only (no sign, exponent or hex), at most 15 of them so the number stays a safe integer. */
const wholeNumber = (message: string) =>
  z
    .string(message)
    .regex(/^\d{1,15}$/, message)
    .transform(Number);

export const toolListQuerySchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    wholeNumber(MSG.invalidLimit)
      .pipe(z.number().min(1, MSG.invalidLimit).max(MAX_PAGE_SIZE, MSG.invalidLimit))
      .optional()
      .default(DIRECTORY_PAGE_SIZE),
  ),
  offset: z.preprocess(blankToUndefined, wholeNumber(MSG.invalidOffset).optional().default(0)),
  // Control characters are refused here as in every text field, not silently dropped (docs/decisions/0025-text-input.md).
  search: z.preprocess(
    blankToUndefined,
    z
      .string(MSG.searchTooLong)
      .max(MAX_SEARCH_LENGTH, MSG.searchTooLong)
      .refine(isCleanLine, MSG.controlCharacters('Search text'))
      .optional(),
  ),
  // 'all' is the directory's "All Tools" chip: no filter.
  tags: z.preprocess(
    blankToUndefined,
    z
      .enum(['all', ...CATEGORY_IDS], MSG.unknownCategory)
      .optional()
      .transform((v) => (v === 'all' ? undefined : v)),
  ),
});

export const toolRoutes = new Elysia({ name: 'tool-routes' })
  .use(errors)
  .use(security)
  .get('/api/tools', async ({ query, set }) => {
    const { limit, offset, search, tags } = toolListQuerySchema.parse(query);
    const list = await listPublicTools({ limit, offset, search, category: tags });
    set.headers['cache-control'] = PUBLIC_CACHE;
    return list;
  })
  .get('/api/tools/slug/:slug', async ({ params, set }) => {
    const tool = await getPublicToolBySlug(params.slug);
    if (!tool) throw notFound(MSG.toolNotFound);
    set.headers['cache-control'] = PUBLIC_CACHE;
    return tool;
  });

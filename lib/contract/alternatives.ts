// The editors' picks of alternatives to a tool (GET and PUT /api/admin/tools/{id}/alternatives).
import { z } from 'zod';
import { MAX_CURATED_ALTERNATIVES } from '../alternatives';
import { MSG } from '../messages';

/** PUT's body: the picked tools' ids, best first; an empty list clears the picks. */
export const curatedAlternativesInputSchema = z.object({
  alternativeIds: z
    .array(
      z.number(MSG.alternativeIdsInvalid).int(MSG.alternativeIdsInvalid).positive(MSG.alternativeIdsInvalid),
      MSG.alternativeIdsInvalid,
    )
    .max(MAX_CURATED_ALTERNATIVES, MSG.alternativesTooMany(MAX_CURATED_ALTERNATIVES))
    .refine((ids) => new Set(ids).size === ids.length, MSG.alternativesRepeated),
});
export type CuratedAlternativesInput = z.infer<typeof curatedAlternativesInputSchema>;

/** Both answer the picks as they now are, in order. */
const curatedAlternativeSchema = z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() });
export const curatedAlternativesSchema = z.array(curatedAlternativeSchema);
export type CuratedAlternative = z.infer<typeof curatedAlternativeSchema>;

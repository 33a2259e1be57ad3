// The public catalogue's answers (GET /api/tools) kept as JSON text (decisions 0039, 0080): the directory's pages and
// searches repeat, and reading, mapping and serialising twelve tools cost three quarters of such an answer. One is
// kept until a rebuild request by any process touches a tag its queries read, so never older than what its caller saw.
import type { z } from 'zod';
import { keptWhileTagsStay } from '../../db/queries/kept';
import { isProduction } from '../config';

/** An answer's JSON text and its headers (the list's spelling suggestion): at most 200, each about 11 KB of tools. */
const keptAnswers = keptWhileTagsStay<{ body: string; headers: Record<string, string> }>(200);

/**
 * The JSON answer for `key` (all it depends on besides the data its queries read), with `compute`'s headers. Outside
 * production it is checked against `schema`, as Elysia (api/answer.ts) does not check an answer sent as a Response.
 */
export async function keptCatalogueAnswer<T extends z.ZodType>(
  key: string,
  schema: T,
  compute: () => Promise<{ answer: z.input<T>; headers?: Record<string, string> }>,
): Promise<Response> {
  const { body, headers } = await keptAnswers(key, async () => {
    const { answer, headers = {} } = await compute();
    if (!isProduction) {
      const checked = schema.safeParse(answer);
      if (!checked.success) throw new Error(`answer breaks its schema: ${checked.error.message}`);
    }
    return { body: JSON.stringify(answer), headers };
  });
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json' } });
}

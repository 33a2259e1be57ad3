// Pieces every area of the API contract uses: ids and slugs in paths, timestamps, people, small answers, and the JSON
// view of an answer.
import { z } from 'zod';

/**
 * A moment. The server hands a Date and JSON carries its ISO text: Eden Treaty turns that back into a Date, a plain
 * fetch reads the text (see Json below).
 */
export const timestampSchema = z.date();

/**
 * A row id in the path: digits naming a positive safe integer. Anything else names no row, so the API answers a path
 * that fails its params with 404 and `message` (api/plugins/errors.ts), as it does for a row that does not exist.
 */
export const idParamsSchema = (message: string) =>
  z.object({
    id: z
      .string(message)
      .regex(/^[1-9]\d*$/, message)
      .refine((id) => Number.isSafeInteger(Number(id)), message)
      .transform(Number),
  });

/** A slug in the path; any text is looked up, and one that names nothing public is a 404. */
export const slugParamsSchema = z.object({ slug: z.string() });

/** How the admin lists show a person: display name, and the e-mail where the reader may see it. */
export const personSchema = z.strictObject({ name: z.string(), email: z.string().nullable() });

/** The answer of a call that only says it worked. */
export const okSchema = z.strictObject({ ok: z.literal(true) });

/** The answer of a call that says what it did, in text a toast can show. */
export const messageSchema = z.strictObject({ message: z.string() });

/**
 * What JSON.stringify makes of T, which is what a plain fetch of an answer reads: a Date arrives as its ISO text.
 * `Json<PublicTool>` is the directory's tool as `getJson` returns it.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

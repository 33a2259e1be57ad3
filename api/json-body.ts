// A route's JSON body schema, taking the body as the islands send it: no body at all is `{}` (the calls whose fields are
// all optional send none), and JSON sent with a text content type (the review dialog's "JSON text", SPEC.md section 7)
// is parsed first. The contract's schema then validates the object.
import { z } from 'zod';
import { MSG } from '../lib/messages';

export function jsonBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((body, ctx) => {
    if (body == null || body === '') return {};
    if (typeof body !== 'string') return body;
    try {
      return JSON.parse(body) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: MSG.malformedBody });
      return z.NEVER;
    }
  }, schema);
}

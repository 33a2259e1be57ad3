// A route's JSON body schema, taking the body as plugins/bodies.ts hands it: text, read within the route's limit. No body
// at all is `{}` (the calls whose fields are all optional send none); JSON sent with a text content type (the review
// dialog's "JSON text", SPEC.md section 7, and sendBeacon's) is JSON all the same. The text is parsed only when it nests
// no deeper than any contract needs; the contract's schema then validates the object.
import { z } from 'zod';
import { MSG } from '../lib/messages';

/** Far deeper than any contract's body (three levels at most), far shallower than what costs time to parse or print. */
const MAX_JSON_DEPTH = 32;

/** Whether the JSON text opens more than `max` arrays or objects inside one another; brackets in strings are text. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((body, ctx) => {
    if (typeof body !== 'string') return body;
    if (body === '') return {};
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: MSG.bodyTooDeep });
      return z.NEVER;
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: MSG.malformedBody });
      return z.NEVER;
    }
  }, schema);
}

// Request bodies: each route reads at most the bytes it accepts, refused from Content-Length before a byte is read and
// counted while reading when there is none, and a JSON route gets its body as text for jsonBody (json-body.ts) to
// parse with a depth cap: a hostile body costs no more than reading its route's limit (docs/decisions/0063).
import { Elysia } from 'elysia';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { readCapped } from '../capped-read';
import { HttpError } from './errors';

const KiB = 1024;

interface BodyRule {
  /** Bytes the route reads at most. */
  limit: number;
  /**
   * The route reads its body itself (a multipart form, the webhook's signed bytes), after its own checks (who may
   * upload, how often); otherwise the body reaches the route as text.
   */
  raw?: true;
  /** The 413's text, when the route's callers are told something of their own. */
  tooLarge?: string;
}

/** A route that names no rule below takes a JSON object of short fields, or nothing. */
const DEFAULT_RULE: BodyRule = { limit: 64 * KiB };
/** A form with one image: the largest image plus room for the framing and the text fields beside it. */
const imageForm = (room: number): BodyRule => ({ limit: MAX_LOGO_BYTES + room, raw: true, tooLarge: MSG.fileTooLarge });
/** A blog post: 200,000 characters of Markdown (lib/schemas.ts), up to four bytes each, and its other fields. */
const BLOG_POST: BodyRule = { limit: 1024 * KiB };

/** The routes whose bodies differ from the default, by Elysia's name for them: `METHOD /path/:param`. */
export const BODY_RULES: Readonly<Record<string, BodyRule>> = {
  // {"toolId":…,"kind":"view"}, sent by every tool page.
  'POST /api/metrics/beacon': { limit: 1 * KiB },
  'POST /api/login': { limit: 8 * KiB },
  'POST /api/register': { limit: 8 * KiB },
  // A message of 5,000 characters, up to four bytes each, and the sender's name and address.
  'POST /api/contact': { limit: 32 * KiB },
  // The same forms posted without JavaScript (urlencoded: a byte outside ASCII is three characters).
  'POST /auth/login': { limit: 8 * KiB },
  'POST /auth/register': { limit: 8 * KiB },
  'POST /contact': { limit: 64 * KiB },
  'POST /api/admin/blog/posts': BLOG_POST,
  'PATCH /api/admin/blog/posts/:id': BLOG_POST,
  'POST /api/admin/blog/preview': BLOG_POST,
  'POST /api/tools': imageForm(64 * KiB),
  // The submit form again: an owner's edit of a pending submission, a rejected one's resubmission.
  'PUT /api/user/tools/:id': imageForm(64 * KiB),
  'POST /api/user/tools/:id/resubmit': imageForm(64 * KiB),
  'POST /api/tools/:id/images': imageForm(16 * KiB),
  'POST /api/admin/blog/images': imageForm(16 * KiB),
  'POST /api/account/avatar': imageForm(16 * KiB),
  // Stripe's events are a few KB; the signature covers the exact bytes, which the route reads.
  'POST /api/premium/webhook': { limit: 256 * KiB, raw: true },
  // Resend's events (docs/decisions/0106): a few KB, signed over the exact bytes, which the route reads.
  'POST /api/newsletter/webhook': { limit: 256 * KiB, raw: true },
};

/** The largest body any route reads: the server refuses anything larger before routing (api/server.ts). */
export const MAX_BODY_BYTES = Math.max(DEFAULT_RULE.limit, ...Object.values(BODY_RULES).map((rule) => rule.limit));

const utf8 = new TextDecoder();

const tooLarge = (rule: BodyRule) => new HttpError(413, rule.tooLarge ?? MSG.bodyTooLarge);

/** The body's bytes, refused as soon as they pass the rule's limit. */
async function readLimited(body: ReadableStream<Uint8Array>, rule: BodyRule): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCapped(body, rule.limit);
  if (!bytes) throw tooLarge(rule);
  return bytes;
}

/**
 * Elysia's parse step for every route (as: 'global', so before the routes' own): what is thrown here reaches
 * errors.ts as the cause of a PARSE error. A raw route's body is left to the route (`null` tells Elysia the body is
 * dealt with), unless it came without Content-Length: then it is read here, counted, and handed on as a new request.
 */
export const bodies = new Elysia({ name: 'bodies' }).onParse({ as: 'global' }, async (context) => {
  const { request, route } = context;
  const rule = BODY_RULES[`${request.method} ${route}`] ?? DEFAULT_RULE;
  const declared = request.headers.get('content-length');
  if (Number(declared) > rule.limit) throw tooLarge(rule);
  if (!rule.raw) return request.body ? utf8.decode(await readLimited(request.body, rule)) : '';
  if (declared === null && request.body) {
    const body = await readLimited(request.body, rule);
    context.request = new Request(request.url, { method: request.method, headers: request.headers, body });
  }
  return null;
});

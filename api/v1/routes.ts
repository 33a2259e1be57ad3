// The public read-only API, version 1 (docs/decisions/0036-public-api.md): the directory's tools, categories and
// posts for other programs. Open to any origin (CORS, no cookies), cacheable by shared caches (content ETag, 304),
// and rate limited per client address with the IETF RateLimit-Policy / RateLimit fields.
import { withHeaders } from '@elysiajs/openapi';
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  V1_MSG,
  V1_TAG,
  categoryList,
  errorText,
  postPage,
  postsQuery,
  toolDetail as toolDetailSchema,
  toolPage,
  toolParams,
  toolsQuery,
} from '../../lib/contract/public-v1';
import { config } from '../config';
import { HttpError, errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { contentEtag } from '../publishing/build-files';
import { addressBucket, rateKey, takeInWindow } from '../rate-limit';
import { matchesIfNoneMatch, requestPath } from '../publishing/static-site';
import { answer } from '../answer';
import { categories, postsPage, toolDetail, toolsPage } from './service';

const V1_PREFIX = '/api/v1/';

/**
 * Shared caches (a CDN) keep an answer a minute and may serve it stale five more while they revalidate; a program
 * may reuse it for a minute. Revalidating costs a 304 thanks to the ETag. Errors stay `private, no-store`.
 */
export const V1_CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=300';

/** On every answer under /api/v1, errors included, so a page of another origin can read them (and their reason). */
const V1_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After',
} as const;

/** A preflight's answer: GET from anywhere, with any request header (no credentials are ever taken), for a day. */
const PREFLIGHT_HEADERS = {
  ...V1_CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
} as const;

/** The name of the one quota policy in RateLimit-Policy and RateLimit. */
const POLICY = '"v1"';

const headerText = (description: string) => z.string().meta({ description });

/**
 * The answer's schema with the headers it comes with, for the OpenAPI document, checked only outside production as
 * every answer is (api/answer.ts). withHeaders answers a copy, which zod's registry does not know: the copy gets the
 * original's description and examples.
 */
function withAnswerHeaders<S extends z.ZodType>(schema: S, headers: Record<string, z.ZodType>): S {
  const copy = withHeaders(answer(schema), headers);
  z.globalRegistry.add(copy, z.globalRegistry.get(schema) ?? {});
  return copy;
}
const answerHeaders = {
  etag: headerText("The answer's content hash: send it back in If-None-Match to get 304 while it is unchanged."),
  'cache-control': headerText(V1_CACHE),
  'ratelimit-policy': headerText('The quota: `"v1";q=<requests>;w=<seconds>` (draft-ietf-httpapi-ratelimit-headers).'),
  ratelimit: headerText('What is left of it: `"v1";r=<remaining>;t=<seconds until the window resets>`.'),
};
const badRequest = errorText('The query is not valid; the text says which parameter and why.', V1_MSG.limit);
const tooMany = withAnswerHeaders(
  errorText('Over the rate limit; wait Retry-After seconds.', V1_MSG.rateLimited(config.publicApiRateLimit, 42)),
  {
    'retry-after': headerText('Seconds until the window resets.'),
    'ratelimit-policy': answerHeaders['ratelimit-policy'],
    ratelimit: answerHeaders.ratelimit,
  },
);
const notModified = z.void().meta({ description: 'Not Modified: the If-None-Match ETag still names this answer.' });

export interface PublicApiOptions {
  /** Requests a minute per client address; PUBLIC_API_RATE_LIMIT by default. */
  rateLimit?: number;
}

/** The four reads, each counted against the caller's quota and answered with a content ETag. */
function readRoutes(rateLimit: number) {
  return (
    new Elysia()
      .use(errors)
      .use(security)
      // Counted before the query is validated: a bad request costs the caller as much as a good one.
      .onTransform(async ({ ip, set }) => {
        const { count, resetsAt } = await takeInWindow(rateKey('public-api', addressBucket(ip)));
        const seconds = Math.max(0, Math.ceil((resetsAt - Date.now()) / 1000));
        set.headers['ratelimit-policy'] = `${POLICY};q=${rateLimit};w=60`;
        set.headers.ratelimit = `${POLICY};r=${Math.max(0, rateLimit - count)};t=${seconds}`;
        if (count > rateLimit) {
          set.headers['retry-after'] = String(seconds);
          throw new HttpError(429, V1_MSG.rateLimited(rateLimit, seconds));
        }
      })
      // After the answer passed its schema: the bytes sent are hashed, and a matching If-None-Match gets 304.
      .mapResponse(({ request, responseValue, set }) => {
        if (
          set.status !== 200 ||
          responseValue === null ||
          typeof responseValue !== 'object' ||
          responseValue instanceof Response
        )
          return;
        const body = JSON.stringify(responseValue);
        const etag = contentEtag(Buffer.from(body));
        set.headers.etag = etag;
        set.headers['cache-control'] = V1_CACHE;
        if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304 });
        return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
      })
      .get('/api/v1/tools', ({ query }) => toolsPage(query), {
        query: toolsQuery,
        response: { 200: withAnswerHeaders(toolPage, answerHeaders), 304: notModified, 400: badRequest, 429: tooMany },
        detail: {
          tags: [V1_TAG],
          summary: 'List tools',
          description:
            "Approved tools of the directory, a page at a time. Filter by search text, category and pricing model, choose the order, and follow `nextCursor` until it is null: each tool comes once, in order, even when many share a score or a date. A search with a word in no tool runs corrected, as the directory's does, and `correctedSearch` names the search that ran.",
        },
      })
      .get(
        '/api/v1/tools/:slug',
        async ({ params }) => {
          const tool = await toolDetail(params.slug);
          if (!tool) throw notFound(V1_MSG.toolNotFound);
          return tool;
        },
        {
          params: toolParams,
          response: {
            200: withAnswerHeaders(toolDetailSchema, answerHeaders),
            304: notModified,
            404: errorText(
              'No public tool has this slug (it may be pending review, rejected or unlisted, or no tool can have it).',
              V1_MSG.toolNotFound,
            ),
            429: tooMany,
          },
          detail: {
            tags: [V1_TAG],
            summary: 'Get a tool',
            description: 'One approved tool by its slug, with its editorial reviews.',
          },
        },
      )
      .get('/api/v1/categories', () => categories(), {
        response: { 200: withAnswerHeaders(categoryList, answerHeaders), 304: notModified, 429: tooMany },
        detail: {
          tags: [V1_TAG],
          summary: 'List categories',
          description: 'The six categories with how many public tools each holds.',
        },
      })
      .get('/api/v1/posts', ({ query }) => postsPage(query), {
        query: postsQuery,
        response: { 200: withAnswerHeaders(postPage, answerHeaders), 304: notModified, 400: badRequest, 429: tooMany },
        detail: {
          tags: [V1_TAG],
          summary: 'List blog posts',
          description: 'Published blog posts, newest first, a page at a time: follow `nextCursor` until it is null.',
        },
      })
  );
}

export function publicApiRoutes({ rateLimit = config.publicApiRateLimit }: PublicApiOptions = {}) {
  return (
    new Elysia({ name: 'public-api-v1', seed: rateLimit })
      .use(errors)
      .use(security)
      // Before routing, so an unknown path or a refused request under /api/v1 carries them too.
      .onRequest(({ request, set }) => {
        if (requestPath(request.url).startsWith(V1_PREFIX)) Object.assign(set.headers, V1_CORS_HEADERS);
      })
      // A preflight is not counted: browsers send one before a request that carries a custom header.
      .options(
        '/api/v1/*',
        ({ set }) => {
          Object.assign(set.headers, PREFLIGHT_HEADERS);
          set.status = 204;
          return '';
        },
        { detail: { hide: true } },
      )
      .use(readRoutes(rateLimit))
  );
}

// /badge/{slug}.svg, the badge a maker links back with, and the member's tools that may carry one (GET
// /api/user/badges) for the dashboard's snippets (docs/decisions/0109).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { badgeQuerySchema, badgeToolSchema } from '../../lib/contract';
import { tagHeaders } from '../../lib/cache-tags';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { answer } from '../answer';
import { auth } from '../plugins/auth';
import { errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { matchesIfNoneMatch } from '../publishing/static-site';
import { badgeTools, drawBadge } from './service';

/**
 * A browser or image proxy (GitHub's camo) asks again after five minutes and may show the old badge for a day while
 * it does; the server's kept copy changes at once with its tool's tag, and a CDN is purged by that tag.
 */
const BADGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** Opened on its own, the SVG is a document: it may use its own style sheet and nothing else. */
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const badgeRoutes = new Elysia({ name: 'badge-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get(
    '/badge/:file',
    async ({ params, query, request }) => {
      if (!params.file.endsWith('.svg')) throw notFound(ENGAGE_MSG.badgeNotFound);
      const badge = await drawBadge(params.file.slice(0, -'.svg'.length), query.style, query.theme);
      const headers = {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': BADGE_CACHE,
        etag: badge.etag,
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        'content-security-policy': BADGE_CSP,
        'x-content-type-options': 'nosniff',
        ...tagHeaders(badge.tags),
      };
      if (matchesIfNoneMatch(request.headers.get('if-none-match'), badge.etag))
        return new Response(null, { status: 304, headers });
      return new Response(badge.svg, { headers });
    },
    { query: badgeQuerySchema },
  )
  .get('/api/user/badges', ({ user }) => badgeTools(user.id), {
    auth: true,
    response: answer(z.array(badgeToolSchema)),
  });

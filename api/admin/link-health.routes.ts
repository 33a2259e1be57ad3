// The admin Link Health tab's calls (docs/decisions/0102): the list by state, a recheck now (throttled per admin: each
// is a fetch of somebody's site) and "ignore blocked".
import { Elysia } from 'elysia';
import { z } from 'zod';
import { linkHealthQuerySchema, linkHealthRowSchema, linkRecheckSchema, toolParamsSchema } from '../../lib/contract';
import { LISTING_MSG } from '../../lib/listing-messages';
import { answer } from '../answer';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { rateKey, requireAttempt } from '../rate-limit';
import { ignoreBlocked, linkHealthList, recheckLink } from './link-health.service';

export const adminLinkHealthRoutes = new Elysia({ name: 'admin-link-health-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/link-health', ({ query }) => linkHealthList(query.show), {
    permission: 'manage:link-health',
    query: linkHealthQuerySchema,
    response: answer(z.array(linkHealthRowSchema)),
  })
  .post(
    '/api/admin/link-health/:id/recheck',
    async ({ params, user }) => {
      await requireAttempt([rateKey('link-recheck-account', user.id)], LISTING_MSG.linkRecheckTooMany);
      return recheckLink(params.id, user.id);
    },
    { permission: 'manage:link-health', params: toolParamsSchema, response: answer(linkRecheckSchema) },
  )
  .post('/api/admin/link-health/:id/ignore-blocked', ({ params, user }) => ignoreBlocked(params.id, user.id), {
    permission: 'manage:link-health',
    params: toolParamsSchema,
    response: answer(linkHealthRowSchema),
  });

// The admin's claims (docs/decisions/0099): every claim, revoke with a reason. Admins only (manage:claims).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { adminClaimSchema, adminClaimsQuerySchema, claimParamsSchema, revokeClaimSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { listClaims, revokeClaim } from './claims.service';

export const adminClaimRoutes = new Elysia({ name: 'admin-claim-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/claims', ({ query }) => listClaims(query.status), {
    permission: 'manage:claims',
    query: adminClaimsQuerySchema,
    response: answer(z.array(adminClaimSchema)),
  })
  .post('/api/admin/claims/:id/revoke', ({ params, body, user }) => revokeClaim(params.id, body.reason, user.id), {
    permission: 'manage:claims',
    params: claimParamsSchema,
    body: jsonBody(revokeClaimSchema),
    response: answer(adminClaimSchema),
  });

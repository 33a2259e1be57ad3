// The admin Premium tab's calls (docs/decisions/0110): early-access flags and account managers (manage:premium).
import { Elysia } from 'elysia';
import {
  adminFlagSchema,
  adminPremiumMemberSchema,
  adminPremiumSchema,
  flagParamsSchema,
  memberParamsSchema,
  setAccountManagerSchema,
  setFlagSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { setFlagAudience } from '../premium/early-access';
import { adminPremium, setAccountManager } from './premium.service';

export const adminPremiumRoutes = new Elysia({ name: 'admin-premium-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/premium', () => adminPremium(), {
    permission: 'manage:premium',
    response: answer(adminPremiumSchema),
  })
  .put(
    '/api/admin/premium/flags/:key',
    ({ params, body, user }) => setFlagAudience(params.key, body.audience, user.id),
    {
      permission: 'manage:premium',
      params: flagParamsSchema,
      body: jsonBody(setFlagSchema),
      response: answer(adminFlagSchema),
    },
  )
  .put(
    '/api/admin/premium/members/:id/account-manager',
    ({ params, body, user }) => setAccountManager(params.id, body.managerId, user.id),
    {
      permission: 'manage:premium',
      params: memberParamsSchema,
      body: jsonBody(setAccountManagerSchema),
      response: answer(adminPremiumMemberSchema),
    },
  );

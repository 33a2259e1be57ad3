// The member's account manager (docs/decisions/0110): who it is, and the direct message form's call.
import { Elysia } from 'elysia';
import { accountManagerSchema, contactSentSchema, managerMessageSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { accountManager, messageAccountManager } from './account-manager';

export const accountManagerRoutes = new Elysia({ name: 'account-manager-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/premium/account-manager', ({ user }) => accountManager(user), {
    auth: true,
    response: answer(accountManagerSchema),
  })
  .post(
    '/api/premium/account-manager/messages',
    async ({ user, body, ip, status }) => status(201, await messageAccountManager(user, body, ip)),
    { auth: true, body: jsonBody(managerMessageSchema), response: { 201: answer(contactSentSchema) } },
  );

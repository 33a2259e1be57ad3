// Admin user routes: the User Management list, each account's standing beside it, the Manage dialog's PATCH and its
// "Send password reset".
import { Elysia } from 'elysia';
import { z } from 'zod';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import {
  adminUserAccountSchema,
  adminUserSchema,
  messageSchema,
  userParamsSchema,
  userUpdateSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { listUserAccounts, listUsers, sendPasswordReset, updateUser } from './users.service';

export const adminUserRoutes = new Elysia({ name: 'admin-user-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/users', () => listUsers(), {
    permission: 'manage:users',
    response: answer(z.array(adminUserSchema)),
  })
  .get('/api/admin/users/accounts', () => listUserAccounts(), {
    permission: 'manage:users',
    response: answer(z.array(adminUserAccountSchema)),
  })
  .post(
    '/api/admin/users/:id/password-reset',
    async ({ params, user }) => {
      await sendPasswordReset(params.id, user);
      return { message: ACCOUNT_MSG.resetSentByAdmin };
    },
    { permission: 'manage:users', params: userParamsSchema, response: answer(messageSchema) },
  )
  .patch('/api/admin/users/:id', ({ params, body, user }) => updateUser(params.id, body, user), {
    permission: 'manage:users',
    params: userParamsSchema,
    body: jsonBody(userUpdateSchema),
    response: answer(adminUserSchema),
  });

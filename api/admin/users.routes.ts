// Admin user routes: the User Management list and the Manage dialog's PATCH.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { adminUserSchema, userParamsSchema, userUpdateSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { listUsers, updateUser } from './users.service';

export const adminUserRoutes = new Elysia({ name: 'admin-user-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/users', () => listUsers(), {
    permission: 'manage:users',
    response: answer(z.array(adminUserSchema)),
  })
  .patch('/api/admin/users/:id', ({ params, body, user }) => updateUser(params.id, body, user), {
    permission: 'manage:users',
    params: userParamsSchema,
    body: jsonBody(userUpdateSchema),
    response: answer(adminUserSchema),
  });

// Admin user routes: the User Management list and the Manage dialog's PATCH.
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { userUpdateSchema } from '../../lib/schemas';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { idParam, jsonBody } from './shared';
import { listUsers, updateUser } from './users.service';

export const adminUserRoutes = new Elysia({ name: 'admin-user-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/users', () => listUsers(), { permission: 'manage:users' })
  .patch(
    '/api/admin/users/:id',
    ({ params, body, user }) => updateUser(idParam(params.id, MSG.userNotFound), userUpdateSchema.parse(jsonBody(body)), user),
    { permission: 'manage:users' },
  );

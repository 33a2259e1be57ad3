// Admin change-request routes: the list, Approve Changes and Reject Changes.
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { rejectChangeSchema } from '../../lib/schemas';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { approveChangeRequest, listChangeRequests, rejectChangeRequest } from './change-requests.service';
import { idParam, jsonBody } from './shared';

const requestId = (id: string) => idParam(id, MSG.changeRequestNotFound);

export const adminChangeRequestRoutes = new Elysia({ name: 'admin-change-request-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/change-requests', () => listChangeRequests(), { permission: 'review:change-requests' })
  .post('/api/admin/change-requests/:id/approve', ({ params, user }) => approveChangeRequest(requestId(params.id), user), {
    permission: 'review:change-requests',
  })
  .post(
    '/api/admin/change-requests/:id/reject',
    ({ params, body, user }) =>
      rejectChangeRequest(requestId(params.id), rejectChangeSchema.parse(jsonBody(body)).reason || null, user.id),
    { permission: 'review:change-requests' },
  );

// Admin change-request routes: the list, Approve Changes and Reject Changes.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  adminChangeRequestSchema,
  changeRequestApprovalSchema,
  changeRequestDecisionSchema,
  changeRequestParamsSchema,
  rejectChangeSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { approveChangeRequest, listChangeRequests, rejectChangeRequest } from './change-requests.service';

export const adminChangeRequestRoutes = new Elysia({ name: 'admin-change-request-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/change-requests', () => listChangeRequests(), {
    permission: 'review:change-requests',
    response: answer(z.array(adminChangeRequestSchema)),
  })
  .post('/api/admin/change-requests/:id/approve', ({ params, user }) => approveChangeRequest(params.id, user), {
    permission: 'review:change-requests',
    params: changeRequestParamsSchema,
    response: answer(changeRequestApprovalSchema),
  })
  .post(
    '/api/admin/change-requests/:id/reject',
    ({ params, body, user }) => rejectChangeRequest(params.id, body.reason || null, user.id),
    {
      permission: 'review:change-requests',
      params: changeRequestParamsSchema,
      body: jsonBody(rejectChangeSchema),
      response: answer(changeRequestDecisionSchema),
    },
  );

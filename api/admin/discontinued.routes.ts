// Marking a tool discontinued and listing it again (docs/decisions/0103): admins only (discontinue:tools).
import { Elysia } from 'elysia';
import { discontinueSchema, toolParamsSchema, toolRecordSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { discontinueTool, reviveTool } from './discontinued.service';

export const adminDiscontinuedRoutes = new Elysia({ name: 'admin-discontinued-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post('/api/admin/tools/:id/discontinue', ({ params, body, user }) => discontinueTool(params.id, body, user.id), {
    permission: 'discontinue:tools',
    params: toolParamsSchema,
    body: jsonBody(discontinueSchema),
    response: answer(toolRecordSchema),
  })
  .post('/api/admin/tools/:id/revive', ({ params, user }) => reviveTool(params.id, user.id), {
    permission: 'discontinue:tools',
    params: toolParamsSchema,
    response: answer(toolRecordSchema),
  });

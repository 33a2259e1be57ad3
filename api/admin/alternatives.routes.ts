// Admin routes for the editors' picks of alternatives to a tool: the same permission as editing a tool.
import { Elysia } from 'elysia';
import { curatedAlternativesInputSchema, curatedAlternativesSchema, toolParamsSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { curatedAlternatives, setCuratedAlternatives } from './alternatives.service';

const response = answer(curatedAlternativesSchema);

export const adminAlternativeRoutes = new Elysia({ name: 'admin-alternative-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/tools/:id/alternatives', ({ params }) => curatedAlternatives(params.id), {
    permission: 'edit:tools',
    params: toolParamsSchema,
    response,
  })
  .put('/api/admin/tools/:id/alternatives', ({ params, body, user }) => setCuratedAlternatives(params.id, body, user), {
    permission: 'edit:tools',
    params: toolParamsSchema,
    body: jsonBody(curatedAlternativesInputSchema),
    response,
  });

// What a verified owner gets (docs/decisions/0099): the tools a member owns, with their claims' states. Change requests
// and metrics of an owned tool go through the calls the submitter uses (api/submissions, api/metrics).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { ownedToolSchema } from '../../lib/contract';
import { answer } from '../answer';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { ownedTools } from './owners';

export const ownerRoutes = new Elysia({ name: 'owner-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/owners/tools', ({ user }) => ownedTools(user.id), {
    auth: true,
    response: answer(z.array(ownedToolSchema)),
  });

// Admin tool routes: stats, moderation of pending tools and the upkeep of approved ones (SPEC.md section 7).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { MSG } from '../../lib/messages';
import { editorialReviewSchema, rejectSchema, toolUpdateSchema, unlistSchema } from '../../lib/schemas';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { idParam, jsonBody, requireAnyPermission } from './shared';
import {
  addReview,
  adminStats,
  approveTool,
  approvedTools,
  listTool,
  pendingTools,
  rejectTool,
  setPremium,
  toolHistory,
  unlistTool,
  updateTool,
} from './tools.service';

const premiumSchema = z.object({ isPremium: z.boolean('isPremium must be true or false') });

const toolId = (id: string) => idParam(id, MSG.toolNotFound);

export const adminToolRoutes = new Elysia({ name: 'admin-tool-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/stats', () => adminStats(), { permission: 'read:stats' })
  .get('/api/admin/tools/pending', ({ user }) => pendingTools(user), { permission: 'read:pending-tools' })
  .get('/api/admin/tools/approved', () => approvedTools(), { permission: 'edit:tools' })
  .get(
    '/api/admin/tools/:id/history',
    ({ params, user }) => {
      requireAnyPermission(user, ['edit:tools', 'read:pending-tools']);
      return toolHistory(toolId(params.id));
    },
    { auth: true },
  )
  .post(
    '/api/admin/tools/:id/approve',
    ({ params, body, user }) => approveTool(toolId(params.id), editorialReviewSchema.parse(jsonBody(body)), user),
    { permission: 'moderate:tools' },
  )
  .post(
    '/api/admin/tools/:id/reject',
    ({ params, body, user }) => rejectTool(toolId(params.id), rejectSchema.parse(jsonBody(body)).rejectionReason, user.id),
    { permission: 'moderate:tools' },
  )
  .patch(
    '/api/admin/tools/:id',
    ({ params, body, user }) => updateTool(toolId(params.id), toolUpdateSchema.parse(jsonBody(body)), user),
    { permission: 'edit:tools' },
  )
  .post(
    '/api/admin/tools/:id/premium',
    ({ params, body, user }) => setPremium(toolId(params.id), premiumSchema.parse(jsonBody(body)).isPremium, user),
    { permission: 'edit:tools' },
  )
  .post(
    '/api/admin/tools/:id/unlist',
    ({ params, body, user }) => unlistTool(toolId(params.id), unlistSchema.parse(jsonBody(body)).reason, user.id),
    { permission: 'edit:tools' },
  )
  .post('/api/admin/tools/:id/list', ({ params, user }) => listTool(toolId(params.id), user), { permission: 'edit:tools' })
  .post(
    '/api/admin/tools/:id/review',
    ({ params, body, user }) => addReview(toolId(params.id), editorialReviewSchema.parse(jsonBody(body)), user),
    { permission: 'edit:tools' },
  );

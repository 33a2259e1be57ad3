// Admin tool routes: stats, moderation of pending tools (the queue, asking for changes: docs/decisions/0104) and the
// upkeep of approved ones (SPEC.md section 7).
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  adminApprovedToolSchema,
  adminEditorialReviewSchema,
  adminPendingToolSchema,
  adminQueueEntrySchema,
  adminStatsSchema,
  closedOwnerToolSchema,
  editorialReviewSchema,
  pendingRejectionSchema,
  premiumChangeSchema,
  rejectSchema,
  requestChangesSchema,
  toolHistorySchema,
  toolParamsSchema,
  toolPremiumSchema,
  toolRecordSchema,
  toolUpdateSchema,
  unlistSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import {
  addReview,
  adminStats,
  approveTool,
  approvedTools,
  closedOwnerTools,
  listTool,
  pendingRejections,
  pendingTools,
  rejectTool,
  requestToolChanges,
  setPremium,
  toolHistory,
  unlistTool,
  updateTool,
} from './tools.service';
import { adminQueue } from '../submissions/queue';

const params = toolParamsSchema;
const response = answer(toolRecordSchema);

export const adminToolRoutes = new Elysia({ name: 'admin-tool-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/stats', () => adminStats(), { permission: 'read:stats', response: answer(adminStatsSchema) })
  .get('/api/admin/tools/pending', ({ user }) => pendingTools(user), {
    permission: 'read:pending-tools',
    response: answer(z.array(adminPendingToolSchema)),
  })
  .get('/api/admin/tools/pending/queue', () => adminQueue(), {
    permission: 'read:pending-tools',
    response: answer(z.array(adminQueueEntrySchema)),
  })
  .get('/api/admin/tools/pending/rejections', () => pendingRejections(), {
    permission: 'read:pending-tools',
    response: answer(z.array(pendingRejectionSchema)),
  })
  .get('/api/admin/tools/approved', () => approvedTools(), {
    permission: 'edit:tools',
    response: answer(z.array(adminApprovedToolSchema)),
  })
  .get('/api/admin/tools/closed-owners', () => closedOwnerTools(), {
    permission: 'edit:tools',
    response: answer(z.array(closedOwnerToolSchema)),
  })
  .get('/api/admin/tools/:id/history', ({ params }) => toolHistory(params.id), {
    anyPermission: ['edit:tools', 'read:pending-tools'],
    params,
    response: answer(toolHistorySchema),
  })
  .post('/api/admin/tools/:id/approve', ({ params, body, user }) => approveTool(params.id, body, user), {
    permission: 'moderate:tools',
    params,
    body: jsonBody(editorialReviewSchema),
    response,
  })
  .post('/api/admin/tools/:id/reject', ({ params, body, user }) => rejectTool(params.id, body, user.id), {
    permission: 'moderate:tools',
    params,
    body: jsonBody(rejectSchema),
    response,
  })
  .post(
    '/api/admin/tools/:id/request-changes',
    ({ params, body, user }) => requestToolChanges(params.id, body.note, user.id),
    {
      permission: 'moderate:tools',
      params,
      body: jsonBody(requestChangesSchema),
      response: answer(adminQueueEntrySchema),
    },
  )
  .patch('/api/admin/tools/:id', ({ params, body, user }) => updateTool(params.id, body, user), {
    permission: 'edit:tools',
    params,
    body: jsonBody(toolUpdateSchema),
    response,
  })
  .post('/api/admin/tools/:id/premium', ({ params, body, user }) => setPremium(params.id, body.isPremium, user), {
    permission: 'edit:tools',
    params,
    body: jsonBody(toolPremiumSchema),
    response: answer(premiumChangeSchema),
  })
  .post('/api/admin/tools/:id/unlist', ({ params, body, user }) => unlistTool(params.id, body.reason, user.id), {
    permission: 'edit:tools',
    params,
    body: jsonBody(unlistSchema),
    response,
  })
  .post('/api/admin/tools/:id/list', ({ params, user }) => listTool(params.id, user), {
    permission: 'edit:tools',
    params,
    response,
  })
  .post('/api/admin/tools/:id/review', ({ params, body, user }) => addReview(params.id, body, user), {
    permission: 'edit:tools',
    params,
    body: jsonBody(editorialReviewSchema),
    response: answer(adminEditorialReviewSchema),
  });

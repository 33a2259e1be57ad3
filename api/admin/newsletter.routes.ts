// The admin Newsletter tab's calls (docs/decisions/0107): draft the weekly digest from the data, edit the intro,
// preview, send a test to me, schedule and unschedule; admins only (manage:newsletter).
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  adminIssueSchema,
  issueIntroSchema,
  issueParamsSchema,
  issuePreviewSchema,
  messageSchema,
  scheduleIssueSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import {
  draftIssue,
  listIssues,
  previewIssue,
  scheduleIssue,
  sendIssueNow,
  sendTest,
  setIntro,
  unscheduleIssue,
} from './newsletter.service';

export const adminNewsletterRoutes = new Elysia({ name: 'admin-newsletter-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/newsletter/issues', () => listIssues(), {
    permission: 'manage:newsletter',
    response: answer(z.array(adminIssueSchema)),
  })
  .post('/api/admin/newsletter/draft', ({ user }) => draftIssue(user.id), {
    permission: 'manage:newsletter',
    response: answer(adminIssueSchema),
  })
  .patch('/api/admin/newsletter/issues/:id', ({ params, body, user }) => setIntro(params.id, body.intro, user.id), {
    permission: 'manage:newsletter',
    params: issueParamsSchema,
    body: jsonBody(issueIntroSchema),
    response: answer(adminIssueSchema),
  })
  .get('/api/admin/newsletter/issues/:id/preview', ({ params }) => previewIssue(params.id), {
    permission: 'manage:newsletter',
    params: issueParamsSchema,
    response: answer(issuePreviewSchema),
  })
  .post('/api/admin/newsletter/issues/:id/test', ({ params, user }) => sendTest(params.id, user), {
    permission: 'manage:newsletter',
    params: issueParamsSchema,
    response: answer(messageSchema),
  })
  .post(
    '/api/admin/newsletter/issues/:id/schedule',
    ({ params, body, user }) => scheduleIssue(params.id, new Date(body.scheduledFor), user.id),
    {
      permission: 'manage:newsletter',
      params: issueParamsSchema,
      body: jsonBody(scheduleIssueSchema),
      response: answer(adminIssueSchema),
    },
  )
  .post('/api/admin/newsletter/issues/:id/send-now', ({ params, user }) => sendIssueNow(params.id, user.id), {
    permission: 'manage:newsletter',
    params: issueParamsSchema,
    response: answer(adminIssueSchema),
  })
  .post('/api/admin/newsletter/issues/:id/unschedule', ({ params, user }) => unscheduleIssue(params.id, user.id), {
    permission: 'manage:newsletter',
    params: issueParamsSchema,
    response: answer(adminIssueSchema),
  });

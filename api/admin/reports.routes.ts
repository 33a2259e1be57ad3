// The admin Reports tab's calls (docs/decisions/0101): the reports grouped by tool, and acknowledge, resolve (dismiss
// is resolve as no-change or spam) and merge, each behind manage:reports.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  acknowledgeReportSchema,
  adminReportGroupSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  mergeReportSchema,
  reportParamsSchema,
  resolveReportSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { acknowledgeReport, listReports, mergeReport, resolveReport } from './reports.service';

export const adminReportRoutes = new Elysia({ name: 'admin-report-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/reports', ({ query }) => listReports(query), {
    permission: 'manage:reports',
    query: adminReportsQuerySchema,
    response: answer(z.array(adminReportGroupSchema)),
  })
  .post(
    '/api/admin/reports/:id/acknowledge',
    ({ params, body, user }) => acknowledgeReport(params.id, body.note, user.id),
    {
      permission: 'manage:reports',
      params: reportParamsSchema,
      body: jsonBody(acknowledgeReportSchema),
      response: answer(adminReportSchema),
    },
  )
  .post('/api/admin/reports/:id/resolve', ({ params, body, user }) => resolveReport(params.id, body, user.id), {
    permission: 'manage:reports',
    params: reportParamsSchema,
    body: jsonBody(resolveReportSchema),
    response: answer(adminReportSchema),
  })
  .post('/api/admin/reports/:id/merge', ({ params, body, user }) => mergeReport(params.id, body.into, user.id), {
    permission: 'manage:reports',
    params: reportParamsSchema,
    body: jsonBody(mergeReportSchema),
    response: answer(adminReportSchema),
  });

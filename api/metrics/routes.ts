// Tool performance metrics routes: the public beacon of the tool page, and the owner's reads of their tools' counts.
import { Elysia } from 'elysia';
import {
  beaconAnswerSchema,
  beaconSchema,
  metricsQuerySchema,
  ownToolParamsSchema,
  toolMetricsSchema,
  toolMetricsSummarySchema,
} from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { HttpError, errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { addressBucket } from '../rate-limit';
import {
  asksNotToBeTracked,
  isBotAgent,
  queueBeacon,
  takeBeaconAllowance,
  toolMetrics,
  toolMetricsSummary,
} from './service';

export const metricsRoutes = new Elysia({ name: 'metrics-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  // navigator.sendBeacon posts text/plain JSON (no CORS preflight), which jsonBody parses. The answer is always 204 for
  // a valid beacon, counted or not, so it tells nobody whether a tool exists or whether they were counted before. The
  // beacon is written with the others of the next quarter second (flushBeacons): one transaction, not one per visit.
  .post(
    '/api/metrics/beacon',
    async ({ body, request, ip, set }) => {
      set.status = 204;
      // The page's script already sends nothing then; a client that sends anyway is still not measured.
      if (asksNotToBeTracked(request.headers)) return;
      if (isBotAgent(request.headers.get('user-agent'))) return;
      const address = addressBucket(ip);
      if (!takeBeaconAllowance(address)) throw new HttpError(429, MSG.metricsTooManyBeacons);
      await queueBeacon(body, address);
    },
    { body: jsonBody(beaconSchema), response: { 204: answer(beaconAnswerSchema) } },
  )
  .get('/api/user/tools/metrics', ({ user, query }) => toolMetricsSummary(user, query.days), {
    auth: true,
    query: metricsQuerySchema,
    response: answer(toolMetricsSummarySchema),
  })
  .get('/api/user/tools/:id/metrics', ({ user, params, query }) => toolMetrics(user, params.id, query.days), {
    auth: true,
    params: ownToolParamsSchema,
    query: metricsQuerySchema,
    response: answer(toolMetricsSchema),
  });

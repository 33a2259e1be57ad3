// Submission routes: POST /api/tools (multipart), the owner's edit and resubmission of it, the user's own tools, their
// place in the review queue and their change requests.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  changeRequestSchema,
  ownToolParamsSchema,
  submissionSchema,
  toolRecordSchema,
  userChangeRequestSchema,
  userToolSchema,
  userToolStatsSchema,
  userQueueSchema,
  requestedPage,
  userToolsQuerySchema,
  type SubmissionInput,
} from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { nextPageLink } from '../next-page';
import { auth } from '../plugins/auth';
import { HttpError, badRequest, errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { addressBucket, rateKey, takeIfAllowed } from '../rate-limit';
import {
  listUserChangeRequests,
  listUserTools,
  previewTool,
  requestChanges,
  rewriteSubmission,
  submitTool,
  userToolStats,
} from './service';
import { userQueue } from './queue';

function text(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The submission form's values (checked by the contract's submissionSchema) and its logo, read from the raw multipart
 * body: the route takes no parsed body, so that the sender's allowance is checked before it is read (its size is
 * checked before that, plugins/bodies.ts).
 */
async function readSubmission(request: Request): Promise<{ input: SubmissionInput; logo: Blob | null }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw badRequest(MSG.expectedMultipart);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest(MSG.expectedMultipart);
  }
  const input = submissionSchema.parse({
    name: text(form, 'name'),
    url: text(form, 'url'),
    description: text(form, 'description'),
    tags: form.getAll('tags').filter((v): v is string => typeof v === 'string'),
    isPremium: text(form, 'isPremium'),
    pricingModel: text(form, 'pricingModel'),
    targetAudience: form.getAll('targetAudience').filter((v): v is string => typeof v === 'string'),
  });
  const logo = form.get('logo');
  // A form whose file input was left empty still sends an empty part: that is no logo.
  return { input, logo: logo instanceof Blob && logo.size > 0 ? logo : null };
}

/**
 * Counts this submission against the account's and the address's hour and day
 * (docs/decisions/0022) before its body is parsed, so a refused one costs no image work or file.
 */
async function takeSubmissionAllowance(userId: number, ip: string): Promise<void> {
  const address = addressBucket(ip);
  const hour = [rateKey('submit-account-hour', userId), rateKey('submit-address-hour', address)];
  const day = [rateKey('submit-account-day', userId), rateKey('submit-address-day', address)];
  const full = await takeIfAllowed([...hour, ...day]);
  if (full.length === 0) return;
  throw new HttpError(429, full.some((key) => day.includes(key)) ? MSG.submissionsPerDay : MSG.submissionsPerHour);
}

export const submissionRoutes = new Elysia({ name: 'submission-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/tools',
    async ({ request, user, ip, status }) => {
      await takeSubmissionAllowance(user.id, ip);
      const { input, logo } = await readSubmission(request);
      return status(201, await submitTool(user, input, logo));
    },
    { auth: true, parse: 'none', response: { 201: answer(toolRecordSchema) } },
  )
  .put(
    '/api/user/tools/:id',
    async ({ request, user, ip, params }) => {
      // An edit costs the image work of a submission, so it counts against the same allowance (docs/decisions/0069).
      await takeSubmissionAllowance(user.id, ip);
      const { input, logo } = await readSubmission(request);
      return rewriteSubmission(user, params.id, input, logo, 'edit');
    },
    { auth: true, parse: 'none', params: ownToolParamsSchema, response: answer(toolRecordSchema) },
  )
  .post(
    '/api/user/tools/:id/resubmit',
    async ({ request, user, ip, params }) => {
      await takeSubmissionAllowance(user.id, ip);
      const { input, logo } = await readSubmission(request);
      return rewriteSubmission(user, params.id, input, logo, 'resubmit');
    },
    { auth: true, parse: 'none', params: ownToolParamsSchema, response: answer(toolRecordSchema) },
  )
  .get(
    '/api/user/tools',
    async ({ user, query, set }) => {
      const page = requestedPage(query);
      const { tools, more } = await listUserTools(user.id, page);
      // The answer stays SPEC.md's array; the next page is named beside it (RFC 8288), as paged arrays usually are.
      if (page && more) set.headers.link = nextPageLink('/api/user/tools', page);
      return tools;
    },
    { auth: true, query: userToolsQuerySchema, response: answer(z.array(userToolSchema)) },
  )
  .get('/api/user/tools/stats', ({ user }) => userToolStats(user.id), {
    auth: true,
    response: answer(userToolStatsSchema),
  })
  .get('/api/user/tools/queue', ({ user }) => userQueue(user.id, new Date()), {
    auth: true,
    response: answer(userQueueSchema),
  })
  .get('/api/user/tools/:id', ({ user, params }) => previewTool(user, params.id), {
    auth: true,
    params: ownToolParamsSchema,
    response: answer(toolRecordSchema),
  })
  .post(
    '/api/tools/:id/change-requests',
    async ({ user, params, body, status }) => status(201, await requestChanges(user, params.id, body)),
    {
      auth: true,
      params: ownToolParamsSchema,
      body: jsonBody(changeRequestSchema),
      response: { 201: answer(userChangeRequestSchema) },
    },
  )
  .get('/api/user/change-requests', ({ user }) => listUserChangeRequests(user.id), {
    auth: true,
    response: answer(z.array(userChangeRequestSchema)),
  });

// GET /api/admin/settings: the real state of e-mail, payments and the site build for the Settings tab (the live
// build's figures, the queue, the pages served on demand until the next build, the last failure);
// POST /api/admin/rebuild: Rebuild Now, which queues a site rebuild for the worker; GET /api/admin/outbox: the latest
// e-mails kept in the outbox, in development mode only.
import { Elysia } from 'elysia';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import {
  adminSettingsSchema,
  messageSchema,
  outboxEmailSchema,
  type AdminSettings,
  type OutboxEmail,
} from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { auth } from '../plugins/auth';
import { errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { emailConfigured } from '../services/email-sender';
import { changedPages, readBuildInfo } from '../publishing/live-pages';
import { paymentsConfigured } from '../services/payments';
import { liveBuild } from '../publishing/static-site';
import { requestRebuild } from '../publishing/rebuild-queue';
import { rebuildQueueState } from '../../db/queries/rebuilds';
import { REBUILD_RETRY_DELAYS_MS } from '../publishing/rebuild-worker';
import { readLease, WORKER_LEASE } from '../publishing/worker-lease';
import { googleConfigured } from '../auth/google';
import { config } from '../config';

/** The on-demand paths Settings lists; the rest are counted (a burst of approvals can touch hundreds of pages). */
export const ON_DEMAND_SHOWN = 20;

/** The build the site serves now, from the `_build.json` it wrote; null before the first build. */
async function liveBuildInfo() {
  const { folder } = await liveBuild();
  return folder ? readBuildInfo(folder) : null;
}

async function settingsState(): Promise<AdminSettings> {
  const [builds, onDemand, live, outbox, lease] = await Promise.all([
    rebuildQueueState(5),
    changedPages(),
    liveBuildInfo(),
    db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
    readLease(WORKER_LEASE),
  ]);
  return {
    email: {
      provider: 'resend',
      configured: emailConfigured(),
      from: config.resend.from,
      outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
    },
    payments: { provider: 'stripe', configured: paymentsConfigured(), webhook: Boolean(config.stripe.webhookSecret) },
    google: { configured: googleConfigured() },
    adminTwoFactor: { required: config.requireAdminTwoFactor },
    ...builds,
    // Builds tried per job before it is given up on.
    maxAttempts: REBUILD_RETRY_DELAYS_MS.length + 1,
    live,
    onDemand: { count: onDemand.paths.length, paths: onDemand.paths.slice(0, ON_DEMAND_SHOWN), tags: onDemand.tags },
    builder: lease && {
      holder: lease.holder,
      renewedSecondsAgo: Math.max(0, Math.round(lease.renewedMsAgo / 1000)),
      lapsed: lease.expiresInMs <= 0,
    },
  };
}

/** The outbox rows Settings lists in development mode. */
const OUTBOX_SHOWN = 20;

/** The newest outbox rows with their bodies; with a provider key they are real people's mail, so never listed. */
async function latestOutbox(): Promise<OutboxEmail[]> {
  if (emailConfigured()) throw notFound(MSG.outboxDevelopmentOnly);
  const { id, to, subject, kind, status, createdAt, html, text } = emailOutbox;
  return db
    .select({ id, to, subject, kind, status, createdAt, html, text })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(OUTBOX_SHOWN);
}

export const adminSettingsRoutes = new Elysia({ name: 'admin-settings-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/settings', () => settingsState(), {
    permission: 'read:settings',
    response: answer(adminSettingsSchema),
  })
  .get('/api/admin/outbox', () => latestOutbox(), {
    permission: 'read:outbox',
    response: answer(z.array(outboxEmailSchema)),
  })
  // 202: the build runs in the background; Settings shows how it went.
  .post(
    '/api/admin/rebuild',
    async ({ user, status }) => {
      await requestRebuild(`Rebuild Now by ${user.email}`, db);
      return status(202, { message: MSG.rebuildQueued });
    },
    { permission: 'run:rebuild', response: { 202: answer(messageSchema) } },
  );

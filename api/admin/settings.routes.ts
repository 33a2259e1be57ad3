// GET /api/admin/settings: the real state of e-mail, payments and the site build for the Settings tab;
// POST /api/admin/rebuild: Rebuild Now, which queues a site rebuild for the worker.
import { Elysia } from 'elysia';
import { count } from 'drizzle-orm';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { emailConfigured } from '../services/email-sender';
import { paymentsConfigured } from '../services/payments';
import { requestRebuild } from '../services/rebuild-queue';
import { rebuildState } from '../services/rebuild-worker';
import { googleConfigured } from '../auth/google';
import { config } from '../config';

export async function settingsState() {
  const [builds, outbox] = await Promise.all([
    rebuildState(5),
    db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  return {
    email: { provider: 'resend', configured: emailConfigured(), from: config.resend.from, outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])) },
    payments: { provider: 'stripe', configured: paymentsConfigured(), webhook: Boolean(config.stripe.webhookSecret) },
    google: { configured: googleConfigured() },
    ...builds,
  };
}

export const adminSettingsRoutes = new Elysia({ name: 'admin-settings-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/settings', () => settingsState(), { permission: 'read:settings' })
  // 202: the build runs in the background; Settings shows how it went.
  .post(
    '/api/admin/rebuild',
    async ({ user, status }) => {
      await requestRebuild(`Rebuild Now by ${user.email}`, db);
      return status(202, { message: MSG.rebuildQueued });
    },
    { permission: 'run:rebuild' },
  );

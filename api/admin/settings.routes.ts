// GET /api/admin/settings: the real state of e-mail, payments and the site build for the Settings tab.
import { Elysia } from 'elysia';
import { count } from 'drizzle-orm';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { emailConfigured } from '../services/email-sender';
import { paymentsConfigured } from '../services/payments';
import { latestRebuilds } from '../services/rebuild-worker';
import { googleConfigured } from '../auth/google';
import { config } from '../config';

export async function settingsState() {
  const [rebuilds, outbox] = await Promise.all([
    latestRebuilds(5),
    db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  const last = rebuilds[0];
  return {
    email: { provider: 'resend', configured: emailConfigured(), from: config.resend.from, outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])) },
    payments: { provider: 'stripe', configured: paymentsConfigured(), webhook: Boolean(config.stripe.webhookSecret) },
    google: { configured: googleConfigured() },
    build: last ? { status: last.status, reason: last.reason, requestedAt: last.requestedAt, finishedAt: last.finishedAt, error: last.error } : null,
    rebuilds,
  };
}

export const adminSettingsRoutes = new Elysia({ name: 'admin-settings-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/settings', () => settingsState(), { permission: 'read:settings' });


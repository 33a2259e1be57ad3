// The background work of which the whole deployment runs one copy: only the holder of the worker lease runs it
// (worker-lease.ts, docs/decisions/0059-several-machines.md), so no build runs twice and no e-mail is sent twice.
import { startDailyDeletion } from './account/deletion';
import { purgeExpiredProofs } from './account/proofs';
import { purgeExpiredSessions } from './auth/sessions';
import { config } from './config';
import { startDailyAlerts } from './follows/alerts';
import { startClaimRechecks } from './listings/claim-rechecks';
import { startLinkChecks } from './listings/link-checks';
import { log } from './log';
import { purgePastMetricsDays } from './metrics/service';
import { startForgettingUnconfirmed } from './newsletter/forget';
import { startDigestScheduler } from './newsletter/schedule';
import { startEmailSender } from './services/email-sender';
import { purgeExpiredCounters } from './rate-limit';
import { startRebuildWorker, startReviewDueWatch } from './publishing/rebuild-worker';
import { startUploadSweeper } from './services/uploads';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Expired sessions and rate-limit windows are already ignored by their lookups; this only keeps the tables small. */
function startPurges(): () => void {
  const purge = () =>
    Promise.all([purgeExpiredSessions(), purgeExpiredCounters(), purgePastMetricsDays(), purgeExpiredProofs()]).catch(
      (error) => log.error({ err: error }, 'purging expired rows failed'),
    );
  void purge();
  const timer = setInterval(purge, PURGE_EVERY_MS);
  return () => clearInterval(timer);
}

/** Starts them all (the rebuild worker unless REBUILD_WORKER=0); returns what stops them all. */
export function startSingletons(): () => void {
  const stops = [
    config.rebuildWorker ? startRebuildWorker() : () => {},
    startReviewDueWatch(),
    startPurges(),
    startEmailSender(),
    startUploadSweeper(),
    // Closed accounts' personal data, ACCOUNT_DELETION_DAYS after closing (docs/decisions/0097).
    startDailyDeletion(),
    // Keeping listings true (docs/decisions/0098): every approved tool's address daily, owners' proofs every 30 days.
    startLinkChecks(),
    startClaimRechecks(),
    // Bringing people back (docs/decisions/0105): the digest when scheduled, daily alerts, forgetting the unconfirmed.
    startDigestScheduler(),
    startDailyAlerts(),
    startForgettingUnconfirmed(),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

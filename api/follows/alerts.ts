// The daily alert (docs/decisions/0108): at most one e-mail a day (UTC) of updates to what a reader follows, for the
// confirmed addresses that chose daily; the updates it carries are marked sent in the same transaction, so a second run
// sends nothing again and the weekly digest never repeats them.
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { subscribers } from '../../db/schema';
import { BATCH_SIZE } from '../../lib/newsletter';
import { followAlertEmail } from '../emails';
import { startPoll } from '../poll';
import { listLinks, mailableSubscriber } from '../newsletter/subscribers';
import { enqueueEmail } from '../services/email';
import { followUpdatesFor, newestEventId } from './updates';

const HOUR_MS = 60 * 60 * 1000;

/** The start of `now`'s UTC day: an address alerted since then gets nothing more today. */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** One run: every daily address with unsent updates and no alert yet today gets one e-mail. Answers how many went. */
export async function sendDailyAlerts(now: Date): Promise<number> {
  const today = dayStart(now);
  let sent = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: subscribers.id, email: subscribers.email, manageToken: subscribers.manageToken })
      .from(subscribers)
      .where(
        and(
          gt(subscribers.id, after),
          mailableSubscriber(),
          eq(subscribers.cadence, 'daily'),
          or(isNull(subscribers.lastAlertAt), lt(subscribers.lastAlertAt, today)),
        ),
      )
      .orderBy(asc(subscribers.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) return sent;
    after = batch[batch.length - 1].id;
    const updates = await followUpdatesFor(batch.map((s) => s.id));
    for (const subscriber of batch) {
      const list = updates.get(subscriber.id);
      if (!list?.length) continue;
      const through = newestEventId(list);
      const links = listLinks(subscriber.manageToken);
      const email = await followAlertEmail(subscriber.email, list, links);
      const went = await db.transaction(async (tx) => {
        // Taken only while still due, and its updates marked sent in the same write: a second process (or run) finds
        // it taken and sends nothing.
        const [taken] = await tx
          .update(subscribers)
          .set({ lastAlertAt: now, alertsSentThrough: through })
          .where(
            and(
              eq(subscribers.id, subscriber.id),
              or(isNull(subscribers.lastAlertAt), lt(subscribers.lastAlertAt, today)),
              sql`${subscribers.alertsSentThrough} < ${through}`,
            ),
          )
          .returning({ id: subscribers.id });
        if (!taken) return false;
        await enqueueEmail(email, tx);
        return true;
      });
      if (went) sent++;
    }
  }
}

/** Starts the alerts (under the worker lease): a run an hour, so each reader's comes within an hour of the day's turn. */
export function startDailyAlerts(): () => void {
  return startPoll(HOUR_MS, 'daily follow alerts failed', () => sendDailyAlerts(new Date()));
}

// Forgets addresses left unconfirmed FORGET_UNCONFIRMED_DAYS days (docs/decisions/0106): their pending rows are
// deleted (what they followed goes with them, by the foreign key), so an address typed by someone else is not kept.
// Follows asked for confirmed addresses and left unconfirmed go too, once their link is dead (docs/decisions/0112).
import { and, eq, lt, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { subscribers } from '../../db/schema';
import { forgetFollowRequests } from '../follows/follow-requests';
import { log } from '../log';
import { startPoll } from '../poll';
import { unconfirmedCutoff } from './subscribers';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the pending rows whose last confirmation e-mail (or, without one, the row) is older than
 * FORGET_UNCONFIRMED_DAYS at `now`: the same moment their link stops confirming. Returns how many.
 */
export async function forgetUnconfirmed(now: Date): Promise<number> {
  const gone = await db
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.status, 'pending'),
        lt(sql`coalesce(${subscribers.confirmSentAt}, ${subscribers.createdAt})`, unconfirmedCutoff(now).getTime()),
      ),
    )
    .returning({ id: subscribers.id });
  if (gone.length > 0) log.info({ forgotten: gone.length }, 'unconfirmed newsletter addresses forgotten');
  const requests = await forgetFollowRequests(now);
  if (requests > 0) log.info({ forgotten: requests }, 'unconfirmed follow requests forgotten');
  return gone.length;
}

/** Runs it now and once a day (in the worker lease's holder, api/singletons.ts); returns what stops it. */
export function startForgettingUnconfirmed(): () => void {
  return startPoll(DAY_MS, 'forgetting unconfirmed addresses failed', () => forgetUnconfirmed(new Date()), {
    runNow: true,
  });
}

// The rebuild queue: a change to public content (tool approved, edited, listed or unlisted; post
// published or edited) asks for a site rebuild. The worker (scripts/rebuild-on-approve.ts) coalesces them.
import type { Executor } from '../../db/client';
import { rebuildJobs } from '../../db/schema';

/** Asks for a rebuild; pass a transaction to record it atomically with the change. */
export async function requestRebuild(reason: string, tx: Executor): Promise<void> {
  await tx.insert(rebuildJobs).values({ reason, status: 'queued' });
}

// The rebuild queue: a change to public content asks for a rebuild once, where the data is written, naming the tags
// it touched (lib/cache-tags.ts). The worker (rebuild-worker.ts) coalesces the requests into one build; until it lands,
// the pages carrying those tags are rendered on demand and purged from shared caches (live-pages.ts).
import type { Executor } from '../../db/client';
import { rebuildJobs } from '../../db/schema';

const listeners = new Set<(jobId: number) => void>();

/** Called with the id of each rebuild requested in this process (the change may not be committed yet). */
export function onRebuildRequested(listener: (jobId: number) => void): void {
  listeners.add(listener);
}

/** Asks for a rebuild; pass the change's transaction to record it atomically with the change. */
export async function requestRebuild(reason: string, tx: Executor, tags: string[] = []): Promise<void> {
  const [job] = await tx
    .insert(rebuildJobs)
    .values({ reason, status: 'queued', tags })
    .returning({ id: rebuildJobs.id });
  for (const listener of listeners) listener(job.id);
}

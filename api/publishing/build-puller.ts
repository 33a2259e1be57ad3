// Moving a build between machines (decision 0059): after each swap the builder runs PUBLISH_COMMAND with the new
// folder as its last argument (a wrapper around `aws s3 sync`, `rclone sync`...) for a bucket or CDN origin; a machine
// that serves its own copy runs PULL_COMMAND into a fresh folder when the newest succeeded build covers more than its
// live one, and swaps it in like a local build. With one shared volume (one DIST_DIR) PULL_COMMAND stays unset.
import { rmSync } from 'node:fs';
import { eq, max } from 'drizzle-orm';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { config } from '../config';
import { log } from '../log';
import { readBuildInfo } from './live-pages';
import { runHook } from './run-step';
import { hasLiveBuild, installBuild, newBuildFolder } from './site-build';

/** A publish or pull command that runs longer than this is hung: it is killed. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;
/** How often a machine compares its live build with the newest one. */
const PULL_CHECK_MS = 5000;
/** A pull that did not bring the newest build (not published yet, or failed) is tried again after this long. */
const PULL_RETRY_MS = 60_000;

/**
 * Publishes a build folder just swapped in; true when published or nothing is configured. A failure is only logged:
 * the build stays live here, and the next build publishes the whole folder again.
 */
export async function publishBuild(folder: string): Promise<boolean> {
  const command = config.cluster.publishCommand;
  if (!command) return true;
  return runHook('publish', command, [folder], TRANSFER_TIMEOUT_MS);
}

const coveredJobOf = (folder: string) => readBuildInfo(folder)?.coveredJobId ?? 0;

/** Pulls and swaps in the newest build when the live one is older; 'current' when there is nothing newer. */
export async function pullNewestBuild(distDir: string): Promise<'current' | 'pulled' | 'failed'> {
  const command = config.cluster.pullCommand;
  if (!command) return 'current';
  const live = hasLiveBuild(distDir) ? coveredJobOf(distDir) : 0;
  // The newest rebuild request a succeeded build covers (every build marks the jobs it covered succeeded).
  const [newest] = await db
    .select({ id: max(rebuildJobs.id) })
    .from(rebuildJobs)
    .where(eq(rebuildJobs.status, 'succeeded'));
  if ((newest?.id ?? 0) <= live) return 'current';
  const folder = newBuildFolder(distDir);
  const pulled = await runHook('pull', command, [folder], TRANSFER_TIMEOUT_MS);
  // Only a whole build newer than the live one is swapped in: a bucket still holding the previous publish is not.
  const covered = pulled && hasLiveBuild(folder) ? coveredJobOf(folder) : 0;
  if (covered <= live) {
    if (pulled)
      log.warn({ folder, coveredJobId: covered, live }, 'pulled build not newer than the live one; retried later');
    rmSync(folder, { recursive: true, force: true });
    return 'failed';
  }
  await installBuild(folder, distDir);
  log.info({ coveredJobId: covered }, 'pulled build swapped in');
  return 'pulled';
}

/**
 * Checks every few seconds, without PULL_COMMAND never; returns what stops it. The lease's holder checks too: its own
 * builds are the newest, so it pulls only what another holder built before taking over.
 */
export function startBuildPuller(): () => void {
  if (!config.cluster.pullCommand) return () => {};
  let pulling = false;
  let retryAt = 0;
  const timer = setInterval(() => {
    if (pulling || Date.now() < retryAt) return;
    pulling = true;
    pullNewestBuild(config.distDir)
      .then((outcome) => void (retryAt = outcome === 'failed' ? Date.now() + PULL_RETRY_MS : 0))
      .catch((error) => log.error({ err: error }, 'pulling the newest build failed'))
      .finally(() => (pulling = false));
  }, PULL_CHECK_MS);
  return () => clearInterval(timer);
}

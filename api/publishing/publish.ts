// Static output to the edge (docs/decisions/0059-several-machines.md): after each swap the building process runs
// PUBLISH_COMMAND with the new build folder as its last argument (a wrapper around `aws s3 sync`, `rclone sync`...),
// so a bucket or CDN origin, and the machines that pull from it (build-puller.ts), get the whole build.
import { config } from '../config';
import { runHook } from './run-step';

/** A publish or pull command that runs longer than this is hung: it is killed. */
export const TRANSFER_TIMEOUT_MS = 10 * 60_000;

/**
 * Publishes a build folder that was just swapped in; true when published (or nothing is configured). A failed
 * publish leaves the build live here and is only logged: the next build publishes the whole folder again.
 */
export async function publishBuild(
  folder: string,
  { command = config.cluster.publishCommand }: { command?: string } = {},
): Promise<boolean> {
  if (!command) return true;
  return runHook('publish', command, [folder], TRANSFER_TIMEOUT_MS);
}

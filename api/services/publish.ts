// Static output to the edge (docs/decisions/0059-several-machines.md): after each swap the building process runs
// PUBLISH_COMMAND with the new build folder as its last argument (a wrapper around `aws s3 sync`, `rclone sync`...),
// so a bucket or CDN origin, and the machines that pull from it (build-puller.ts), get the whole build.
import { config } from '../config';
import { log } from '../log';
import { runStep } from './run-step';

/** A publish or pull command that runs longer than this is hung: it is killed. */
export const TRANSFER_TIMEOUT_MS = 10 * 60_000;

interface CommandOptions {
  /** The command line, split on spaces and run without a shell. */
  command?: string;
  timeoutMs?: number;
}

/** Runs `command` with `folder` as its last argument; true when it exited 0. Never throws: it logs what went wrong. */
export async function runFolderCommand(what: string, command: string, folder: string, timeoutMs = TRANSFER_TIMEOUT_MS): Promise<boolean> {
  const argv = command.split(/ +/);
  try {
    const step = await runStep([...argv, folder], {}, timeoutMs);
    if (step.code === 0) return true;
    log.error({ command: argv[0], timedOut: step.timedOut, code: step.code, output: step.output.trim().slice(-2000) }, `${what} command failed`);
  } catch (error) {
    log.error({ err: error, command: argv[0] }, `${what} command failed`);
  }
  return false;
}

/**
 * Publishes a build folder that was just swapped in; true when published (or nothing is configured). A failed
 * publish leaves the build live here and is only logged: the next build publishes the whole folder again.
 */
export async function publishBuild(folder: string, { command = config.cluster.publishCommand, timeoutMs }: CommandOptions = {}): Promise<boolean> {
  if (!command) return true;
  return runFolderCommand('publish', command, folder, timeoutMs);
}

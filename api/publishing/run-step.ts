// Runs a command of the server's (a build step; the purge, publish and pull hooks) as a child process, without a
// shell: its output collected, killed with everything it started if it outlives its timeout or the server shuts down.
import { basename, resolve } from 'node:path';
import { log } from '../log';

const ROOT = resolve(import.meta.dirname, '../..');

/** The steps running now, each the leader of its own process group, by their kill. */
const running = new Set<() => void>();
let ending = false;

/**
 * For a process that is ending (a shutdown abandoning a build): kills every step running now and what each started,
 * and fails any step asked for later, so a build between two steps does not start its next one.
 */
export function stopAllSteps(): void {
  ending = true;
  for (const kill of running) kill();
}

/**
 * In a step's own process (the export and its workers): exits once its parent is gone (an orphan's ppid changes), as a
 * kill -9 of the server cannot kill its steps, and an orphan export would render on beside the restarted server's.
 */
export function endWithParent(): void {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.exit(1), 250).unref();
}

/** Reads a child's output as it comes, so what was written before a kill is kept. */
function collect(stream: ReadableStream<Uint8Array>): { text: () => string; done: Promise<void> } {
  const decoder = new TextDecoder();
  let text = '';
  const done = (async () => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  })().catch(() => {});
  return { text: () => text, done };
}

/** Runs `cmd` in the project folder with `env` added; kills it (SIGKILL) once it has run for `timeoutMs`. */
export async function runStep(
  cmd: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number; output: string; timedOut: boolean }> {
  if (ending) return { code: 1, output: 'Not started: the server is shutting down.\n', timedOut: false };
  // Its own process group, so a kill reaches the workers it started too (the export's), not only the step.
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true,
  });
  const out = collect(proc.stdout);
  const err = collect(proc.stderr);
  const kill = () => {
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      proc.kill('SIGKILL');
    }
  };
  running.add(kill);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
  const code = await proc.exited;
  clearTimeout(timer);
  running.delete(kill);
  // A grandchild of a killed step may still hold the pipes open: don't wait for it.
  const drained = Promise.all([out.done, err.done]);
  await (timedOut ? Promise.race([drained, Bun.sleep(1000)]) : drained);
  let output = out.text() + err.text();
  if (timedOut)
    output += `\nBuild step "${cmd.map((part) => basename(part)).join(' ')}" timed out after ${timeoutMs / 1000} s and was killed.\n`;
  return { code: timedOut ? 1 : code, output, timedOut };
}

/**
 * Runs an operator's hook (PURGE_COMMAND, PUBLISH_COMMAND, PULL_COMMAND), split on spaces, with `args` after it; true
 * when it exited 0. Never throws: a hook that fails, hangs or cannot start is logged, and the caller carries on.
 */
export async function runHook(what: string, command: string, args: string[], timeoutMs: number): Promise<boolean> {
  const argv = command.trim().split(/ +/);
  try {
    const { code, output, timedOut } = await runStep([...argv, ...args], {}, timeoutMs);
    if (code === 0) return true;
    log.error(
      { command: argv[0], code, timedOut, output: output.trim().slice(-2000), ...(timedOut && { timeoutMs }) },
      timedOut ? `${what} command killed at its timeout` : `${what} command failed`,
    );
  } catch (error) {
    log.error({ err: error, command: argv[0] }, `${what} command failed`);
  }
  return false;
}

// Real server processes (api/server.ts) for the tests that need more than app.handle: started on a free port over the
// test file's database, their JSON log lines collected as they come; and what to wait for and look at around them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Polls `probe` until it gives a value (errors count as not yet); fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => T | null | false | Promise<T | null | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

/** The process ids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

export type ServerProcess = Bun.Subprocess<'ignore', 'pipe', 'inherit'> & {
  /** http://127.0.0.1:port */
  base: string;
  /** Every line written to stdout so far, as written. */
  output: string[];
  /** The lines so far, parsed (throws on a line that is not JSON). */
  logs(): LogLine[];
};

/**
 * Starts api/server.ts (or `entry`, a file that imports it) with `env` added (port 0, info logs) and waits until it
 * says where it serves.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  entry = 'api/server.ts',
): Promise<ServerProcess> {
  const proc = Bun.spawn([process.execPath, entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const output: string[] = [];
  let port = '';
  let ended = false;
  void (async () => {
    let rest = '';
    for await (const chunk of proc.stdout.pipeThrough(new TextDecoderStream())) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        output.push(line);
        port ||= /Serving on http:\/\/localhost:(\d+)/.exec(line)?.[1] ?? '';
      }
    }
    if (rest) output.push(rest);
    ended = true;
  })();
  const gaveUp = Date.now() + 30_000;
  while (!port) {
    if (ended || Date.now() > gaveUp)
      throw new Error(`The server ${ended ? 'exited' : 'was still silent'} before serving:\n${output.join('\n')}`);
    await Bun.sleep(50);
  }
  return Object.assign(proc, {
    base: `http://127.0.0.1:${port}`,
    output,
    logs: () => output.map((line) => JSON.parse(line) as LogLine),
  });
}

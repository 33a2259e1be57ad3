// A real server process (api/server.ts) for the tests that need one: started on a free port over the test file's
// database, its JSON log lines collected as they come.
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Polls `probe` until it gives a value (errors count as not yet); fails after `ms`. */
export async function until<T>(what: string, probe: () => T | null | false | Promise<T | null | false>, ms = 20_000): Promise<T> {
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

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  proc: Bun.Subprocess<'ignore', 'pipe', 'inherit'>;
  /** http://127.0.0.1:port */
  base: string;
  /** Every line written to stdout so far, as written. */
  output: string[];
  /** The lines so far, parsed (throws on a line that is not JSON). */
  logs(): LogLine[];
}

/** Starts api/server.ts with `env` added (port 0, info logs) and waits until it serves. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const proc = Bun.spawn([process.execPath, 'api/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const output: string[] = [];
  let port = '';
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
  })();
  await until('the server to serve', () => port || null, 30_000);
  return { proc, base: `http://127.0.0.1:${port}`, output, logs: () => output.map((line) => JSON.parse(line) as LogLine) };
}

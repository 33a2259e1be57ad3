// Real server processes for the tests that need more than app.handle: start `bun api/server.ts`, wait for things,
// look at its children.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export type ServerProcess = Bun.Subprocess<'ignore', 'pipe', 'inherit'> & { base: string };

/**
 * Starts `bun api/server.ts` with `env` on a free port (PORT=0 unless told) and resolves once it says where it
 * serves; `base` is its http://127.0.0.1:PORT. Its standard output is read to the end afterwards, so it never blocks.
 */
export async function startServer(env: Record<string, string | undefined>, onOutput?: (text: string) => void): Promise<ServerProcess> {
  const child = Bun.spawn([process.execPath, 'api/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', ...env },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let said = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`The server exited before serving:\n${said}`);
    said += value;
    onOutput?.(value);
    const serving = /Serving on http:\/\/localhost:(\d+)/.exec(said);
    if (serving) {
      void (async () => {
        for (;;) {
          const { value: more, done: ended } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (ended) return;
          onOutput?.(more!);
        }
      })();
      return Object.assign(child, { base: `http://127.0.0.1:${serving[1]}` });
    }
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

/** Polls `probe` until it gives something truthy (a throw counts as not yet); fails after `ms`. */
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

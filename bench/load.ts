// Load-test helpers the benches share: a free port, a wrk run and its figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeCpuSeconds } from './proc';

/**
 * A production server without payment or e-mail keys (docs/decisions/0057): the development modes allowed, and a
 * site address of its own, as a production start requires.
 */
export function productionEnv(siteUrl: string): Record<string, string> {
  return { NODE_ENV: 'production', SITE_URL: siteUrl, ALLOW_DEV_PAYMENTS: '1', ALLOW_DEV_EMAIL: '1' };
}

export interface WrkResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** CPU time the server's processes spent per answer (µs), when measured: a figure the machine's drift moves less. */
  cpuUs?: number;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

/** Requests per second and the 50th/99th latency percentiles from `wrk --latency` output. */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s|m)\b/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\b/m.exec(output);
  if (!rps || !p50 || !p99) throw new Error(`cannot read wrk output:\n${output}`);
  const requests = /(\d+) requests in/.exec(output);
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  if (errors) throw new Error(`wrk saw ${errors[1]} non-2xx answers:\n${output}`);
  return {
    rps: Number(rps[1]),
    p50Ms: toMs(p50[1], p50[2]),
    p99Ms: toMs(p99[1], p99[2]),
    requests: Number(requests?.[1] ?? 0),
  };
}

export interface WrkOptions {
  seconds?: number;
  connections?: number;
  threads?: number;
  headers?: Record<string, string>;
  /** The server's process: the CPU time its process tree spent per request is measured too. */
  serverPid?: number;
  /** A wrk Lua script (its text), e.g. one that varies the request per call. */
  script?: string;
}

/** `wrk --latency` on `url` (default -t2 -c50 -d10s). */
export async function wrk(
  url: string,
  { seconds = 10, connections = 50, threads = 2, headers = {}, serverPid, script }: WrkOptions = {},
): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  let scriptArgs: string[] = [];
  if (script) {
    const file = join(mkdtempSync(join(tmpdir(), 'wrk-')), 'script.lua');
    writeFileSync(file, script);
    scriptArgs = ['-s', file];
  }
  const cpuBefore = serverPid ? treeCpuSeconds(serverPid) : 0;
  const proc = Bun.spawn(
    ['wrk', `-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...scriptArgs, ...headerArgs, url],
    { stdout: 'pipe', stderr: 'pipe' },
  );
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`wrk exited with ${code} on ${url}: ${err}`);
  const result = parseWrk(out);
  if (serverPid && result.requests > 0)
    result.cpuUs = ((treeCpuSeconds(serverPid) - cpuBefore) * 1e6) / result.requests;
  return result;
}

/** One result as the benches print it. */
export function formatWrk(r: WrkResult): string {
  const cpu = r.cpuUs === undefined ? '' : `, ${r.cpuUs.toFixed(1)} µs CPU/req`;
  return `${Math.round(r.rps).toLocaleString('en-US').padStart(8)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms${cpu}`;
}

// What a flood does to everyone else (docs/decisions/0064): the static home page's p50/p99 (wrk) alone, during a
// stream of nested-JSON POSTs (100,000 `[` to /api/login and /api/metrics/beacon from a few loops), and during a
// flood of distinct directory queries (16 connections, each request a word of its own: every one an uncached render),
// from one client and from a new client address per request, side by side in one run with the ratio to the figure
// alone. The real server as deployed (production, one process per core) on a seeded, built site. Never part of `npm test`.
// Run: node_modules/.bin/bun bench/flood.ts [--tools N] [--seconds S] [--no-limits]   (N synthetic tools, default
// 10,000; --no-limits lifts the render budget and the in-flight cap, for the figures without them)
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { formatWrk as fmt, freePort, productionEnv, wrk, type WrkResult } from './load';
import { useScratchSite } from './scratch';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const N = Number(arg('--tools') ?? 10_000);
const SECONDS = Number(arg('--seconds') ?? 8);
const NO_LIMITS = process.argv.includes('--no-limits');
/** The home page as measured: a few connections, so the measurement is not itself the load. */
const HOME = { connections: 8, threads: 1, headers: { 'accept-encoding': 'gzip' } };
/** The nested-JSON stream: this many loops, each posting one body after another. */
const JSON_LOOPS = 4;
const NESTED = '['.repeat(100_000);
const FLOOD_CONNECTIONS = 16;

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const work = useScratchSite('flood', BASE);
const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { buildApp, buildSite } = await import('../api/publishing/site-build');

/** A wrk script whose every request asks the directory for a word no request asked before (`addresses`: each from an address of its own). */
function floodScript(addresses: boolean): string {
  const header = addresses
    ? `wrk.headers['X-Forwarded-For'] = '10.' .. math.random(0, 255) .. '.' .. math.random(0, 255) .. '.' .. math.random(1, 254)\n  `
    : '';
  // setup() runs in the main state and gives each thread its own id: the threads' words never meet.
  return `local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set('id', threads)
end
local n = 0
request = function()
  n = n + 1
  ${header}return wrk.format('GET', '/directory?q=w' .. id .. 'x' .. n)
end
`;
}

/** Runs `wrk` as a flood for `seconds` and answers how many requests it made and how many were refused (non-2xx). */
async function flood(script: string, seconds: number): Promise<{ requests: number; refused: number }> {
  const file = `${work}/flood.lua`;
  await Bun.write(file, script);
  const proc = Bun.spawn(['wrk', '-t2', `-c${FLOOD_CONNECTIONS}`, `-d${seconds}s`, '-s', file, `${BASE}/`], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    refused: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** The nested-JSON stream for `seconds`: each loop posts the body to the sign-in and the beacon in turn. */
async function nestedJson(seconds: number): Promise<{ requests: number; statuses: Set<number> }> {
  const until = performance.now() + seconds * 1000;
  let requests = 0;
  const statuses = new Set<number>();
  const loop = async (i: number) => {
    for (let k = i; performance.now() < until; k++) {
      const [path, type] = k % 2 === 0 ? ['/api/login', 'application/json'] : ['/api/metrics/beacon', 'text/plain'];
      const res = await fetch(`${BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: NESTED,
      }).catch(() => null);
      await res?.arrayBuffer();
      if (res) statuses.add(res.status);
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: JSON_LOOPS }, (_, i) => loop(i)));
  return { requests, statuses };
}

/** The home page measured while `load` runs (started just before, for as long plus a second). */
async function homeDuring<T>(load: (seconds: number) => Promise<T>): Promise<{ home: WrkResult; load: T }> {
  const running = load(SECONDS + 1);
  await Bun.sleep(500);
  const home = await wrk(`${BASE}/`, { ...HOME, seconds: SECONDS });
  return { home, load: await running };
}

const row = (label: string, r: WrkResult, alone: WrkResult, note = '') =>
  console.log(
    `${label.padEnd(44)} ${fmt(r)}  (p50 ×${(r.p50Ms / alone.p50Ms).toFixed(1)}, p99 ×${(r.p99Ms / alone.p99Ms).toFixed(1)})${note}`,
  );

let server: ReturnType<typeof Bun.spawn> | undefined;
try {
  console.log(
    `Flood bench at ${N.toLocaleString('en-US')} tools${NO_LIMITS ? ', render limits lifted' : ''}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const app = await buildApp();
  if (!app.ok) throw new Error(app.log);
  const site = await buildSite();
  if (!site.ok) throw new Error(site.log);
  server = Bun.spawn([process.execPath, 'api/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REBUILD_WORKER: '0',
      LOG_LEVEL: 'warn',
      ...productionEnv(BASE),
      // The flood from many clients gives each request an address of its own in X-Forwarded-For.
      TRUSTED_PROXY_HOPS: '1',
      ...(NO_LIMITS ? { RENDER_BUDGET_PER_MINUTE: '999999999', RENDERS_IN_FLIGHT: '999999' } : {}),
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  for (
    let i = 0;
    !(await fetch(`${BASE}/`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 300 || server.exitCode !== null) throw new Error('the server did not start');
    await Bun.sleep(100);
  }
  // Warm-up: the page in memory, the server build loaded, JIT.
  await wrk(`${BASE}/`, { ...HOME, seconds: 2 });
  await fetch(`${BASE}/directory?q=warm`);

  console.log(`home page: wrk -t${HOME.threads} -c${HOME.connections} -d${SECONDS}s --latency, gzip`);
  const alone = await wrk(`${BASE}/`, { ...HOME, seconds: SECONDS });
  row('alone', alone, alone);
  const json = await homeDuring(nestedJson);
  row(
    `during nested-JSON POSTs (${JSON_LOOPS} loops)`,
    json.home,
    alone,
    `; ${json.load.requests} posts, answered ${[...json.load.statuses].join('/')}`,
  );
  for (const addresses of [false, true]) {
    const during = await homeDuring((s) => flood(floodScript(addresses), s));
    const label = `during a distinct-query flood (${addresses ? 'many clients' : 'one client'})`;
    row(label, during.home, alone, `; flood ${during.load.requests} requests, ${during.load.refused} refused`);
  }
} finally {
  server?.kill('SIGTERM');
  await server?.exited;
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);

// API benchmark: the real server (production mode, one process per core) on a seeded database, beside a constant
// Bun.serve answer from as many processes (the ceiling for any API here), wrk -t2 -c50 on loopback in one run. Prints
// req/s, p50 and p99 per endpoint and the ratio to the constant answer. Never part of `npm test`.
// Run: node_modules/.bin/bun bench/api.ts [--tools N] [--case TEXT] [--seconds S]   (seeds N synthetic tools, default
// 10,000, into a scratch database; --case runs only the cases whose label holds TEXT)
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatWrk as fmt, freePort, productionEnv, wrk, type WrkResult } from './load';

const ROOT = resolve(import.meta.dirname, '..');

/** What the issue measures: a signed-in /api/user, the directory's first page, and three kinds of search. */
export const API_CASES: {
  label: string;
  path: string;
  signedIn?: boolean;
  script?: string;
  check?: { init: RequestInit; status: number };
}[] = [
  { label: '/api/user with a session', path: '/api/user', signedIn: true },
  { label: '/api/tools?limit=12', path: '/api/tools?limit=12' },
  { label: 'search, broad word "data"', path: '/api/tools?search=data' },
  { label: 'search, prefix "ana"', path: '/api/tools?search=ana' },
  { label: 'search, two words', path: '/api/tools?search=data%20writer' },
  {
    label: 'filtered + sorted (2 categories, free, 7+, rating)',
    path: '/api/tools?category=design&category=marketing&pricing=free&minRating=7&sort=rating',
  },
  { label: 'facets of a search and filters', path: '/api/tools/facets?search=data&category=design&minRating=7' },
  { label: 'typo "Copilt" (answered with "Copilot")', path: '/api/tools?search=Copilt' },
  {
    label: 'filtered + sorted pages, all different',
    path: '/api/tools?category=design&sort=rating',
    script: variedRequests(
      '/api/tools?limit=12&',
      '',
      `({'category=design','category=marketing&category=design','pricing=free','minRating=8','category=development&pricing=freemium'})[math.random(1, 5)] .. '&sort=' .. ({'rating','newest','reviewed','name','recommended'})[math.random(1, 5)] .. '&offset=' .. (math.random(0, 20) * 12)`,
    ),
  },
  // The same URL again and again is answered from what the server keeps (decision 0039); these vary every request,
  // so nearly none is: the cost of an answer read from the database.
  {
    label: 'directory pages, all different',
    path: '/api/tools?limit=12',
    script: variedRequests('/api/tools?limit=12&offset=', '', 'math.random(0, 800) * 12'),
  },
  {
    label: 'searches, all different',
    path: '/api/tools?search=data',
    script: variedRequests(
      '/api/tools?search=',
      '',
      `({'data','ana','writer','video','notes','data%20writer','sales','design'})[math.random(1, 8)] .. '&offset=' .. (math.random(0, 40) * 12)`,
    ),
  },
  // Every beacon from a new visitor (an address of its own through the trusted proxy header), so each one takes the
  // rate limit and writes its dedup row and the day's count: the beacon's most costly path (decision 0054).
  {
    label: 'tool page beacons, new visitors',
    path: '/api/metrics/beacon',
    check: {
      init: {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
        body: '{"toolId":1,"kind":"view"}',
      },
      status: 204,
    },
    script: `math.randomseed(os.time())
request = function()
  local ip = '10.' .. math.random(0, 255) .. '.' .. math.random(0, 255) .. '.' .. math.random(1, 254)
  local headers = { ['Content-Type'] = 'text/plain;charset=UTF-8', ['User-Agent'] = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36', ['X-Forwarded-For'] = ip }
  return wrk.format('POST', '/api/metrics/beacon', headers, '{"toolId":' .. math.random(1, 1000) .. ',"kind":"view"}')
end
`,
  },
];

/** A wrk script whose every request is `prefix .. <Lua expression> .. suffix`. */
function variedRequests(prefix: string, suffix: string, expression: string): string {
  return `math.randomseed(os.time())\nrequest = function() return wrk.format(nil, '${prefix}' .. ${expression} .. '${suffix}') end\n`;
}

export interface ApiBenchResult {
  processes: number;
  constant: WrkResult;
  cases: { label: string; result: WrkResult }[];
}

async function waitFor(url: string, proc: { exitCode: number | null }, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error(`${what} did not answer ${url}`);
}

/**
 * Starts the server on `databaseUrl` (migrated and seeded) and the constant answer, measures API_CASES, stops both.
 * `sessionToken`: a session of a user of that database.
 */
export async function benchApi(
  databaseUrl: string,
  sessionToken: string,
  { seconds = 8, processes = availableParallelism(), only = API_CASES } = {},
): Promise<ApiBenchResult> {
  // The server runs in production, where the session cookie has its production name. (Imported here: the module
  // opens the database of DATABASE_URL, which the standalone run sets first.)
  const { sessionCookieName } = await import('../api/auth/sessions');
  const cookie = `${sessionCookieName(true)}=${sessionToken}`;
  const work = mkdtempSync(join(tmpdir(), 'api-bench-'));
  const [port, constantPort] = [await freePort(), await freePort()];
  const server = Bun.spawn([process.execPath, 'api/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(work, 'uploads'),
      DIST_DIR: join(work, 'dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      REBUILD_WORKER: '0',
      ...productionEnv(`http://localhost:${port}`),
      // The beacon case gives each request an address of its own in X-Forwarded-For; no other case sends one.
      TRUSTED_PROXY_HOPS: '1',
      SERVER_PROCESSES: String(processes),
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  // The ceiling: the same number of processes sharing a port, each answering a constant JSON body.
  const constant = Array.from({ length: processes }, () =>
    Bun.spawn(
      [
        process.execPath,
        '-e',
        `Bun.serve({ port: ${constantPort}, hostname: '127.0.0.1', reusePort: true, fetch: () => Response.json({ user: null }) })`,
      ],
      { stdout: 'ignore', stderr: 'inherit' },
    ),
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/api/tools?limit=1`, server, 'the server');
    await waitFor(`http://127.0.0.1:${constantPort}/`, constant[0], 'the constant answer');
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;
    for (const c of only) {
      const res = await fetch(url(c.path), c.check?.init ?? { headers: c.signedIn ? { cookie } : {} });
      if (res.status !== (c.check?.status ?? 200))
        throw new Error(`${c.path} answered ${res.status}: ${await res.text()}`);
      // Warm-up: compiled statements, kept search orders, JIT.
      await wrk(url(c.path), { seconds: 1, headers: c.signedIn ? { cookie } : {}, script: c.script });
    }
    const constantResult = await wrk(`http://127.0.0.1:${constantPort}/`, { seconds });
    const cases = [];
    for (const c of only) {
      cases.push({
        label: c.label,
        result: await wrk(url(c.path), {
          seconds,
          headers: c.signedIn ? { cookie } : {},
          serverPid: server.pid,
          script: c.script,
        }),
      });
    }
    return { processes, constant: constantResult, cases };
  } finally {
    server.kill('SIGTERM');
    for (const p of constant) p.kill('SIGTERM');
    await Promise.all([server.exited, ...constant.map((p) => p.exited)]);
    rmSync(work, { recursive: true, force: true });
  }
}

/** The lines `npm run bench` prints for this part. */
export function reportApi(r: ApiBenchResult): string[] {
  const ratio = (w: WrkResult) => `${((w.rps / r.constant.rps) * 100).toFixed(0)}% of the constant`;
  return [
    `API, wrk -t2 -c50, ${r.processes} server process${r.processes > 1 ? 'es' : ''} (targets: >= 10,000 req/s and p99 < 10 ms; search p99 < 20 ms at 10k tools, < 50 ms at 100k):`,
    `  ${'constant Bun.serve answer'.padEnd(30)} ${fmt(r.constant)}`,
    ...r.cases.map(({ label, result }) => `  ${label.padEnd(30)} ${fmt(result)} (${ratio(result)})`),
  ];
}

if (import.meta.main) {
  const toolsArg = process.argv.indexOf('--tools');
  const n = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
  // --case TEXT: only the cases whose label holds TEXT (a short run beside other work).
  const caseArg = process.argv.indexOf('--case');
  const only = caseArg > 0 ? API_CASES.filter((c) => c.label.includes(process.argv[caseArg + 1])) : API_CASES;
  const secondsArg = process.argv.indexOf('--seconds');
  const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : undefined;
  const work = mkdtempSync(join(tmpdir(), 'api-bench-db-'));
  process.env.DATABASE_URL = `file:${join(work, 'app.db')}`;
  try {
    const { db } = await import('../db/client');
    const { migrateDatabase } = await import('../db/migrate');
    const { seedDemo, seedSyntheticTools } = await import('../db/seed');
    const { createSession } = await import('../api/auth/sessions');
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await migrateDatabase(db);
    await seedDemo(db);
    await seedSyntheticTools(n, db);
    const [admin] = await db.select().from(users).where(eq(users.isAdmin, true)).limit(1);
    const { token } = await createSession(admin.id);
    console.log(
      `API bench at ${n.toLocaleString('en-US')} tools; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const text of reportApi(await benchApi(process.env.DATABASE_URL, token, { only, seconds }))) console.log(text);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

// Static serving benchmark: our one server (bun api/server.ts) and nginx on the same build folder, side by
// side in one run, with wrk on a tool page (gzip on both: nginx-light has no brotli). Prints req/s, p50
// and p99 for each and the ratio ours/nginx; beside them, the runtime's own ceiling: as many Bun processes as ours,
// each answering the page's bytes and headers as a constant (docs/decisions/0062). Never part of `npm test`.
// Run: node_modules/.bin/bun bench/static.ts [buildDir]   (default ./dist; a folder without a manifest
// gets its .br/.gz siblings and _files.json first, timed, which is also the figure for finalizeBuildFolder)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatWrk as fmt, freePort, productionEnv, wrk, type WrkResult } from './load';
import { treeRss } from './proc';

const ROOT = resolve(import.meta.dirname, '..');
/** Both sides send gzip: nginx-light has no brotli. */
const GZIP = { 'accept-encoding': 'gzip' };

type Server = 'nginx' | 'nginxTuned' | 'ours' | 'constant';

export interface StaticBenchResult {
  path: string;
  ours: WrkResult;
  /** nginx as configured by nginxConfig(): the reference of the target. */
  nginx: WrkResult;
  /** nginx with an open-file cache as well (no open/stat per request), when measured. */
  nginxTuned: WrkResult | null;
  /** Bun answering the same bytes and headers as a constant, from as many processes as ours: the runtime's ceiling. */
  constant: WrkResult;
  /** The median of the rounds' ours/nginx requests per second (each round measures both back to back). */
  ratio: number;
  /** How many rounds had ours at or above 90% of nginx's req/s, and at an equal or better p99. */
  roundsOnTarget: number;
  rounds: Partial<Record<Server, WrkResult>>[];
  /** Resident memory of our server's processes after the run. */
  oursRssMb: number | null;
  /** Seconds finalizeBuildFolder took, when the folder had no manifest yet. */
  finalizeSeconds: number | null;
}

export interface StaticBenchOptions {
  seconds?: number;
  connections?: number;
  threads?: number;
  /**
   * Measured rounds; each runs nginx and ours once, back to back, alternating which goes first. The median of each
   * figure is reported: this machine's speed drifts between runs (a shared VM), so one round proves little.
   */
  rounds?: number;
  /** Also measure nginx with open_file_cache (default true). */
  tuned?: boolean;
  /** Our server's entry file, relative to the project (default api/server.ts); for trying a variant of it. */
  serverEntry?: string;
  log?: (line: string) => void;
}

async function waitUntilServing(url: string, proc: { exitCode: number | null }, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode} before serving`);
    try {
      await fetch(url);
      return;
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new Error(`${what} did not answer ${url} within 30 s`);
}

function hasGzipStatic(): boolean {
  const v = Bun.spawnSync(['nginx', '-V']);
  return `${v.stdout}${v.stderr}`.includes('http_gzip_static_module');
}

/**
 * The nginx configuration the comparison runs (docs/decisions/0030 quotes it). `tuned` adds an
 * open-file cache (nginx then skips open/stat for hot files, as we skip them with the manifest).
 */
export function nginxConfig({
  dir,
  port,
  work,
  gzipStatic,
  tuned = false,
}: {
  dir: string;
  port: number;
  work: string;
  gzipStatic: boolean;
  tuned?: boolean;
}): string {
  return `worker_processes auto;
pid ${work}/nginx${tuned ? '-tuned' : ''}.pid;
error_log ${work}/error.log;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  # wrk's connections stay open for the whole run, as they do with our server (the default closes one every 1000 requests).
  keepalive_requests 100000;
  ${tuned ? 'open_file_cache max=10000 inactive=60s;' : '# no open_file_cache (the default)'}
  ${gzipStatic ? 'gzip_static on;' : '# gzip_static: module not present'}
  client_body_temp_path ${work}/body;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    index index.html;
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`;
}

/**
 * The runtime's ceiling: `processes` Bun processes sharing `port`, each answering the page's bytes and headers as a
 * constant (a clone of one Response, no lookup). The first starts the others and stops them when it is stopped.
 */
const CONSTANT_PAGE = `
const [port, processes, work] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const page = new Response(await Bun.file(work + '/page.body').bytes(), { headers: await Bun.file(work + '/page.headers.json').json() });
Bun.serve({ port, hostname: '127.0.0.1', reusePort: true, fetch: () => page.clone() });
if (!process.env.CONSTANT_CHILD) {
  const children = Array.from({ length: processes - 1 }, () =>
    Bun.spawn([process.execPath, import.meta.path, ...process.argv.slice(2)], { env: { ...process.env, CONSTANT_CHILD: '1' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  process.on('SIGTERM', () => { for (const child of children) child.kill('SIGTERM'); process.exit(0); });
}
`;

async function startConstant(oursUrl: string, port: number, work: string): Promise<ReturnType<typeof Bun.spawn>> {
  const res = await fetch(oursUrl, { headers: GZIP, decompress: false });
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'content-length'));
  writeFileSync(join(work, 'page.body'), new Uint8Array(await res.arrayBuffer()));
  writeFileSync(join(work, 'page.headers.json'), JSON.stringify(headers));
  writeFileSync(join(work, 'constant-page.ts'), CONSTANT_PAGE);
  // As many processes as ours: SERVER_PROCESSES, else one per core (production's default).
  const processes = Number(process.env.SERVER_PROCESSES) || availableParallelism();
  return Bun.spawn([process.execPath, join(work, 'constant-page.ts'), String(port), String(processes), work], {
    stdout: 'ignore',
    stderr: 'inherit',
  });
}

function firstToolPath(dir: string): string {
  const tools = join(dir, 'tool');
  const first = existsSync(tools)
    ? readdirSync(tools, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()[0]
    : undefined;
  if (!first) throw new Error(`${dir} has no tool/ folder: build the site first (npm run build)`);
  return `/tool/${first}/`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Each figure's median over the rounds. */
const medianOf = (runs: WrkResult[]): WrkResult => ({
  rps: median(runs.map((r) => r.rps)),
  p50Ms: median(runs.map((r) => r.p50Ms)),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  requests: median(runs.map((r) => r.requests)),
  ...(runs.every((r) => r.cpuUs !== undefined) ? { cpuUs: median(runs.map((r) => r.cpuUs!)) } : {}),
});

/** Starts both servers on `dir`, measures `toolPath` (default: the first tool page) and stops them. */
export async function benchStatic(
  dir: string,
  toolPath?: string,
  options: StaticBenchOptions = {},
): Promise<StaticBenchResult> {
  const {
    seconds = 8,
    connections = 50,
    threads = 2,
    rounds = 5,
    tuned = true,
    serverEntry = 'api/server.ts',
    log = console.log,
  } = options;
  const buildDir = resolve(dir);
  const path = toolPath ?? firstToolPath(buildDir);

  let finalizeSeconds: number | null = null;
  // Imported here, not at the top: the engine's modules read the configuration on import, and bench/site.ts imports
  // this file before it points the environment at its scratch folder.
  const { MANIFEST_FILE, finalizeBuildFolder } = await import('../api/publishing/build-files');
  if (!existsSync(join(buildDir, MANIFEST_FILE))) {
    const started = performance.now();
    const entries = await finalizeBuildFolder(buildDir, new Map());
    finalizeSeconds = (performance.now() - started) / 1000;
    log(`finalizeBuildFolder: ${entries.size} files described and compressed in ${finalizeSeconds.toFixed(1)} s`);
  }

  const work = mkdtempSync(join(tmpdir(), 'static-bench-'));
  mkdirSync(join(work, 'body'));
  const ports: Record<Server, number> = {
    ours: await freePort(),
    nginx: await freePort(),
    nginxTuned: await freePort(),
    constant: await freePort(),
  };
  const env = {
    ...process.env,
    DATABASE_URL: `file:${join(work, 'bench.db')}`,
    UPLOADS_DIR: join(work, 'uploads'),
    DIST_DIR: buildDir,
    PORT: String(ports.ours),
    HOST: '127.0.0.1',
    REBUILD_WORKER: '0',
    // As deployed: production headers (HSTS) and no demo routes.
    ...productionEnv(`http://localhost:${ports.ours}`),
  };
  const procs: { kill: (signal?: number | NodeJS.Signals) => void; exited: Promise<number> }[] = [];
  try {
    const migrate = Bun.spawnSync([process.execPath, 'db/migrate.ts'], { cwd: ROOT, env, stderr: 'pipe' });
    if (migrate.exitCode !== 0) throw new Error(`migration failed: ${migrate.stderr}`);

    const servers: Server[] = tuned ? ['nginx', 'nginxTuned', 'ours', 'constant'] : ['nginx', 'ours', 'constant'];
    const ours = Bun.spawn([process.execPath, serverEntry], { cwd: ROOT, env, stdout: 'ignore', stderr: 'inherit' });
    procs.push(ours);
    const pids: Partial<Record<Server, number>> = { ours: ours.pid };
    const started: Promise<void>[] = [waitUntilServing(`http://127.0.0.1:${ports.ours}/`, ours, 'our server')];
    const gzipStatic = hasGzipStatic();
    for (const name of servers.filter((s) => s === 'nginx' || s === 'nginxTuned')) {
      const conf = join(work, `${name}.conf`);
      writeFileSync(
        conf,
        nginxConfig({ dir: buildDir, port: ports[name], work, gzipStatic, tuned: name === 'nginxTuned' }),
      );
      const nginx = Bun.spawn(['nginx', '-p', work, '-e', join(work, 'error.log'), '-c', conf], {
        stdout: 'ignore',
        stderr: 'inherit',
      });
      procs.push(nginx);
      pids[name] = nginx.pid;
      started.push(waitUntilServing(`http://127.0.0.1:${ports[name]}/`, nginx, name));
    }
    await Promise.all(started);

    const url = (name: Server) => `http://127.0.0.1:${ports[name]}${path}`;
    const page = await startConstant(url('ours'), ports.constant, work);
    procs.push(page);
    pids.constant = page.pid;
    await waitUntilServing(url('constant'), page, 'the constant answer');
    for (const name of servers) {
      const res = await fetch(url(name), { headers: { 'accept-encoding': 'gzip' }, decompress: false });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${name}: ${url(name)} answered ${res.status}`);
      log(
        `${name.padEnd(10)} ${path}: ${res.status}, content-encoding ${res.headers.get('content-encoding') ?? 'none'}, ${bytes} bytes`,
      );
    }

    log(
      `wrk -t${threads} -c${connections} -d${seconds}s --latency -H 'Accept-Encoding: gzip'; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // Warm-up: our server fills its in-memory copies, nginx its caches.
    for (const name of servers) await wrk(url(name), { seconds: 2, connections, threads, headers: GZIP });
    const measured: Partial<Record<Server, WrkResult>>[] = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate the order, so neither side always runs after the other has heated the machine.
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      const result: Partial<Record<Server, WrkResult>> = {};
      for (const name of order)
        result[name] = await wrk(url(name), { seconds, connections, threads, headers: GZIP, serverPid: pids[name] });
      measured.push(result);
      log(`  round ${round + 1}: ${servers.map((name) => `${name} ${fmt(result[name]!)}`).join(' | ')}`);
    }
    const of = (name: Server) => medianOf(measured.map((m) => m[name]!));
    return {
      path,
      ours: of('ours'),
      nginx: of('nginx'),
      nginxTuned: tuned ? of('nginxTuned') : null,
      constant: of('constant'),
      ratio: median(measured.map((m) => m.ours!.rps / m.nginx!.rps)),
      roundsOnTarget: measured.filter((m) => m.ours!.rps >= 0.9 * m.nginx!.rps && m.ours!.p99Ms <= m.nginx!.p99Ms)
        .length,
      rounds: measured,
      oursRssMb: treeRss(ours.pid) / 2 ** 20,
      finalizeSeconds,
    };
  } finally {
    for (const proc of procs) proc.kill('SIGTERM');
    await Promise.all(procs.map((p) => Promise.race([p.exited, Bun.sleep(3000)])));
    rmSync(work, { recursive: true, force: true });
  }
}

/** The lines `npm run bench` prints for this part. */
export function reportStatic(r: StaticBenchResult): string[] {
  return [
    `Static tool page ${r.path} (gzip), median of ${r.rounds.length} rounds:`,
    `  nginx        ${fmt(r.nginx)}`,
    ...(r.nginxTuned ? [`  nginx+ofc    ${fmt(r.nginxTuned)} (open_file_cache)`] : []),
    `  ours         ${fmt(r.ours)}${r.oursRssMb ? `, RSS ${r.oursRssMb.toFixed(0)} MB` : ''}`,
    `  ours/nginx   ${(r.ratio * 100).toFixed(0)}% of the req/s (target >= 90%), p99 ${r.ours.p99Ms.toFixed(2)} vs ${r.nginx.p99Ms.toFixed(2)} ms (target <=); ${r.roundsOnTarget} of ${r.rounds.length} rounds on both targets`,
    ...(r.nginxTuned
      ? [
          `  ours/nginx+ofc ${((r.ours.rps / r.nginxTuned.rps) * 100).toFixed(0)}% of the req/s, p99 ${r.ours.p99Ms.toFixed(2)} vs ${r.nginxTuned.p99Ms.toFixed(2)} ms`,
        ]
      : []),
    `  Bun constant ${fmt(r.constant)} (the same bytes and headers, no lookup: the runtime's ceiling)`,
    `  ours/constant ${((r.ours.rps / r.constant.rps) * 100).toFixed(0)}% of the req/s, p99 ${r.ours.p99Ms.toFixed(2)} vs ${r.constant.p99Ms.toFixed(2)} ms`,
  ];
}

if (import.meta.main) {
  const result = await benchStatic(process.argv[2] ?? join(ROOT, 'dist'));
  for (const line of reportStatic(result)) console.log(line);
}

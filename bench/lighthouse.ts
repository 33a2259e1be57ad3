// Lighthouse on the built site: seeds a fresh database and builds the site (tests/e2e/server.ts, in production mode),
// then prints the four category scores (performance, accessibility, best practices, SEO) for /directory, a category
// page and a compare page, against the targets (performance 95+, the others 100). Debian's Chromium (CHROME_PATH,
// default /usr/bin/chromium). `bun bench/lighthouse.ts [--port 4712]`. Never part of `npm test`.
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { productionEnv } from './load';
import lighthouse from 'lighthouse';

const ROOT = resolve(import.meta.dirname, '..');
const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 4712;
const BASE = `http://localhost:${PORT}`;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const server = Bun.spawn([process.execPath, 'tests/e2e/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), ...productionEnv(BASE) },
  stdout: 'ignore',
  stderr: 'inherit',
});
let chrome: chromeLauncher.LaunchedChrome | null = null;
let failed = false;
try {
  for (
    let i = 0;
    i < 1800 &&
    !(await fetch(`${BASE}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await Bun.sleep(100);
  const toolPage = await (await fetch(`${BASE}/category/productivity`)).text();
  const tool = /href="(\/tool\/[^"/]+)"/.exec(toolPage)?.[1];
  const compare = tool && /href="(\/compare\/[^"]+)"/.exec(await (await fetch(`${BASE}${tool}`)).text())?.[1];
  if (!compare) throw new Error('no compare page linked from the first productivity tool');
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  for (const path of ['/directory', '/category/productivity', compare]) {
    const result = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    if (result.lhr.runtimeError)
      console.log(`    runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    for (const warning of result.lhr.runWarnings) console.log(`    warning: ${warning}`);
    const scores = Object.entries(result.lhr.categories).map(([id, category]) => {
      const score = Math.round((category.score ?? 0) * 100);
      if (score < (TARGETS[id] ?? 0)) failed = true;
      return `${id} ${score}${score < (TARGETS[id] ?? 0) ? ` (target ${TARGETS[id]})` : ''}`;
    });
    console.log(`${path.padEnd(44)} ${scores.join(', ')}`);
    // The simulated metrics behind the performance score, to tell a font's cost (FCP, LCP, CLS) from a busy CPU (TBT).
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(
      `    ${metrics
        .map(
          (id) =>
            `${id
              .replace(/-/g, ' ')
              .replace(/\b(\w)\w*/g, '$1')
              .toUpperCase()
              .replace(/ /g, '')} ${result.lhr.audits[id]?.displayValue ?? '?'}`,
        )
        .join(', ')}`,
    );
    // What cost points: the failing audits of each category under its target.
    for (const category of Object.values(result.lhr.categories)) {
      if (Math.round((category.score ?? 0) * 100) >= (TARGETS[category.id] ?? 0)) continue;
      for (const ref of category.auditRefs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9)
          console.log(`    ${category.id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await server.exited;
}
process.exit(failed ? 1 : 0);

// The JavaScript a visitor's browser really downloads per page: every script response Chromium receives, lazily
// imported chunks and client:visible islands included (the page is left to go idle and scrolled to the bottom),
// for an anonymous and a signed-in visitor. Sizes are the decoded bytes and those bytes gzipped at level 9 (what a
// pre-compressed file weighs, whatever the server sends); "wire" is what the server actually sent.
// Usage: bun bench/page-weight.ts [baseUrl]
//   without a baseUrl it builds the site on a scratch seeded database and serves it (tests/e2e/server.ts).
import { gzipSync } from 'node:zlib';
import { freePort } from './load';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import playwrightConfig from '../playwright.config';
import { isReactDomClient } from '../tests/e2e/react-dom';

interface Weight {
  files: number;
  raw: number;
  gzip: number;
  wire: number;
  react: boolean;
  /** Where the page sent the visitor, when it did (a signed-out visitor of /dashboard goes to /auth). */
  leftFor: string | null;
  /** Content-Security-Policy violations in the console: a blocked script makes a page look lighter than it is. */
  cspViolations: number;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const LAUNCH_ARGS = playwrightConfig.use?.launchOptions?.args ?? ['--headless', '--no-sandbox'];

/** Builds and serves the site the way the end-to-end tests do; resolves once it answers. */
async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  // No NODE_ENV: with the tests' NODE_ENV=test, Vite would bundle React's development build (about twice the size),
  // and with production the demo sign-in links the signed-in column needs would not exist.
  const { NODE_ENV: _mode, ...env } = process.env;
  const child = Bun.spawn([process.execPath, 'tests/e2e/server.ts'], {
    env: { ...env, PORT: String(port), REBUILD_WORKER: '0' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
      throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/api/user`);
      return { baseUrl, stop: () => child.kill() };
    } catch {
      await Bun.sleep(250);
    }
  }
  child.kill();
  throw new Error('The server did not answer within 5 minutes');
}

/** The first link on `listing` whose path starts with `prefix` (a tool page, a post). */
async function firstLink(baseUrl: string, listing: string, prefix: string): Promise<string | null> {
  const html = await (await fetch(new URL(listing, baseUrl))).text();
  const escaped = prefix.replace(/[/]/g, '\\/');
  return html.match(new RegExp(`href="(${escaped}[^"/?#]+)"`))?.[1] ?? null;
}

/** Signs in through the development demo link and keeps the cookies. */
async function signedIn(browser: Browser, baseUrl: string, who: 'user' | 'admin'): Promise<StorageState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${baseUrl}/auth/demo/${who}`);
  if (!response?.ok())
    throw new Error(`Demo sign-in as ${who} failed: ${response?.status()} (is the server in production mode?)`);
  const state = await context.storageState();
  await context.close();
  if (!state.cookies.some((c) => c.name === 'signed_in'))
    throw new Error(`Demo sign-in as ${who} set no signed_in cookie`);
  return state;
}

/** Scrolls a viewport at a time, so every client:visible island on the way is seen as a visitor reading on would. */
async function scrollToBottom(page: import('playwright-core').Page): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(50);
    if (atBottom) break;
  }
}

/** Waits until the network is quiet and the main thread idle. */
async function settle(page: import('playwright-core').Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
}

/** One cold visit (fresh cache) of `path`; scripts count until the page sends the visitor elsewhere. */
async function weigh(browser: Browser, baseUrl: string, path: string, state?: StorageState): Promise<Weight> {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const target = new URL(path, baseUrl).toString();
  let leftFor: string | null = null;
  let cspViolations = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations++;
  });
  const reads: Promise<{ body: Buffer; wire: number }>[] = [];
  const samePage = (url: string) => new URL(url).pathname.replace(/(.)\/$/, '$1') === new URL(target).pathname;
  // The request that starts the next page comes before any of that page's scripts, so nothing of it is counted.
  page.on('request', (request) => {
    if (!leftFor && request.isNavigationRequest() && request.frame() === page.mainFrame() && !samePage(request.url())) {
      leftFor = new URL(request.url()).pathname;
    }
  });
  page.on('response', (response) => {
    if (leftFor) return;
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    reads.push(
      (async () => {
        // Once the page has navigated away Chromium no longer holds the body: the same static file is fetched again.
        const body = await response
          .body()
          .catch(async () => Buffer.from(await (await fetch(response.url())).arrayBuffer()));
        const wire = await response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize)
          .catch(() => Number(response.headers()['content-length'] ?? body.length));
        return { body, wire };
      })(),
    );
  });
  await page.goto(target, { waitUntil: 'load' });
  try {
    await settle(page);
    await scrollToBottom(page);
    await settle(page);
  } catch (error) {
    // A page that sends the visitor elsewhere (a signed-out visitor of /submit) is done once it has.
    if (!leftFor) throw error;
  }
  if (leftFor) {
    // Named by where the visitor ends up (a redirect through /api/login lands on /auth).
    await page.waitForURL((url) => !samePage(url.href), { waitUntil: 'load' }).catch(() => {});
    leftFor = new URL(page.url()).pathname;
  }
  const scripts = await Promise.all(reads);
  await context.close();
  return {
    files: scripts.length,
    raw: scripts.reduce((sum, s) => sum + s.body.length, 0),
    gzip: scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0),
    wire: scripts.reduce((sum, s) => sum + s.wire, 0),
    react: scripts.some((s) => isReactDomClient(s.body.toString('utf8'))),
    leftFor,
    cspViolations,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One visitor's cells; `floor` is the lightest anonymous page (the scripts every page ships), the reference. */
function cells(w: Weight, floor: number): string {
  const notes = [
    w.react ? 'yes' : 'no',
    w.leftFor ? `-> ${w.leftFor}` : '',
    w.cspViolations ? `CSP x${w.cspViolations}` : '',
  ];
  return (
    String(w.files).padStart(6) +
    kb(w.gzip).padStart(9) +
    `${(w.gzip / floor).toFixed(1)}x`.padStart(7) +
    kb(w.raw).padStart(9) +
    kb(w.wire).padStart(9) +
    '  ' +
    notes.filter(Boolean).join(' ').padEnd(20)
  );
}

const given = process.argv[2];
const server = given ? { baseUrl: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: LAUNCH_ARGS,
});
try {
  const { baseUrl } = server;
  const tool = await firstLink(baseUrl, '/directory', '/tool/');
  const post = await firstLink(baseUrl, '/blog', '/blog/');
  const pages = [
    '/',
    '/directory',
    tool,
    '/blog',
    post,
    '/pricing',
    '/terms',
    '/auth',
    '/dashboard',
    '/submit',
    '/admin',
  ].filter((p): p is string => Boolean(p));
  const user = await signedIn(browser, baseUrl, 'user');
  const admin = await signedIn(browser, baseUrl, 'admin');

  const rows: { path: string; anonymous: Weight; member: Weight }[] = [];
  for (const path of pages) {
    const anonymous = await weigh(browser, baseUrl, path);
    const member = await weigh(browser, baseUrl, path, path.startsWith('/admin') ? admin : user);
    rows.push({ path, anonymous, member });
  }
  const floor = Math.min(...rows.map((r) => r.anonymous.gzip));

  console.log(`JavaScript Chromium downloads per page at ${baseUrl} (cold cache, idle, scrolled to the bottom)`);
  console.log(
    'KB gz: the scripts gzipped at level 9; x min: that over the lightest anonymous page (what every page ships);',
  );
  console.log(
    'KB: decoded; wire KB: as sent; React: whether react-dom/client was loaded; -> where the page sent the visitor.',
  );
  console.log('Signed in: the demo user, the demo admin on /admin. Inline scripts in the HTML are not counted.\n');
  const half = `${'files'.padStart(6)}${'KB gz'.padStart(9)}${'x min'.padStart(7)}${'KB'.padStart(9)}${'wire KB'.padStart(9)}  ${'React'.padEnd(20)}`;
  const width = Math.max(...pages.map((p) => p.length)) + 2;
  console.log(`${''.padEnd(width)}${'anonymous'.padEnd(half.length)}signed in`);
  console.log('page'.padEnd(width) + half + half);
  for (const { path, anonymous, member } of rows)
    console.log(path.padEnd(width) + cells(anonymous, floor) + cells(member, floor));
  const total = (pick: (r: (typeof rows)[number]) => Weight) => kb(rows.reduce((sum, r) => sum + pick(r).gzip, 0));
  console.log(
    `\ntotal KB gz over ${rows.length} pages: anonymous ${total((r) => r.anonymous)}, signed in ${total((r) => r.member)}`,
  );
  if (rows.some((r) => r.anonymous.cspViolations || r.member.cspViolations)) {
    console.log('CSP violations were reported: blocked scripts are missing from these figures.');
  }
} finally {
  await browser.close();
  server.stop();
}

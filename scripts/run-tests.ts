// `npm test`: lint, dead code, types, the unit and API tests, the browser tests, and one closing line. The browser
// tests' server (tests/e2e/server.ts: migrate, seed, a real build) starts first, in the background: its build runs on
// the core the checks and the unit tests leave idle (their files mostly wait on servers and builds), and Playwright
// finds it ready instead of building then. The first step that fails ends the run, as `a && b && c` would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_READY_URL, E2E_SERVER_ENV } from '../tests/e2e/server-settings';

const ROOT = join(import.meta.dirname, '..');
const bun = process.execPath;

// The server's data folder, shared with Playwright's workers (tests/e2e/users.ts writes each test's users there).
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'aitools-e2e-'));
const server = Bun.spawn([bun, 'tests/e2e/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, ...E2E_SERVER_ENV },
  stdin: 'ignore',
  stdout: 'inherit',
  stderr: 'inherit',
});
const stopServer = () => server.kill('SIGTERM');
process.on('SIGINT', () => {
  stopServer();
  process.exit(130);
});

async function step(name: string, argv: string[], env: Record<string, string> = {}): Promise<void> {
  const code = await Bun.spawn(argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['inherit', 'inherit', 'inherit'],
  }).exited;
  if (code === 0) return;
  console.error(`\n${name} failed (exit ${code})`);
  stopServer();
  process.exit(code || 1);
}

/** Until the server answers (it builds the site first), or it exits, or three minutes pass. */
async function serverReady(): Promise<void> {
  const gaveUp = Date.now() + 180_000;
  while (Date.now() < gaveUp) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited (${server.exitCode}) before serving`);
    try {
      if ((await fetch(E2E_READY_URL)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(250);
  }
  throw new Error(`the e2e server did not answer ${E2E_READY_URL} within three minutes`);
}

const npm = (script: string) => ['npm', 'run', '--silent', script];
await step('lint', npm('lint'));
await step('knip', npm('knip'));
await step('typecheck', npm('typecheck'));
await step('unit and API tests', npm('test:unit'));
try {
  await serverReady();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopServer();
  process.exit(1);
}
await step('browser tests', npm('test:e2e'), { E2E_SERVER_STARTED: '1' });
stopServer();
await server.exited;
await step('summary', [bun, 'scripts/test-summary.ts']);

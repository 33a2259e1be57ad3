// End-to-end tests: Debian's Chromium against the real built site and API (tests/e2e/server.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_READY_URL, E2E_SERVER_ENV } from './tests/e2e/server-settings';
// The e2e server's data (database, uploads, build), made once by the runner: its workers inherit the variable, so the
// fixtures that make each test's users (tests/e2e/users.ts) write to the database the server reads.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'aitools-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Every test makes its own users and tools (tests/e2e/fixtures.ts, docs/decisions/0073), so tests run side by side.
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails once runs once more and is reported as flaky (scripts/test-summary.ts counts it passed,
  // the report names it): two workers on two cores made rare races show; each one named is a bug to find, not hide.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node_modules/.bin/bun tests/e2e/server.ts`,
    url: E2E_READY_URL,
    env: E2E_SERVER_ENV,
    timeout: 180_000,
    // scripts/run-tests.ts (npm test) starts the server itself, ahead of the unit tests, and says so.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    stdout: 'pipe',
  },
});

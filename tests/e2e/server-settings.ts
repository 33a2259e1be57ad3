// How the end-to-end tests' server (tests/e2e/server.ts) runs: its port and settings, read by playwright.config.ts
// and by scripts/run-tests.ts, which starts it ahead of the browser tests.

export const E2E_PORT = Number(process.env.E2E_PORT || 4329);

/**
 * Warnings and errors only: a line per API request would bury the test report. One trusted proxy hop: a test may speak
 * for another visitor's address through X-Forwarded-For (the metrics count one visitor per address); without the
 * header the socket's address counts, as before.
 */
export const E2E_SERVER_ENV = {
  PORT: String(E2E_PORT),
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  TRUSTED_PROXY_HOPS: '1',
  RENDER_BUDGET_PER_MINUTE: '10000',
};

/** The address Playwright waits for before the first test. */
export const E2E_READY_URL = `http://localhost:${E2E_PORT}/api/user`;

// Prints one closing line for the whole test run from the Vitest and Playwright JSON reports:
// 'N passed, N failed' (and skipped), so CI can read the count across both runners.
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitest(file: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwright(file: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const parts: Counts[] = [];
const missing: string[] = [];
for (const [file, read] of [
  ['test-results/vitest.json', vitest],
  ['test-results/playwright.json', playwright],
] as const) {
  if (existsSync(file)) parts.push(read(file));
  else missing.push(file);
}
const total = parts.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }), { passed: 0, failed: 0, skipped: 0 });
if (missing.length) console.log(`missing reports: ${missing.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 || missing.length > 0 || total.passed === 0 ? 1 : 0);

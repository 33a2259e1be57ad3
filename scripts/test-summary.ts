// Prints one closing line for the whole test run from the Vitest and Playwright JSON reports:
// 'N passed, N failed' (and skipped), so CI can read the count across both runners.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const count = z.number().int().nonnegative();
/** The parts of each runner's JSON report the line adds up (a report of another shape is unreadable, not zero). */
const vitestReport = z.object({
  numPassedTests: count,
  numFailedTests: count,
  numPendingTests: count,
  numTodoTests: count,
});
const playwrightReport = z.object({
  stats: z.object({ expected: count, unexpected: count, flaky: count, skipped: count }),
});

function vitest(text: string): Counts {
  const r = vitestReport.parse(JSON.parse(text));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwright(text: string): Counts {
  const r = playwrightReport.parse(JSON.parse(text));
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const parts: Counts[] = [];
const missing: string[] = [];
const unreadable: string[] = [];
for (const [file, read] of [
  ['test-results/vitest.json', vitest],
  ['test-results/playwright.json', playwright],
] as const) {
  if (!existsSync(file)) missing.push(file);
  else {
    try {
      parts.push(read(readFileSync(file, 'utf8')));
    } catch {
      unreadable.push(file);
    }
  }
}
const total = parts.reduce(
  (a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (missing.length) console.log(`missing reports: ${missing.join(', ')}`);
if (unreadable.length) console.log(`unreadable reports: ${unreadable.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 || missing.length > 0 || unreadable.length > 0 || total.passed === 0 ? 1 : 0);

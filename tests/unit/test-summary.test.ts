// The closing line of `npm test` (scripts/test-summary.ts) from the Vitest and Playwright JSON reports: its exit code
// is what CI reads, so a report it cannot read fails the run rather than passing it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '../../scripts/test-summary.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script in a folder holding these reports; its output and exit code. */
async function summary(vitest: unknown, playwright: unknown): Promise<{ out: string; code: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'test-results'));
  writeFileSync(join(dir, 'test-results/vitest.json'), JSON.stringify(vitest));
  writeFileSync(join(dir, 'test-results/playwright.json'), JSON.stringify(playwright));
  const child = Bun.spawn([process.execPath, SCRIPT], { cwd: dir, stdout: 'pipe', stderr: 'pipe' });
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return { out: out.trim(), code };
}

const vitestReport = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };
const playwrightReport = { stats: { expected: 5, unexpected: 0, flaky: 1, skipped: 0 } };

describe('scripts/test-summary.ts', () => {
  it('adds up both reports and exits 0 when nothing failed', async () => {
    expect(await summary(vitestReport, playwrightReport)).toEqual({ out: '16 passed, 0 failed, 1 skipped', code: 0 });
  });

  it('fails the run when a report is not what its runner writes', async () => {
    const { out, code } = await summary({ numPassedTests: 10 }, playwrightReport);
    expect(out).toContain('unreadable reports: test-results/vitest.json');
    expect(code).toBe(1);
  });
});

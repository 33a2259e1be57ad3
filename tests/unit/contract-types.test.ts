// A field the contract does not have is a typecheck error where an island reads it: tsc checks the fixture
// (tests/unit/fixtures/contract-types.ts), whose `@ts-expect-error` lines read such fields through the typed client, and
// a copy without those directives must fail on exactly those lines. If the contract gains a field the fixture reads, or
// the client's answers lose their types (any), the first run fails; if a line fails for another reason, the second.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests', 'unit', 'fixtures');
const FIXTURE = join(FIXTURES, 'contract-types.ts');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

interface Diagnostic {
  line: number;
  message: string;
}

function tsc(project: string): { status: number | null; diagnostics: Diagnostic[]; output: string } {
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', project], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  const diagnostics = [...output.matchAll(/\((\d+),\d+\): error (TS\d+: .*)/g)].map((m) => ({
    line: Number(m[1]),
    message: m[2],
  }));
  return { status: run.status, diagnostics, output };
}

/** The line numbers (from 1) each `@ts-expect-error` directive stands for: the line after it. */
function expectedErrorLines(source: string): number[] {
  return source.split('\n').flatMap((line, i) => (line.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));
}

describe('a field the contract does not have fails the typecheck of an island', () => {
  const source = readFileSync(FIXTURE, 'utf8');

  it('the fixture typechecks: every read of a missing field is an error tsc expected', () => {
    const { status, output } = tsc(join(FIXTURES, 'tsconfig.json'));
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('without the directives, exactly those lines fail, naming the missing field or call', () => {
    const expected = expectedErrorLines(source);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    // The same lines with the directives blanked out (line numbers kept), its imports made absolute, in a folder of
    // its own under node_modules/.cache so that the project's own typecheck never sees it.
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'contract-types-'));
    try {
      const stripped = source
        .replace(/^(\s*)\/\/ @ts-expect-error.*$/gm, '$1//')
        .replace(/from '(\.[^']+)'/g, (_, path: string) => `from '${resolve(dirname(FIXTURE), path)}'`);
      writeFileSync(join(dir, 'stripped.ts'), stripped);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: [], files: ['stripped.ts'] }),
      );
      const { status, diagnostics, output } = tsc(join(dir, 'tsconfig.json'));
      expect(status, output).not.toBe(0);
      expect([...new Set(diagnostics.map((d) => d.line))], output).toEqual(expected);
      const messages = diagnostics.map((d) => d.message).join('\n');
      expect(messages).toMatch(/Property 'title' does not exist/);
      expect(messages).toMatch(/Property 'submittedById' does not exist/);
      expect(messages).toMatch(/Property 'rejected' does not exist/);
      expect(messages).toMatch(/Property 'rejectionReason' does not exist/);
      expect(messages).toMatch(/'reason' does not exist in type/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

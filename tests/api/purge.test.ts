// The CDN purge hook: runs the configured command, without a shell, with the changed pages' absolute URLs.
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURGE_BATCH, purge } from '../../api/publishing/purge';
import { log } from '../../api/log';

let dir: string;
let script: string;
let out: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'purge-'));
  script = join(dir, 'record.sh');
  out = join(dir, 'argv.txt');
  // Appends one line per argument, so several runs (batches) add up.
  writeFileSync(script, 'for a in "$@"; do printf "%s\\n" "$a" >> "$1.out"; done\n');
  vi.spyOn(log, 'error');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const recorded = () => readFileSync(`${out}.out`, 'utf8').trim().split('\n');

describe('purge', () => {
  it('runs the command with the absolute URLs of the paths, once each', async () => {
    await purge(
      { paths: ['/tool/chatgpt', '/', '/tool/chatgpt', '/blog/hello?x=1'] },
      { command: `sh ${script} ${out}`, siteUrl: 'https://aitools.example' },
    );
    expect(recorded()).toEqual([
      out,
      'https://aitools.example/tool/chatgpt',
      'https://aitools.example/',
      'https://aitools.example/blog/hello?x=1',
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('passes arguments without a shell: nothing in a path is interpreted', async () => {
    await purge(
      { paths: ['/tool/$(touch pwned)', '/a;b'] },
      { command: `sh ${script} ${out}`, siteUrl: 'https://aitools.example' },
    );
    expect(recorded().slice(1)).toEqual([
      'https://aitools.example/tool/$(touch%20pwned)',
      'https://aitools.example/a;b',
    ]);
    expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false);
  });

  it('splits a long list over several runs', async () => {
    const paths = Array.from({ length: PURGE_BATCH + 3 }, (_, i) => `/tool/t${i}`);
    await purge({ paths: paths }, { command: `sh ${script} ${out}`, siteUrl: 'https://aitools.example' });
    const lines = recorded();
    expect(lines.filter((l) => l === out)).toHaveLength(2);
    expect(lines.filter((l) => l !== out)).toHaveLength(PURGE_BATCH + 3);
  });

  it('does nothing without a command', async () => {
    await purge({ paths: ['/'] }, { command: '' });
    expect(existsSync(`${out}.out`)).toBe(false);
  });

  it('logs and returns when the command fails, is missing, or hangs', async () => {
    await expect(purge({ paths: ['/'] }, { command: 'sh -c false' })).resolves.toBeUndefined();
    await expect(purge({ paths: ['/'] }, { command: join(dir, 'no-such-command') })).resolves.toBeUndefined();
    writeFileSync(join(dir, 'hang.sh'), 'exec sleep 30\n');
    await expect(
      purge({ paths: ['/'] }, { command: `sh ${join(dir, 'hang.sh')}`, timeoutMs: 50 }),
    ).resolves.toBeUndefined();
    const logged = vi.mocked(log.error).mock.calls.map((c) => String(c[1]));
    expect(logged).toHaveLength(3);
    expect(logged[2]).toContain('killed at its timeout');
  });
});

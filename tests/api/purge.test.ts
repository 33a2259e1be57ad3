// The CDN purge hook: runs the configured command, without a shell, with the changed pages' absolute URLs.
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURGE_BATCH, purge } from '../../api/publishing/purge';
import { config } from '../../api/config';
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
  process.env.PURGE_COMMAND = `sh ${script} ${out}`;
  vi.spyOn(log, 'error');
});

afterEach(() => {
  delete process.env.PURGE_COMMAND;
  vi.restoreAllMocks();
});

const recorded = () => readFileSync(`${out}.out`, 'utf8').trim().split('\n');

describe('purge', () => {
  it('runs the command with the absolute URLs of the paths, once each', async () => {
    await purge({ paths: ['/tool/chatgpt', '/', '/tool/chatgpt', '/blog/hello?x=1'] });
    expect(recorded()).toEqual([
      out,
      `${config.siteUrl}/tool/chatgpt`,
      `${config.siteUrl}/`,
      `${config.siteUrl}/blog/hello?x=1`,
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('passes arguments without a shell: nothing in a path is interpreted', async () => {
    await purge({ paths: ['/tool/$(touch pwned)', '/a;b'] });
    expect(recorded().slice(1)).toEqual([`${config.siteUrl}/tool/$(touch%20pwned)`, `${config.siteUrl}/a;b`]);
    expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false);
  });

  it('splits a long list over several runs', async () => {
    const paths = Array.from({ length: PURGE_BATCH + 3 }, (_, i) => `/tool/t${i}`);
    await purge({ paths });
    const lines = recorded();
    expect(lines.filter((l) => l === out)).toHaveLength(2);
    expect(lines.filter((l) => l !== out)).toHaveLength(PURGE_BATCH + 3);
  });

  it('does nothing without a command', async () => {
    delete process.env.PURGE_COMMAND;
    await purge({ paths: ['/'] });
    expect(existsSync(`${out}.out`)).toBe(false);
  });

  it('logs and returns when the command fails, is missing, or hangs', async () => {
    process.env.PURGE_COMMAND = 'sh -c false';
    await expect(purge({ paths: ['/'] })).resolves.toBeUndefined();
    process.env.PURGE_COMMAND = join(dir, 'no-such-command');
    await expect(purge({ paths: ['/'] })).resolves.toBeUndefined();
    writeFileSync(join(dir, 'hang.sh'), 'exec sleep 30\n');
    process.env.PURGE_COMMAND = `sh ${join(dir, 'hang.sh')}`;
    await expect(purge({ paths: ['/'] }, 50)).resolves.toBeUndefined();
    const logged = vi.mocked(log.error).mock.calls.map((c) => String(c[1]));
    expect(logged).toHaveLength(3);
    expect(logged[2]).toContain('killed at its timeout');
  });
});

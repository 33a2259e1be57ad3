// `npm run backup` (scripts/backup.ts, docs/decisions/0060-uploads-storage-and-backups.md): a backup taken while another
// process keeps committing rows is a sound database holding every row committed before it started, whole rows only,
// with the uploads beside it; restored into a fresh folder, the app's database client opens it and reads the rows.
import { Database } from 'bun:sqlite';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stat } from 'node:fs/promises';
import { db, openDatabase } from '../../db/client';
import { metricsDaySecrets, metricsSeen, toolMetricsDaily } from '../../db/schema';
import { makeTool } from '../helpers/admin';
import { backup } from '../../scripts/backup';
import { until } from '../helpers/server-process';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'backup-'));
const dbFile = process.env.DATABASE_URL!.slice('file:'.length);
const BODY = (id: number) => `row ${id} `.repeat(50);

/** Another process that commits, one transaction each, a row and its pair, and prints each id once committed. */
const WRITER = `
import { createClient } from '@libsql/client';
const client = createClient({ url: process.env.DATABASE_URL });
for (let id = 1; ; id++) {
  const body = \`row \${id} \`.repeat(50);
  await client.batch([
    { sql: 'insert into probe (id, body) values (?, ?)', args: [id, body] },
    { sql: 'insert into probe_pair (id) values (?)', args: [id] },
  ], 'write');
  console.log(id);
}
`;

/** Reads a process's output line by line, keeping the last number it printed. */
function follow(proc: Bun.Subprocess<'ignore', 'pipe', 'inherit'>) {
  const state = { last: 0 };
  void (async () => {
    let buffered = '';
    for await (const chunk of proc.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (/^\d+$/.test(line)) state.last = Number(line);
    }
  })();
  return state;
}

let writer: Bun.Subprocess<'ignore', 'pipe', 'inherit'>;

beforeAll(() => {
  const setup = new Database(dbFile);
  setup.run('create table probe (id integer primary key, body text not null)');
  setup.run('create table probe_pair (id integer primary key)');
  setup.close();
  mkdirSync(join(process.env.UPLOADS_DIR!, 'logos'), { recursive: true });
  writeFileSync(join(process.env.UPLOADS_DIR!, 'logos', 'kept.webp'), 'the bytes of an upload');
  writeFileSync(join(work, 'writer.ts'), WRITER);
});

afterAll(() => {
  writer?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('copies the database while another process writes: sound, every row committed before it, no half row; and the uploads', async () => {
    writer = Bun.spawn([process.execPath, join(work, 'writer.ts')], {
      cwd: ROOT,
      env: process.env,
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const written = follow(writer);
    await until('the writer to commit rows', () => written.last >= 50);

    const committedBefore = written.last;
    const run = Bun.spawn([process.execPath, 'scripts/backup.ts', join(work, 'backups')], {
      cwd: ROOT,
      env: process.env,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = [
      await new Response(run.stdout).text(),
      await new Response(run.stderr).text(),
      await run.exited,
    ];
    expect(code, err).toBe(0);
    // The writer went on committing beside the backup.
    await until('the writer to go on', () => written.last > committedBefore);
    writer.kill();
    await writer.exited;

    const dir = /^Backup written to (.+)$/m.exec(out)?.[1];
    expect(dir, out).toBeDefined();
    expect(dir!.startsWith(join(work, 'backups'))).toBe(true);
    const copy = join(dir!, dbFile.split('/').pop()!);
    expect(out).toContain(`database: ${copy}`);
    expect(out).toContain(`uploads:  ${join(dir!, 'uploads')}`);

    const backupDb = new Database(copy, { readonly: true });
    expect(backupDb.query('pragma integrity_check').values()).toEqual([['ok']]);
    const ids = backupDb.query('select id, body from probe order by id').all() as { id: number; body: string }[];
    const pairs = (backupDb.query('select id from probe_pair order by id').values() as number[][]).map(([id]) => id);
    backupDb.close();
    expect(ids.length).toBeGreaterThanOrEqual(committedBefore);
    // Every row from the first on, each with its whole body and its pair: a snapshot between two commits.
    expect(ids.map((r) => r.id)).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(ids.every((r) => r.body === BODY(r.id))).toBe(true);
    expect(pairs).toEqual(ids.map((r) => r.id));

    expect(readFileSync(join(dir!, 'uploads', 'logos', 'kept.webp'), 'utf8')).toBe('the bytes of an upload');

    // Restore as README says: the file back at DATABASE_URL's path (here a fresh folder), then open it as the app does.
    const restored = join(work, 'restored', 'app.db');
    mkdirSync(join(work, 'restored'));
    copyFileSync(copy, restored);
    const db = openDatabase(`file:${restored}`);
    const probe = await db.$client.execute('select count(*) as n, max(id) as last from probe');
    expect(probe.rows[0]).toMatchObject({ n: ids.length, last: ids.length });
    const users = await db.$client.execute('select count(*) as n from users');
    expect(Number(users.rows[0].n)).toBeGreaterThanOrEqual(0);
    db.$client.close();
  });

  it("leaves the day's metrics secret and the visitors' dedup hashes out, bytes included, keeping the daily counts", async () => {
    const tool = await makeTool({ status: 'approved' });
    const secret = 'c2VjcmV0LW9mLXRoZS1kYXktdGhhdC1tdXN0LW5vdC1iZS1rZXB0';
    const hash = 'a-visitors-hash-that-a-backup-must-not-hold-0123456789';
    await db.insert(metricsDaySecrets).values({ day: '2031-03-10', secret });
    await db.insert(metricsSeen).values({ hash, day: '2031-03-10' });
    await db.insert(toolMetricsDaily).values({ toolId: tool.id, day: '2031-03-10', views: 7, clicks: 2 });

    const report = await backup(join(work, 'private'));
    const copy = new Database(report.database!, { readonly: true });
    expect(copy.query('select count(*) from metrics_day_secrets').values()).toEqual([[0]]);
    expect(copy.query('select count(*) from metrics_seen').values()).toEqual([[0]]);
    expect(copy.query('select views, clicks from tool_metrics_daily where toolId = ?').all(tool.id)).toEqual([
      { views: 7, clicks: 2 },
    ]);
    expect(copy.query('pragma integrity_check').values()).toEqual([['ok']]);
    copy.close();
    // Not in a freed page either: the file holds neither text at all.
    const bytes = readFileSync(report.database!, 'latin1');
    expect(bytes).not.toContain(secret);
    expect(bytes).not.toContain(hash);
    // The live database keeps both: the day's counting goes on.
    expect(await db.$count(metricsSeen)).toBe(1);
  });

  it('makes the backup folder readable by its owner only, and the database copy too', async () => {
    const report = await backup(join(work, 'modes'));
    expect((await stat(report.dir)).mode & 0o777).toBe(0o700);
    expect((await stat(report.database!)).mode & 0o777).toBe(0o600);
  });

  it('says that a libSQL server and a bucket are backed up by their providers, and copies neither', async () => {
    const report = await backup(join(work, 'elsewhere'), 'libsql://directory-example.turso.io', {
      uploadsDir: 'unused',
      s3: { bucket: 'directory-uploads' },
    });
    expect(report.database).toBeNull();
    expect(report.uploads).toBeNull();
    expect(existsSync(report.dir)).toBe(false);
    expect(report.notes.join('\n')).toMatch(/libSQL server \(directory-example\.turso\.io\).*provider's backups apply/);
    expect(report.notes.join('\n')).toMatch(/bucket directory-uploads.*provider's/);
  });
});

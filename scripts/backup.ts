// `npm run backup [folder]`: while the server runs, a consistent copy of the embedded database (VACUUM INTO, through a
// second connection: WAL lets it read beside the writers) and a copy of the uploads folder, into a new timestamped
// folder under data/backups/ (or the folder given), readable by its owner only, without the day's metrics secret and
// dedup hashes. A libSQL server or a bucket is the provider's to back up
// (docs/decisions/0060-uploads-storage-and-backups.md); README's "Backups" says how to restore.
import { Database } from 'bun:sqlite';
import { cp, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { databaseUrl } from '../db/client';
import { databaseKind, filePathOf } from '../db/settings';
import { uploadStorageOf, type UploadStorage } from '../db/upload-store';

const DEFAULT_BACKUPS_DIR = 'data/backups';

export interface BackupReport {
  /** The timestamped folder the backup went into (made only when something was copied). */
  dir: string;
  /** The database copy, or null when the database is not a file here (what was said instead is in `notes`). */
  database: string | null;
  /** The uploads folder's copy, or null when uploads are not in a folder here. */
  uploads: string | null;
  /** One line each for what was not copied, and why. */
  notes: string[];
}

/** The file of a file: database URL (without its query), or null for a server or an in-memory database. */
function databaseFile(url: string): string | null {
  return databaseKind(url) === 'file' ? resolve(filePathOf(url)) : null;
}

/** A backup folder and what it holds are its owner's alone: the database copy holds accounts and password hashes. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Tables a backup leaves empty: the day's metrics secret and the dedup hashes it keys. Together they confirm who
 * visited which tool today (test an address against the hashes), which decision 0054 lets no one do once the day is
 * over; a backup kept for weeks would. Both live only for the current day and are made again by the next beacon.
 */
const LEFT_OUT = ['metrics_day_secrets', 'metrics_seen'];

/**
 * Writes a consistent copy of the database `file` to `target` while other connections write: VACUUM INTO reads one
 * snapshot (a read transaction, which in WAL mode neither waits for writers nor stops them) into a new, compact file.
 * The copy then loses the LEFT_OUT rows and is vacuumed again, so their bytes do not linger in its free pages.
 */
async function copyDatabase(file: string, target: string): Promise<void> {
  // VACUUM INTO writes into an empty file as it finds it: made first, so the copy is never readable by others.
  await writeFile(target, '', { mode: PRIVATE_FILE, flag: 'wx' });
  // Read-write but never written: a read-only connection to a WAL database fails when its -shm file is missing.
  const source = new Database(file, { readwrite: true, create: false });
  try {
    // A checkpoint that holds the lock for a moment is waited for rather than failed on.
    source.run('PRAGMA busy_timeout = 5000');
    source.run('VACUUM INTO ?', [target]);
  } finally {
    source.close();
  }
  const copy = new Database(target, { readwrite: true, create: false });
  try {
    // A database from before those tables' migration has nothing to leave out.
    const present = copy.query("SELECT name FROM sqlite_master WHERE type = 'table'").values().flat();
    for (const table of LEFT_OUT.filter((t) => present.includes(t))) copy.run(`DELETE FROM ${table}`);
    copy.run('VACUUM');
  } finally {
    copy.close();
  }
}

/** A folder name from the time, which sorts by age and is unique to the millisecond. */
const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

export async function backup(
  into = DEFAULT_BACKUPS_DIR,
  url = databaseUrl(),
  storage: UploadStorage = uploadStorageOf(process.env),
  at = new Date(),
): Promise<BackupReport> {
  const dir = resolve(into, stamp(at));
  const report: BackupReport = { dir, database: null, uploads: null, notes: [] };

  const file = databaseFile(url);
  if (file) {
    report.database = join(dir, basename(file));
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    await copyDatabase(file, report.database);
  } else {
    report.notes.push(
      `The database is ${databaseKind(url) === 'memory' ? 'in memory' : `a libSQL server (${new URL(url).host})`}: not copied; its provider's backups apply (Turso's point-in-time restore, or your sqld's own).`,
    );
  }

  if (storage.s3) {
    report.notes.push(
      `Uploads are in the bucket ${storage.s3.bucket}: not copied; the provider's versioning or replication applies.`,
    );
  } else {
    const uploads = resolve(storage.uploadsDir);
    if ((await stat(uploads).catch(() => null))?.isDirectory()) {
      report.uploads = join(dir, 'uploads');
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
      await cp(uploads, report.uploads, { recursive: true });
    } else {
      report.notes.push(`No uploads folder at ${uploads}: nothing uploaded yet.`);
    }
  }
  return report;
}

if (import.meta.main) {
  const report = await backup(process.argv[2]);
  console.log(
    report.database || report.uploads ? `Backup written to ${report.dir}` : 'Nothing to copy on this machine:',
  );
  if (report.database) console.log(`  database: ${report.database}`);
  if (report.uploads) console.log(`  uploads:  ${report.uploads}`);
  for (const note of report.notes) console.log(`  ${note}`);
  process.exit(0);
}

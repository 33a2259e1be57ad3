// What GET /healthz reports (docs/decisions/0059-several-machines.md): the database answers, a live build is there
// to serve, uploads can be written (docs/decisions/0067), and the worker lease's holder renewed it lately (its
// heartbeat, readable from any process). Cheap: one small read, one stat and a tiny file written and removed, as the
// platform asks every few seconds.
import { db, type Database } from '../../db/client';
import { config } from '../config';
import type { UploadStore } from '../../db/upload-store';
import { hasLiveBuild } from '../publishing/site-build';
import { uploadStore } from '../services/uploads';
import { readLease, WORKER_LEASE, type LeaseState } from '../publishing/worker-lease';

/** A database that has not answered within this long counts as gone. */
const HEALTH_DB_TIMEOUT_MS = 2000;

export interface HealthReport {
  ok: boolean;
  /** The checks that failed: any of them makes the answer a 503. */
  failing: ('database' | 'build' | 'uploads')[];
  /** Wrong but no reason to stop routing to this machine (the worker's heartbeat): watch it, alert on it. */
  warnings: 'worker'[];
  checks: {
    database: 'ok' | string;
    build: 'ok' | 'missing';
    /** ok, or why the uploads folder cannot be written (e.g. 'not writable: EROFS'). */
    uploads: 'ok' | string;
    /** ok: renewed and not lapsed; stale: its holder stopped renewing; none: nobody has taken it; unknown: no database. */
    worker: 'ok' | 'stale' | 'none' | 'unknown';
  };
  /** The lease's holder and how many seconds ago it renewed, when there is one. */
  worker: { holder: string; renewedSecondsAgo: number } | null;
}

interface HealthOptions {
  database?: Database;
  distDir?: string;
  uploads?: UploadStore;
  timeoutMs?: number;
}

/** Resolves with `work`, or rejects once `ms` have passed without it. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);

export async function checkHealth({
  database = db,
  distDir = config.distDir,
  uploads = uploadStore(),
  timeoutMs = HEALTH_DB_TIMEOUT_MS,
}: HealthOptions = {}): Promise<HealthReport> {
  // The lease read is the database check: a real table read, where a `select 1` would not touch the file at all.
  let lease: LeaseState | null = null;
  let databaseCheck = 'ok';
  try {
    lease = await within(readLease(WORKER_LEASE, database), timeoutMs);
  } catch (error) {
    databaseCheck = `error: ${describeError(error)}`;
  }
  const build = hasLiveBuild(distDir) ? 'ok' : 'missing';
  const uploadProblem = await uploads.writeProblem();
  const worker = databaseCheck !== 'ok' ? 'unknown' : !lease ? 'none' : lease.expiresInMs > 0 ? 'ok' : 'stale';
  const failing: HealthReport['failing'] = [];
  if (databaseCheck !== 'ok') failing.push('database');
  if (build !== 'ok') failing.push('build');
  // A machine that loses what members upload is not fit to serve them, as one without its database.
  if (uploadProblem) failing.push('uploads');
  return {
    ok: failing.length === 0,
    failing,
    warnings: worker === 'ok' ? [] : ['worker'],
    checks: {
      database: databaseCheck,
      build,
      uploads: uploadProblem ? `not writable: ${uploadProblem}` : 'ok',
      worker,
    },
    worker: lease && { holder: lease.holder, renewedSecondsAgo: Math.max(0, lease.renewedMsAgo) / 1000 },
  };
}

// Where the database is (docs/decisions/0058-database-by-url.md), read from the environment. No side effects, so that
// api/config.ts can show it and db/client.ts can read it without the command-line tools (migrate, seed) needing the
// server's whole configuration.

export const DEFAULT_DATABASE_URL = 'file:data/app.db';
/** How often an embedded replica pulls the primary's changes when DATABASE_SYNC_INTERVAL is not set. */
const DEFAULT_SYNC_INTERVAL_SECONDS = 5;

export interface DatabaseSettings {
  /** DATABASE_URL: file:path (the embedded default, or the replica's local file), libsql://, http(s)://, ws(s)://. */
  url: string;
  /** DATABASE_AUTH_TOKEN: the JWT a libSQL server (Turso, sqld with --auth-jwt-key-file) asks for. */
  authToken: string;
  /** DATABASE_SYNC_URL: the primary an embedded replica at DATABASE_URL (a file) pulls from and sends writes to. */
  syncUrl: string;
  /** DATABASE_SYNC_INTERVAL: seconds between a replica's pulls of the changes made elsewhere. */
  syncIntervalSeconds: number;
}

/**
 * Set by the primary server process in the environment of each further process serving the port (api/services/
 * replicas.ts), 1, 2, ...: the same slot across restarts.
 */
export const SERVER_PROCESS_SLOT_ENV = 'SERVER_PROCESS_SLOT';

/**
 * The local file of an embedded replica for this server process: libSQL keeps one file per client, and two
 * processes pulling into one file fail ("database is locked" in the injector) and lose track of what they have
 * pulled. So server process N > 0 keeps its own copy beside it: file:/data/replica.db -> file:/data/replica-N.db.
 */
function replicaFileOfProcess(url: string, slot: string | undefined): string {
  if (!slot) return url;
  if (!/^[1-9]\d*$/.test(slot))
    throw new Error(`${SERVER_PROCESS_SLOT_ENV} must be a whole number of 1 or more, not "${slot}"`);
  const [path, ...query] = url.split('?');
  const numbered = /\.[a-z0-9]+$/i.test(path) ? path.replace(/(\.[a-z0-9]+)$/i, `-${slot}$1`) : `${path}-${slot}`;
  return [numbered, ...query].join('?');
}

export function databaseSettings(env: Record<string, string | undefined> = process.env): DatabaseSettings {
  const interval = env.DATABASE_SYNC_INTERVAL?.trim();
  if (interval && !/^[1-9]\d{0,6}$/.test(interval))
    throw new Error(`DATABASE_SYNC_INTERVAL must be a whole number of seconds, 1 or more, not "${interval}"`);
  const url = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const syncUrl = env.DATABASE_SYNC_URL?.trim() || '';
  return {
    // The embedded file and a server are shared by every process; a replica's file is not.
    url: syncUrl ? replicaFileOfProcess(url, env[SERVER_PROCESS_SLOT_ENV]?.trim()) : url,
    authToken: env.DATABASE_AUTH_TOKEN || '',
    syncUrl,
    syncIntervalSeconds: interval ? Number(interval) : DEFAULT_SYNC_INTERVAL_SECONDS,
  };
}

/**
 * What DATABASE_URL (and DATABASE_SYNC_URL) make of the database:
 * - 'file': the embedded SQLite file, written by this machine only;
 * - 'memory': an in-memory database (tests and tools);
 * - 'server': a libSQL server (libsql://, http(s)://, ws(s)://), Turso or a self-hosted sqld;
 * - 'replica': a local file kept by libSQL as an embedded replica of the server at DATABASE_SYNC_URL.
 */
export type DatabaseKind = 'file' | 'memory' | 'server' | 'replica';

export function databaseKind(url: string, syncUrl = ''): DatabaseKind {
  const memory = url === ':memory:' || url.startsWith('file::memory:');
  const file = url.startsWith('file:');
  if (syncUrl) {
    if (memory || !file)
      throw new Error(
        `DATABASE_SYNC_URL makes DATABASE_URL the local file of an embedded replica: set DATABASE_URL to a file: URL (e.g. file:/data/replica.db), not "${url}"`,
      );
    if (!/^(libsql|https?):\/\//.test(syncUrl))
      throw new Error(`DATABASE_SYNC_URL must be the primary's libsql://, https:// or http:// URL, not "${syncUrl}"`);
    return 'replica';
  }
  return memory ? 'memory' : file ? 'file' : 'server';
}

/** The path of a file: URL, without its query. */
export const filePathOf = (url: string): string => url.slice('file:'.length).split('?')[0];

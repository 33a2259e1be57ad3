// The database client: drizzle over libSQL, from DATABASE_URL (default: a file under data/), a libSQL server, or an
// embedded replica of one (DATABASE_SYNC_URL): docs/decisions/0009, 0039, 0058.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database as SqliteFile } from 'bun:sqlite';
import {
  createClient,
  type Client,
  type InStatement,
  type Transaction as LibsqlTransaction,
  type TransactionMode,
} from '@libsql/client';
import { drizzle as drizzleBunSqlite } from 'drizzle-orm/bun-sqlite';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { databaseKind, databaseSettings, filePathOf } from './settings';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };
/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/**
 * Where a helper's statements go: the global `db`, or the `tx` its caller is inside. Helpers that
 * write take one without a default, so a call inside a transaction cannot forget to pass `tx`.
 */
export type Executor = Database | Transaction;

export function databaseUrl(): string {
  return databaseSettings().url;
}

/** Where an embedded replica's writes go and its changes come from (DATABASE_SYNC_URL), and how often it pulls them. */
export interface ReplicaOf {
  syncUrl: string;
  syncIntervalSeconds: number;
}

/** The replica settings of the environment, if DATABASE_SYNC_URL is set. */
function replicaOfEnv(): ReplicaOf | undefined {
  const { syncUrl, syncIntervalSeconds } = databaseSettings();
  return syncUrl ? { syncUrl, syncIntervalSeconds } : undefined;
}

/**
 * Which statements of this process wait for each other (docs/decisions/0009):
 * - 'writers' (a file): SQLite lets one connection write at a time and answers any other
 *   SQLITE_BUSY at once (a busy timeout would block the event loop, the driver being synchronous),
 *   so transactions and write statements take turns; reads use their own connections and pass.
 * - 'all' (in memory): the client has a single connection, which a transaction holds.
 * - 'none' (libsql://, http(s)://, ws(s)://, and an embedded replica, whose writes go to its primary): the
 *   server orders writers (it holds a second BEGIN IMMEDIATE until the first commits, and never answers
 *   SQLITE_BUSY); a process-wide lock would only allow one network round trip at a time.
 */
export type LockPolicy = 'none' | 'writers' | 'all';

export function lockPolicy(url: string, syncUrl = ''): LockPolicy {
  const kind = databaseKind(url, syncUrl);
  return kind === 'memory' ? 'all' : kind === 'file' ? 'writers' : 'none';
}

/** How long a statement keeps retrying while another connection holds the write lock. */
const BUSY_RETRY_MS = 1500;
const FIRST_RETRY_DELAY_MS = 25;

/** The database stayed locked by another connection or process for the whole retry window. */
class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('The database stayed locked by another connection; gave up after retrying', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** A write through the global `db` while a `db.transaction` of the same async context is open. */
export class WriteOutsideTransactionError extends Error {
  constructor(what: string, fix = 'pass the transaction `tx` to the helper instead.') {
    super(
      `${what} through the global db inside db.transaction() would wait for the transaction's own write lock: ${fix}`,
    );
    this.name = 'WriteOutsideTransactionError';
  }
}

function sqliteCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const { code, extendedCode } = error as { code?: unknown; extendedCode?: unknown };
  return [code, extendedCode].filter((c) => typeof c === 'string').join(' ');
}

/** A lock conflict with another connection: worth retrying, never the caller's fault. */
function isLockConflict(error: unknown): boolean {
  return /\bSQLITE_(BUSY|LOCKED)/.test(sqliteCode(error));
}

/**
 * A libSQL server (sqld) never answers SQLITE_BUSY: it holds a second writer until the first commits, and ends a
 * transaction that has held the write lock for 5 s while another waits (TRANSACTION_TIMEOUT, rolled back).
 */
const transactionEndedByServer = (error: unknown) => sqliteCode(error).split(' ').includes('TRANSACTION_TIMEOUT');

/** Whether an error (or one it wraps, as drizzle wraps driver errors) means the database is busy: nothing was written. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseBusyError || isLockConflict(e) || transactionEndedByServer(e)) return true;
  }
  return false;
}

/** Runs `run` again with doubling pauses while the database is locked, until `deadline`. */
async function retryWhileBusy<T>(run: () => Promise<T>, deadline: number): Promise<T> {
  for (let delay = FIRST_RETRY_DELAY_MS; ; delay *= 2) {
    try {
      return await run();
    } catch (error) {
      if (!isLockConflict(error)) throw error;
      const pause = Math.min(delay, deadline - performance.now());
      if (pause <= 0) throw new DatabaseBusyError(error);
      await sleep(pause);
    }
  }
}

const READ_ONLY = /^\s*(select|explain)\b/i;
const WRITE_WORD = /\b(insert|update|delete|replace)\b/i;

/** Whether a statement only reads. Unknown kinds (pragmas, DDL) count as writes, which is safe. */
function isReadStatement(statement: InStatement): boolean {
  const sql = typeof statement === 'string' ? statement : statement.sql;
  if (READ_ONLY.test(sql)) return true;
  return /^\s*with\b/i.test(sql) && !WRITE_WORD.test(sql);
}

/** A FIFO async mutex. */
function mutex() {
  let tail: Promise<void> = Promise.resolve();
  return async function exclusive<T>(run: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((done) => (release = done));
    await previous;
    try {
      return await run();
    } finally {
      release();
    }
  };
}

/** The open `db.transaction` of an async context; `active` turns false when it settles, so work it left behind runs normally. */
interface Scope {
  active: boolean;
  deadline: number;
}

/** A relative file URL made absolute, so that every connection the client opens later lands on the same file. */
function absoluteFileUrl(url: string): string {
  if (!url.startsWith('file:') || url.includes(':memory:')) return url;
  const [path, ...query] = url.slice('file:'.length).split('?');
  if (path.startsWith('/')) return url;
  return `file:${resolve(path)}${query.length ? `?${query.join('?')}` : ''}`;
}

/**
 * The libSQL client of a file database, replaced after a lock conflict. The sqlite3 driver leaves
 * a statement that failed SQLITE_BUSY unfinished on its pooled connection (libsql-client-ts#352),
 * and every later statement there then runs inside that implicit transaction: writes that never
 * commit, a write lock held for good. So a conflict retires the whole client: new calls go to a
 * fresh one, and the old one is closed once the calls (and transactions) still using it are done.
 */
function clients(open: () => Client, renewable: boolean) {
  interface Generation {
    client: Client;
    users: number;
    retired: boolean;
  }
  const fresh = (): Generation => ({ client: open(), users: 0, retired: false });
  let current = fresh();

  function lease(): Generation {
    current.users++;
    return current;
  }
  function give(generation: Generation) {
    generation.users--;
    if (generation.retired && generation.users === 0) generation.client.close();
  }
  function retire(generation: Generation, error: unknown) {
    if (!renewable || !isLockConflict(error) || generation !== current || generation.client.closed) return;
    generation.retired = true;
    current = fresh();
  }
  /** Runs one call on the current client. */
  async function use<T>(run: (client: Client) => Promise<T>): Promise<T> {
    const generation = lease();
    try {
      return await run(generation.client);
    } catch (error) {
      retire(generation, error);
      throw error;
    } finally {
      give(generation);
    }
  }
  /** Opens a transaction that keeps its client alive until it settles. */
  async function transaction(mode?: TransactionMode): Promise<LibsqlTransaction> {
    const generation = lease();
    let tx: LibsqlTransaction;
    try {
      tx = await generation.client.transaction(mode);
    } catch (error) {
      retire(generation, error);
      give(generation);
      throw error;
    }
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      give(generation);
    };
    return new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'close') {
          return (...args: unknown[]) => {
            try {
              return value.apply(target, args);
            } finally {
              settle();
            }
          };
        }
        // Commit and rollback end the transaction: its client may then be closed if retired.
        const ends = prop === 'commit' || prop === 'rollback';
        return async (...args: unknown[]) => {
          try {
            return await value.apply(target, args);
          } catch (error) {
            retire(generation, error);
            throw error;
          } finally {
            if (ends) settle();
          }
        };
      },
    });
  }
  return { current: () => current.client, use, transaction };
}

/** What a replica's failed pull is reported to: stderr for the command-line tools, the server's log once it says so. */
let reportPullError = (error: unknown, where: { syncUrl: string; url: string }) =>
  console.error("could not pull the primary's changes into the replica", where, error);

/** The server hands its log here (db/ does not import api/, docs/decisions/0078). */
export function reportReplicaPullErrorsTo(report: typeof reportPullError): void {
  reportPullError = report;
}

/**
 * An embedded replica (docs/decisions/0058): two clients. Reads go to the local file, which libSQL keeps as a
 * replica of the primary (pulled at open, every `syncIntervalSeconds`, and after each write of this process);
 * writes and transactions go straight to the primary over HTTP. Not through the replica: its client has a single
 * connection, which a transaction would hold for all its round trips (other calls then fail TRANSACTION_ACTIVE),
 * and its writes and pulls are synchronous native calls that stop the event loop for a round trip each.
 */
function openReplica(url: string, authToken: string | undefined, { syncUrl, syncIntervalSeconds }: ReplicaOf) {
  const local = createClient({ url, syncUrl, authToken, syncInterval: syncIntervalSeconds, readYourWrites: false });
  const primary = createClient({ url: syncUrl, authToken });
  const pull = () =>
    local.sync().then(
      () => undefined,
      (error) => reportPullError(error, { syncUrl, url }),
    );
  // The first pull, before anything reads (it takes the replica's one connection now): the file may be empty or behind.
  let pulling: Promise<void> | undefined = pull().finally(() => (pulling = undefined));
  /** Pulls the primary's changes; writes that finish together share one pull, which starts after all of them. */
  const catchUp = () =>
    (pulling ??= Promise.resolve()
      .then(pull)
      .finally(() => (pulling = undefined)));
  return { local, primary, catchUp };
}

export function openDatabase(
  url = databaseUrl(),
  authToken = databaseSettings().authToken,
  replicaOf = replicaOfEnv(),
): Database {
  url = absoluteFileUrl(url);
  const kind = databaseKind(url, replicaOf?.syncUrl);
  if (kind === 'file' || kind === 'replica') mkdirSync(dirname(filePathOf(url)), { recursive: true });
  const policy = lockPolicy(url, replicaOf?.syncUrl);
  const exclusive = mutex();
  const scopes = new AsyncLocalStorage<Scope>();
  const deadline = () => scopes.getStore()?.deadline ?? performance.now() + BUSY_RETRY_MS;
  const replica = replicaOf && openReplica(url, authToken || undefined, replicaOf);
  // Only a file database can be opened again without losing it; a server's connection is not left unfinished.
  const pool = replica
    ? clients(() => replica.local, false)
    : clients(() => createClient({ url, authToken: authToken || undefined }), policy === 'writers');
  // Where writes and transactions go: the same client, or a replica's primary.
  const writers = replica ? clients(() => replica.primary, false) : pool;

  /** Runs one client call: refused if it writes inside a transaction scope, queued if the policy says so, retried while busy. */
  function statement<T>(writes: boolean, what: string, run: (client: Client) => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    const until = performance.now() + BUSY_RETRY_MS;
    const attempt = () => retryWhileBusy(() => (writes ? writers : pool).use(run), until);
    if (scope?.active) return writes ? Promise.reject(new WriteOutsideTransactionError(what)) : attempt();
    if (replica && writes) return attempt().then(async (result) => (await replica.catchUp(), result));
    return policy === 'all' || (policy === 'writers' && writes) ? exclusive(attempt) : attempt();
  }

  const client = new Proxy(pool.current(), {
    get(_target, prop) {
      const target = pool.current();
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      switch (prop) {
        case 'close':
          return () => {
            if (writers !== pool) writers.current().close();
            target.close();
          };
        case 'execute':
          return (stmt: InStatement, ...rest: unknown[]) =>
            statement(!isReadStatement(stmt), 'A write', (c) =>
              (c.execute as (...a: unknown[]) => Promise<unknown>)(stmt, ...rest),
            );
        case 'batch':
          return (stmts: InStatement[], mode?: TransactionMode) =>
            statement(mode !== 'read' && !stmts.every(isReadStatement), 'A batch that writes', (c) =>
              c.batch(stmts, mode),
            );
        case 'executeMultiple':
          return (sql: string) => statement(true, 'executeMultiple()', (c) => c.executeMultiple(sql));
        case 'migrate':
          return (stmts: InStatement[]) => statement(true, 'migrate()', (c) => c.migrate(stmts));
        case 'transaction':
          // Only db.transaction below opens one, already in its turn; BEGIN IMMEDIATE is where another process's lock shows.
          return (mode?: TransactionMode) => retryWhileBusy(() => writers.transaction(mode), deadline());
        default:
          return value.bind(target);
      }
    },
  });

  const database = drizzle(client, { schema }) as Database;
  const transaction = database.transaction.bind(database);
  database.transaction = (async (...args: Parameters<typeof transaction>) => {
    if (scopes.getStore()?.active)
      throw new WriteOutsideTransactionError('A nested db.transaction()', 'use tx.transaction() for a savepoint.');
    const scope: Scope = { active: true, deadline: performance.now() + BUSY_RETRY_MS };
    const run = () => scopes.run(scope, () => transaction(...args)).finally(() => (scope.active = false));
    // A replica reads its primary's commit only once it has pulled it.
    if (replica) return run().then(async (result) => (await replica.catchUp(), result));
    return policy === 'none' ? run() : exclusive(run);
  }) as typeof transaction;
  return database;
}

export const db = openDatabase();

/** How long a read waits for a lock (it blocks the event loop, bun:sqlite being synchronous): WAL readers rarely wait at all. */
const READER_BUSY_TIMEOUT_MS = 250;

/**
 * A connection for reads that run on every request (sessions, the catalogue, pages), docs/decisions/0039: for a file
 * database in WAL mode, bun:sqlite opened read-only on the same file, which caches its prepared statements and reads
 * rows without the per-statement prepare and column lookups of the libSQL client (about a tenth of the time); WAL
 * lets it read while the libSQL connection writes, and it sees every committed write at its next statement.
 * The local file of an embedded replica is read the same way: libSQL keeps it in WAL mode and injects the frames it
 * pulls, so this connection sees what the replica's own does (docs/decisions/0058). Anything else (a server URL,
 * memory, a file not in WAL mode) reads through `database` itself. Select only: the
 * connection refuses writes (SQLITE_READONLY), and it is typed as the libSQL database because drizzle's select
 * builders are the same and awaitable on both drivers.
 */
export function openReader(url = databaseUrl(), database: Database = db): Database {
  url = absoluteFileUrl(url);
  if (!url.startsWith('file:') || url.includes(':memory:')) return database;
  let file: SqliteFile;
  try {
    file = new SqliteFile(filePathOf(url), { readonly: true });
  } catch {
    return database; // not created yet: the libSQL client creates it on first use
  }
  const { journal_mode: mode } = file.query('PRAGMA journal_mode').get() as { journal_mode: string };
  if (mode !== 'wal') {
    // Without WAL a reader and a writer lock each other out, and this reader would wait synchronously.
    file.close();
    return database;
  }
  file.run(`PRAGMA busy_timeout = ${READER_BUSY_TIMEOUT_MS}`);
  return drizzleBunSqlite({ client: file, schema }) as unknown as Database;
}

let sharedReader: Database | undefined;

/** The process's reader (openReader) for `db`, opened at the first read. */
export function readDb(): Database {
  return (sharedReader ??= openReader());
}

const statements = new WeakMap<Database, Map<(database: Database) => unknown, unknown>>();

/**
 * A drizzle prepared statement of `build` on `database`, made once and kept: building a query costs more than running
 * it (drizzle assembles its SQL each time), and bun:sqlite keeps the compiled statement. `build` must be a module-level
 * function (it is the key) whose query takes its values through sql.placeholder().
 */
export function prepared<T>(database: Database, build: (database: Database) => T): T {
  let built = statements.get(database);
  if (!built) statements.set(database, (built = new Map()));
  let statement = built.get(build) as T | undefined;
  if (statement === undefined) built.set(build, (statement = build(database)));
  return statement;
}

// The database client: drizzle over libSQL, from DATABASE_URL (default: a file under data/).
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';

export const DEFAULT_DATABASE_URL = 'file:data/app.db';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/**
 * Serialises access to one client. A libSQL file transaction holds its own connection across
 * awaits, and SQLite answers any other writer SQLITE_BUSY at once (a busy timeout would block
 * the whole process, since the driver is synchronous). So while a transaction is open, other
 * statements of this process wait for it instead of failing. Statements issued from inside the
 * transaction's own async context pass straight through, so code there cannot deadlock itself.
 */
function serialiser() {
  let tail: Promise<void> = Promise.resolve();
  const inside = new AsyncLocalStorage<true>();

  async function exclusive<T>(run: () => Promise<T>): Promise<T> {
    if (inside.getStore()) return run();
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await inside.run(true, run);
    } finally {
      release();
    }
  }

  function wrapClient(client: Client): Client {
    return new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'execute' || prop === 'batch' || prop === 'executeMultiple' || prop === 'migrate') {
          return (...args: unknown[]) => exclusive(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  return { exclusive, wrapClient };
}

export function openDatabase(url = databaseUrl(), authToken = process.env.DATABASE_AUTH_TOKEN): Database {
  if (url.startsWith('file:') && !url.includes(':memory:')) {
    mkdirSync(dirname(resolve(url.slice('file:'.length))), { recursive: true });
  }
  const { exclusive, wrapClient } = serialiser();
  const database = drizzle(wrapClient(createClient({ url, authToken: authToken || undefined })), { schema }) as Database;
  const transaction = database.transaction.bind(database);
  database.transaction = ((...args: Parameters<typeof transaction>) => exclusive(() => transaction(...args))) as typeof transaction;
  return database;
}

export const db = openDatabase();

// The database client: drizzle over libSQL, from DATABASE_URL (default: a file under data/).
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

export function openDatabase(url = databaseUrl(), authToken = process.env.DATABASE_AUTH_TOKEN): Database {
  if (url.startsWith('file:') && !url.includes(':memory:')) {
    mkdirSync(dirname(resolve(url.slice('file:'.length))), { recursive: true });
  }
  const client = createClient({ url, authToken: authToken || undefined });
  return drizzle(client, { schema }) as Database;
}

export const db = openDatabase();

// Applies the drizzle-kit SQL migrations in db/migrations to a database.
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { databaseUrl, type Database } from './client';
import { databaseKind, databaseSettings } from './settings';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(database: Database): Promise<void> {
  await database.$client.execute('PRAGMA foreign_keys = ON');
  // Our own file only: a server, and the primary of a replica, keep their journal themselves.
  if (databaseKind(databaseUrl(), databaseSettings().syncUrl) === 'file')
    await database.$client.execute('PRAGMA journal_mode = WAL');
  await migrate(database, { migrationsFolder: MIGRATIONS_FOLDER });
}

if (import.meta.main) {
  const { db } = await import('./client');
  await migrateDatabase(db);
  console.log(`migrated ${databaseUrl()}`);
}

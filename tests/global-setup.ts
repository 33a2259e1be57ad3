// Builds one migrated template database per test run; each test file copies it (tests/setup.ts). Builds the
// pages' server build once too, for the tests that render pages (on demand and exported).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';

export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'aitools-test-'));
  const template = join(dir, 'template.db');
  const client = createClient({ url: `file:${template}` });
  await migrate(drizzle(client), { migrationsFolder: join(import.meta.dirname, '../db/migrations') });
  // As db/migrate.ts leaves a real database: WAL, which the per-request reader needs (db/client.ts openReader).
  await client.execute('PRAGMA journal_mode = WAL');
  client.close();
  provide('templateDb', template);
  const appDir = join(dir, 'app');
  // site-build opens the database on import: let it open the template, not a real one.
  process.env.DATABASE_URL = `file:${template}`;
  const { buildApp } = await import('../api/publishing/site-build');
  const app = await buildApp(appDir);
  if (!app.ok) throw new Error(`The pages' server build failed:\n${app.log}`);
  provide('appDir', appDir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    appDir: string;
  }
}

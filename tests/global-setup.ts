// Builds one migrated template database per test run; each test file copies it (tests/setup.ts).
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
  client.close();
  provide('templateDb', template);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

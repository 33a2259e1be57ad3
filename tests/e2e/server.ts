// The server the end-to-end tests drive: a fresh seeded database and a real build, on its own port.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// playwright.config.ts names the directory, for the fixtures that write each test's users into the same database.
const dir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'aitools-e2e-'));
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`;
process.env.UPLOADS_DIR = join(dir, 'uploads');
process.env.DIST_DIR = join(dir, 'dist');
process.env.PORT ||= '4329';

const { db } = await import('../../db/client');
const { migrateDatabase } = await import('../../db/migrate');
const { seedDemo } = await import('../../db/seed');
const { buildApp, buildSite } = await import('../../api/publishing/site-build');

await migrateDatabase(db);
await seedDemo(db);
const app = await buildApp();
if (!app.ok) {
  console.error(app.log);
  process.exit(1);
}
const result = await buildSite(process.env.DIST_DIR);
if (!result.ok) {
  console.error(result.log);
  process.exit(1);
}
console.log(`e2e: site built in ${result.seconds.toFixed(1)} s`);
await import('../../api/server');

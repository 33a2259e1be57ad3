// Times a full site build (astro + Pagefind) over a seeded database with N synthetic tools and
// prints build seconds per 1,000 pages. Usage: bun bench/build.ts [N=1000]
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'aitools-bench-build-'));
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`;
process.env.UPLOADS_DIR = join(dir, 'uploads');

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { buildSite } = await import('../api/services/site-build');

await migrateDatabase(db);
await seedDemo(db);
await seedSyntheticTools(n, db);

function countPages(root: string): number {
  let pages = 0;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) pages += countPages(path);
    else if (name.endsWith('.html')) pages += 1;
  }
  return pages;
}

const result = await buildSite(join(dir, 'dist'));
if (!result.ok) {
  console.error(result.log);
  process.exit(1);
}
const pages = countPages(join(dir, 'dist'));
console.log(`tools: ${n + 36} seeded (${n} synthetic)`);
console.log(`pages built: ${pages}`);
console.log(`build (astro + pagefind): ${result.seconds.toFixed(1)} s`);
console.log(`seconds per 1,000 pages: ${((result.seconds / pages) * 1000).toFixed(1)}`);

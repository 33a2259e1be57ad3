// Renders the static site into a folder (api/services/site-export.ts); prints its figures as JSON on the last line.
// Usage: bun scripts/export-site.ts <outDir> [previousDir]
import { join, resolve } from 'node:path';
import { config } from '../api/config';
import { exportSite } from '../api/services/site-export';

const [outDir, previousDir] = process.argv.slice(2);
if (!outDir) {
  console.error('Usage: bun scripts/export-site.ts <outDir> [previousDir]');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const stats = await exportSite({
  appDir: config.appDir,
  outDir: resolve(outDir),
  previousDir: previousDir ? resolve(previousDir) : null,
  siteUrl: config.siteUrl,
  pagesDir: join(root, 'site/pages'),
});
console.log(JSON.stringify(stats));
process.exit(0);

// Renders the static site into a folder (api/publishing/site-export.ts); prints its figures as JSON on the last line.
// Usage: bun scripts/export-site.ts <outDir> [previousDir] [--part=K/N: a worker writing its share of the tool pages].
import { resolve } from 'node:path';
import { config } from '../api/config';
import { endWithParent } from '../api/publishing/run-step';
import type { ExportOptions } from '../api/publishing/site-export';

// The export and its workers are the server's (or `npm run build`'s): none goes on rendering once its parent is gone,
// watched from before the export's own modules load (seconds on a busy machine).
endWithParent();
const { exportPart, exportSite } = await import('../api/publishing/site-export');

const [outDir, previousDir] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const part = /^--part=(\d+)\/(\d+)$/.exec(process.argv.find((a) => a.startsWith('--part=')) ?? '');
if (!outDir) {
  console.error('Usage: bun scripts/export-site.ts <outDir> [previousDir] [--part=K/N]');
  process.exit(2);
}
const options: ExportOptions = {
  appDir: resolve(config.appDir),
  outDir: resolve(outDir),
  previousDir: previousDir ? resolve(previousDir) : null,
  siteUrl: config.siteUrl,
};
if (part) {
  await exportPart(options, Number(part[1]), Number(part[2]));
} else {
  console.log(JSON.stringify(await exportSite(options)));
}
process.exit(0);

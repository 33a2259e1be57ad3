// Builds the site from the database and swaps it in as dist/ (see api/services/site-build.ts).
import { buildSite } from '../api/services/site-build';

const result = await buildSite();
if (!result.ok) {
  console.error(result.log);
  console.error('Site build failed; the live build was left as it was.');
  process.exit(1);
}
console.log(`Site built in ${result.seconds.toFixed(1)} s → ${result.dir}`);

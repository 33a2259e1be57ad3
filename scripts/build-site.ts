// `npm run build`: the server build of site/ (build/app), then the static site from the database, swapped in as
// dist/ (see api/publishing/site-build.ts). `--app-only`: the server build alone, which needs no database (the image
// build makes it; the static site is then built on the volume at the first start).
import { buildApp, buildSite } from '../api/publishing/site-build';

const app = await buildApp();
if (!app.ok) {
  console.error(app.log);
  console.error('The server build of the pages failed.');
  process.exit(1);
}
if (process.argv.includes('--app-only')) {
  console.log(`Pages built in ${app.seconds.toFixed(1)} s`);
  process.exit(0);
}
const result = await buildSite();
if (!result.ok) {
  console.error(result.log);
  console.error('Site build failed; the live build was left as it was.');
  process.exit(1);
}
console.log(
  `Pages built in ${app.seconds.toFixed(1)} s; site exported in ${result.seconds.toFixed(1)} s → ${result.dir}`,
);

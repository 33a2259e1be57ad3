// `npm start`: migrate, seed demo data when the database is empty (not in production), build the pages' server
// build, make sure there is a site build to serve (docs/decisions/0027), serve it with the API.
// The configuration first: a bad one stops the start with its message before anything else runs.
import { config } from '../api/config';
import { db, databaseUrl } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { isEmpty, seedDemo } from '../db/seed';
import { prepareSiteForStart } from '../api/services/rebuild-worker';
import { buildApp, hasLiveBuild } from '../api/services/site-build';

await migrateDatabase(db);
console.log(`Database: ${databaseUrl()}`);
// Demo accounts share a public password, so production never gets them.
if (!config.isProduction && (await isEmpty(db))) {
  console.log('Empty database: seeding demo data…');
  await seedDemo(db);
}
if (!process.argv.includes('--no-build')) {
  // The pages' server build bakes in SITE_URL (canonical links), so it is made here, where the deployment's is known.
  const app = await buildApp();
  if (!app.ok) {
    console.error(app.log);
    console.error('The server build of the pages failed.');
    process.exit(1);
  }
  console.log(`Pages built in ${app.seconds.toFixed(1)} s`);
  if (!hasLiveBuild(config.distDir)) console.log('Building the site…');
  const start = await prepareSiteForStart();
  if (start.outcome === 'failed') {
    console.error(start.log);
    console.error('The site build failed and there is no earlier build to serve.');
    process.exit(1);
  }
  console.log(
    start.outcome === 'built'
      ? `Site built in ${start.seconds.toFixed(1)} s`
      : 'Serving the last good build; the site is rebuilt in the background (see Settings in the admin panel).',
  );
}
await import('../api/server');

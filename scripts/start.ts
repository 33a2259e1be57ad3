// `npm start`: migrate, seed demo data when the database is empty (not in production), build the pages' server
// build (unless `--prebuilt-app`: the image made it), make sure there is a site build to serve (docs/decisions/0027),
// serve it with the API. The configuration first: a bad one stops the start with its message before anything else runs.
import { config } from '../api/config';
import { log } from '../api/log';
import { db, databaseUrl } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { isEmpty, seedDemo } from '../db/seed';
import { prepareSiteForStart } from '../api/publishing/rebuild-worker';
import { stopAllSteps } from '../api/publishing/run-step';
import { buildApp, hasAppBuild, hasLiveBuild } from '../api/publishing/site-build';

await migrateDatabase(db);
log.info({ database: databaseUrl() }, 'database migrated');
// Demo accounts share a public password, so production never gets them.
if (!config.isProduction && (await isEmpty(db))) {
  log.info('empty database: seeding demo data');
  await seedDemo(db);
}
// A signal before the server takes over ends the start with the build steps it started (their own process groups).
const abandonStart = (signal: NodeJS.Signals) => {
  stopAllSteps();
  log.info({ signal }, 'start interrupted');
  process.exit(1);
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, abandonStart);
if (!process.argv.includes('--no-build')) {
  if (process.argv.includes('--prebuilt-app')) {
    // The image made the server build at image build time (Dockerfile), with the deployment's SITE_URL.
    if (!hasAppBuild(config.appDir)) {
      log.fatal(
        { appDir: config.appDir },
        '--prebuilt-app: there is no server build of the pages; run `npm run build -- --app-only` first',
      );
      process.exit(1);
    }
  } else {
    // The pages' server build bakes in SITE_URL (canonical links), so it is made here, where the deployment's is known.
    const app = await buildApp();
    if (!app.ok) {
      log.fatal({ logTail: app.log.slice(-16_000) }, 'the server build of the pages failed');
      process.exit(1);
    }
    log.info({ seconds: app.seconds }, 'pages built');
  }
  if (!hasLiveBuild(config.distDir)) log.info('building the site');
  const start = await prepareSiteForStart();
  if (start.outcome === 'failed') {
    log.fatal({ logTail: start.log.slice(-16_000) }, 'the site build failed and there is no earlier build to serve');
    process.exit(1);
  }
  if (start.outcome === 'built') log.info({ seconds: start.seconds }, 'site built');
  else log.info('serving the last good build; the site is rebuilt in the background (see Settings in the admin panel)');
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.off(signal, abandonStart);
await import('../api/server');

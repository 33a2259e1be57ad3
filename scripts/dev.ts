// `npm run dev`: the API with reload on port 4322 and Astro's dev server on 4321 proxying to it.
import { db } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { isEmpty, seedDemo } from '../db/seed';
import { siteUrlOf } from '../lib/site-url';

await migrateDatabase(db);
if (await isEmpty(db)) await seedDemo(db);

const env = { ...process.env, API_PORT: process.env.API_PORT || '4322' };
const api = Bun.spawn([process.execPath, '--watch', 'api/server.ts'], {
  // Visitors use the Astro dev server's port: links, e-mails and the Origin check follow it, not the API's.
  env: { ...env, PORT: env.API_PORT, SITE_URL: siteUrlOf(process.env), REBUILD_WORKER: '0' },
  stdout: 'inherit',
  stderr: 'inherit',
});
const site = Bun.spawn(
  [process.execPath, '--bun', 'node_modules/.bin/astro', 'dev', '--port', process.env.PORT || '4321'],
  {
    env,
    stdout: 'inherit',
    stderr: 'inherit',
  },
);
const stop = () => {
  api.kill();
  site.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.race([api.exited, site.exited]);
stop();

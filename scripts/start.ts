// `npm start`: migrate, seed demo data when the database is empty (not in production), build the site,
// serve it with the API.
import { db, databaseUrl } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { isEmpty, seedDemo } from '../db/seed';
import { buildSite } from '../api/services/site-build';

await migrateDatabase(db);
console.log(`Database: ${databaseUrl()}`);
// Demo accounts share a public password, so production never gets them.
if (process.env.NODE_ENV !== 'production' && (await isEmpty(db))) {
  console.log('Empty database: seeding demo data…');
  await seedDemo(db);
}
if (!process.argv.includes('--no-build')) {
  console.log('Building the site…');
  const result = await buildSite();
  if (!result.ok) {
    console.error(result.log);
    process.exit(1);
  }
  console.log(`Site built in ${result.seconds.toFixed(1)} s`);
}
await import('../api/server');

// Gives each test file its own database: a copy of the migrated template, set before any import opens it.
import { copyFileSync } from 'node:fs';
import { inject } from 'vitest';

const file = inject('templateDb').replace(/template\.db$/, `${crypto.randomUUID()}.db`);
copyFileSync(inject('templateDb'), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.UPLOADS_DIR = file.replace(/\.db$/, '-uploads');
process.env.APP_DIR = inject('appDir');
// Quiet test output: a test that reads the log sets its own level (a spawned server's LOG_LEVEL, or a spy on log).
process.env.LOG_LEVEL ??= 'silent';

// A scratch product for a bench: a fresh folder for its database, uploads, builds and kept images, set in the
// environment before the bench imports the modules that read it (db/client.ts opens DATABASE_URL on import).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes the folder (`aitools-<name>-...` in the system's temporary folder), points the environment at it, returns it. */
export function useScratchSite(name: string, siteUrl: string): string {
  const work = mkdtempSync(join(tmpdir(), `aitools-${name}-`));
  Object.assign(process.env, {
    DATABASE_URL: `file:${join(work, 'app.db')}`,
    UPLOADS_DIR: join(work, 'uploads'),
    DIST_DIR: join(work, 'dist'),
    APP_DIR: join(work, 'app'),
    SITE_URL: siteUrl,
  });
  return work;
}

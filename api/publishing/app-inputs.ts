// What the pages' server build is made from, as one hash: a start or build of unchanged code keeps its server build
// instead of running `astro build` again, which costs more than the export of one change (decision 0065).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Everything `astro build` reads: the site and what it imports (site/ imports lib/ and db/, never api/), its
 * static files, its configuration and the exact packages. */
const SOURCES = ['{site,lib,db,public}/**', '{astro.config.mjs,tsconfig.json,package-lock.json}'].map(
  (pattern) => new Bun.Glob(pattern),
);

/** The file beside the server build that names the inputs it was made from. */
export const INPUTS_FILE = '.inputs';

/** The hash of the sources under `root` and of `settings` (the environment the build step sees) and the runtime. */
export function appInputsHash(root: string, settings: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ settings, bun: Bun.version }));
  const files = SOURCES.flatMap((glob) => [...glob.scanSync({ cwd: root, onlyFiles: true, dot: true })]);
  for (const file of files.sort()) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/** The inputs hash beside a server build (or its copy beside an export); null when unknown: nothing of it is reused. */
export function codeIn(dir: string): string | null {
  try {
    return readFileSync(join(dir, INPUTS_FILE), 'utf8') || null;
  } catch {
    return null;
  }
}

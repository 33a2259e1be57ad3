// The pages' server build renders every page with islands, from wherever it was built: a build outside the project
// (the tests', the bench's) must load the project's packages, not whatever copies Bun finds elsewhere. Rendered in a
// plain Bun process, as the exporter and the server do (Vitest resolves packages its own way).
import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { config } from '../../api/config';

const ROOT = resolve(import.meta.dirname, '../..');
const PATHS = ['/auth', '/submit', '/dashboard', '/admin', '/directory', '/'];

describe('a server build outside the project', () => {
  it('renders every page with islands in a Bun process', () => {
    const script = `
      const { renderPage } = await import(${JSON.stringify(join(ROOT, 'api/publishing/page-renderer.ts'))});
      const statuses = {};
      for (const path of ${JSON.stringify(PATHS)}) {
        statuses[path] = (await renderPage(path, { appDir: ${JSON.stringify(resolve(config.appDir))}, siteUrl: 'http://localhost:4321' }))?.status;
      }
      console.log(JSON.stringify(statuses));`;
    const run = Bun.spawnSync([process.execPath, '-e', script], { cwd: '/', env: process.env, stderr: 'pipe' });
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(JSON.parse(String(run.stdout).trim().split('\n').at(-1)!)).toEqual(
      Object.fromEntries(PATHS.map((p) => [p, 200])),
    );
  });
});

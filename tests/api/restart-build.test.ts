// A restart or a deploy of unchanged code costs what changed: `npm start` and `npm run build` make the server build
// again each time, and the export after it reuses every page no change touched (docs/decisions/0065, 0079).
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INPUTS_FILE } from '../../api/publishing/app-inputs';
import { buildApp, buildSite } from '../../api/publishing/site-build';
import { makeTool } from '../helpers/admin';

// The server build of this file alone, made twice: the shared one (tests/global-setup.ts) serves the other files.
const { dist, appDir } = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const root = temp(`${require('node:os').tmpdir()}/restart-`);
  process.env.DIST_DIR = `${root}/dist`;
  process.env.APP_DIR = `${root}/app`;
  return { dist: `${root}/dist`, appDir: `${root}/app` };
});

/** The code id the export recorded beside its pages (what decides whether a page may be reused). */
const codeIdOf = () => readFileSync(join(realpathSync(dist), INPUTS_FILE), 'utf8');

async function app(force = false) {
  const built = await buildApp(appDir, { force });
  if (!built.ok) throw new Error(built.log);
  return built;
}

async function site() {
  const built = await buildSite(dist);
  if (!built.ok || !built.stats) throw new Error(built.log);
  return built.stats;
}

beforeAll(async () => {
  for (let i = 0; i < 6; i++)
    await makeTool({ status: 'approved', name: `Restart Tool ${i}`, slug: `restart-tool-${i}`, tags: ['design'] });
  await app();
}, 120_000);

describe('a build after a fresh server build of the same code', () => {
  it('has the same code id and reuses every page: no change touched any', async () => {
    const first = await site();
    expect(first.reused).toBe(0);
    const code = codeIdOf();
    // What `npm start` after a crash, or the next `npm run build`, did before its server build was kept: a server
    // build made again (a fresh random Astro key in it), then the site.
    await app(true);
    const again = await site();
    expect(codeIdOf()).toBe(code);
    expect(again.rendered).toBe(0);
    expect(again.reused).toBe(first.pages);
  }, 180_000);
});

describe('the server build of unchanged code', () => {
  it('is kept as it is by the next start or npm run build', async () => {
    const entry = join(appDir, 'server/entry.mjs');
    const before = statSync(entry).mtimeMs;
    const again = await app();
    expect(again.kept).toBe(true);
    expect(statSync(entry).mtimeMs).toBe(before);
  });
});

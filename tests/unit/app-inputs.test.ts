// The hash that decides whether the pages' server build is made again: any source or setting it reads changes it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appInputsHash } from '../../api/publishing/app-inputs';

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'inputs-'));
  for (const dir of ['site/pages', 'lib', 'db', 'public']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'site/pages/index.astro'), '<h1>Home</h1>');
  writeFileSync(join(root, 'lib/slug.ts'), 'export const x = 1;');
  writeFileSync(join(root, 'astro.config.mjs'), 'export default {};');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  return root;
}

describe('appInputsHash', () => {
  it('is the same for the same sources and settings', () => {
    const root = tree();
    expect(appInputsHash(root, { SITE_URL: 'https://a.test' })).toBe(
      appInputsHash(root, { SITE_URL: 'https://a.test' }),
    );
  });

  it('changes with a page, a shared module, a new static file, the lock, the config or a setting', () => {
    const root = tree();
    const seen = new Set([appInputsHash(root, { SITE_URL: 'https://a.test' })]);
    const changes = [
      () => writeFileSync(join(root, 'site/pages/index.astro'), '<h1>Home!</h1>'),
      () => writeFileSync(join(root, 'lib/slug.ts'), 'export const x = 2;'),
      () => writeFileSync(join(root, 'public/favicon.ico'), 'icon'),
      () => writeFileSync(join(root, 'package-lock.json'), '{"v":2}'),
      () => writeFileSync(join(root, 'astro.config.mjs'), 'export default { site: "x" };'),
    ];
    for (const change of changes) {
      change();
      seen.add(appInputsHash(root, { SITE_URL: 'https://a.test' }));
    }
    seen.add(appInputsHash(root, { SITE_URL: 'https://b.test' }));
    expect(seen.size).toBe(changes.length + 2);
  });

  it('tells a file moved to another name from the same bytes where they were', () => {
    const root = tree();
    const before = appInputsHash(root, {});
    writeFileSync(join(root, 'lib/slug.ts'), '');
    writeFileSync(join(root, 'lib/slug2.ts'), 'export const x = 1;');
    expect(appInputsHash(root, {})).not.toBe(before);
  });
});

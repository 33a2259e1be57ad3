// The import rule of DESIGN.md, checked on every file of the four rooms: site and api never import each other, db
// imports neither, and lib (shared with the islands in the browser) imports no other room and no server-only package.
// And the browser's code takes only types from the contract (lib/contract), so no page loads its schemas.
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../helpers/source-imports';

const ROOT = resolve(import.meta.dirname, '../..');
const ROOMS = ['site', 'api', 'db', 'lib'] as const;
type Room = (typeof ROOMS)[number];

/** The packages lib/ may import: each runs in a browser as well as on the server. Adding one is a decision (0078). */
// tldts: the Public Suffix List, pure, for registrable domains (lib/registrable-domain.ts, decision 0098).
const LIB_PACKAGES = new Set(['zod', 'diff', 'sanitize-html', 'tldts']);

/** What each room must not import, as rooms (relative imports) and, for lib, packages outside LIB_PACKAGES. */
const FORBIDDEN: Record<Room, { rooms: Room[]; packages: boolean }> = {
  site: { rooms: ['api'], packages: false },
  api: { rooms: ['site'], packages: false },
  db: { rooms: ['api', 'site'], packages: false },
  lib: { rooms: ['api', 'site', 'db'], packages: true },
};

/** Where a relative import lands (its path from the root and room), or the package a bare one names. */
function targetOf(file: string, specifier: string): { path?: string; room?: string; pkg?: string } {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const path = relative(ROOT, resolve(dirname(join(ROOT, file)), specifier));
    return { path, room: path.split('/')[0] };
  }
  const parts = specifier.split('/');
  return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

function filesOf(room: Room): string[] {
  return [...new Bun.Glob(`${room}/**/*.{ts,mts,tsx,js,mjs,astro}`).scanSync({ cwd: ROOT })].sort();
}

/** The code that runs in the browser: the islands, their stores and components, and the client's lib/ modules. */
const BROWSER_FILES = [
  ...['islands', 'stores', 'components'].flatMap((folder) => [
    ...new Bun.Glob(`site/${folder}/**/*.{ts,tsx}`).scanSync({ cwd: ROOT }),
  ]),
  'lib/api-client.ts',
  'lib/api-pages.ts',
  'lib/http.ts',
  'lib/tool-list.ts',
];

/** Every import of the room that breaks its rule, as "file -> specifier". */
async function violations(room: Room): Promise<string[]> {
  const rule = FORBIDDEN[room];
  const found: string[] = [];
  for (const file of filesOf(room)) {
    const source = await Bun.file(join(ROOT, file)).text();
    for (const { specifier, typeOnly } of importsOf(file, source)) {
      const target = targetOf(file, specifier);
      const sideways = target.room !== undefined && (rule.rooms as string[]).includes(target.room);
      // Packages matter for what runs in the browser: a type-only import of one is gone before it gets there.
      const serverOnly = rule.packages && target.pkg !== undefined && !typeOnly && !LIB_PACKAGES.has(target.pkg);
      if (sideways || serverOnly) found.push(`${file} -> ${specifier}${typeOnly ? ' (type)' : ''}`);
    }
  }
  return found;
}

describe('the rooms of DESIGN.md', () => {
  it('reads static, dynamic, re-exported and type-only imports, in .astro files too', () => {
    const ts = importsOf(
      'lib/example.ts',
      "import a, { e, f as g } from './a';\nimport type { B } from '../api/b';\nexport * from './c';\nconst d = await import('node:fs');\nimport './h';\n",
    );
    expect(ts).toEqual([
      { specifier: './a', typeOnly: false, names: ['e', 'f'] },
      { specifier: './c', typeOnly: false, names: [] },
      { specifier: './h', typeOnly: false, names: [] },
      { specifier: 'node:fs', typeOnly: false, names: [] },
      { specifier: '../api/b', typeOnly: true, names: ['B'] },
    ]);
    const astro = importsOf(
      'site/pages/example.astro',
      "---\nimport X from '../api/x';\nif (!X) return Astro.redirect('/');\n---\n<p>x</p>\n<script>import('../api/y');</script>\n",
    );
    expect(astro.map((i) => i.specifier)).toEqual(['../api/x', '../api/y']);
  });

  it.each(ROOMS)('%s imports nothing its rule forbids', async (room) => {
    expect(filesOf(room).length).toBeGreaterThan(0);
    expect(await violations(room)).toEqual([]);
  });

  it("the browser's code takes only types from lib/contract", async () => {
    expect(BROWSER_FILES.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of BROWSER_FILES) {
      const source = await Bun.file(join(ROOT, file)).text();
      for (const { specifier, typeOnly } of importsOf(file, source)) {
        const { path } = targetOf(file, specifier);
        if (!typeOnly && (path === 'lib/contract' || path?.startsWith('lib/contract/')))
          found.push(`${file} -> ${specifier}`);
      }
    }
    expect(found).toEqual([]);
  });
});

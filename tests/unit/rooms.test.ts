// The import rule of DESIGN.md, checked on every file of the four rooms: site and api never import each other, db
// imports neither, and lib (shared with the islands in the browser) imports no other room and no server-only package.
// And the browser's code takes only types from the contract (lib/contract), so no page loads its schemas.
import { dirname, extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ROOMS = ['site', 'api', 'db', 'lib'] as const;
type Room = (typeof ROOMS)[number];

/** The packages lib/ may import: each runs in a browser as well as on the server. Adding one is a decision (0078). */
const LIB_PACKAGES = new Set(['zod', 'diff', 'sanitize-html']);

/** What each room must not import, as rooms (relative imports) and, for lib, packages outside LIB_PACKAGES. */
const FORBIDDEN: Record<Room, { rooms: Room[]; packages: boolean }> = {
  site: { rooms: ['api'], packages: false },
  api: { rooms: ['site'], packages: false },
  db: { rooms: ['api', 'site'], packages: false },
  lib: { rooms: ['api', 'site', 'db'], packages: true },
};

interface Import {
  specifier: string;
  /** `import type` / `export type`: gone at run time, but still a dependency of one room on another. */
  typeOnly: boolean;
}

const LOADERS: Record<string, 'ts' | 'tsx' | 'js'> = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.astro': 'ts' };
const TYPE_IMPORT = /^\s*(?:import|export)\s+type\s[\s\S]*?\bfrom\s*['"]([^'"]+)['"]/gm;

/** The code of an .astro file: its frontmatter and its <script>s (the template imports nothing). */
function astroCode(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  // Not a self-closing <script ... /> (its code is an expression of the frontmatter's).
  const scripts = [...source.matchAll(/<script\b[^>]*?(?<!\/)>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  // A frontmatter may `return Astro.redirect(...)` at its top level (an unindented line), which a module may not: the
  // parser is given an `if (0)` in its place, which changes no import.
  return [frontmatter.replace(/^(?=\S)(.*?)\breturn\b/gm, '$1if (0)'), ...scripts].join('\n;\n');
}

/** Every import of a file: static, dynamic (with a literal specifier), re-exports, and type-only ones. */
function importsOf(source: string, extension: string): Import[] {
  const code = extension === '.astro' ? astroCode(source) : source;
  const runtime = new Bun.Transpiler({ loader: LOADERS[extension] }).scan(code).imports;
  const types = [...code.matchAll(TYPE_IMPORT)].map((m) => m[1]);
  return [
    ...runtime.map((i) => ({ specifier: i.path, typeOnly: false })),
    ...types.map((specifier) => ({ specifier, typeOnly: true })),
  ];
}

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
  ...['islands', 'stores', 'components'].flatMap((folder) => [...new Bun.Glob(`site/${folder}/**/*.{ts,tsx}`).scanSync({ cwd: ROOT })]),
  'lib/api-client.ts',
  'lib/api-pages.ts',
  'lib/http.ts',
  'lib/tool-list.ts',
];

function importsOfFile(file: string, source: string): Import[] {
  try {
    return importsOf(source, extname(file));
  } catch (error) {
    throw new Error(`${file} does not parse: ${error}`);
  }
}

/** Every import of the room that breaks its rule, as "file -> specifier". */
async function violations(room: Room): Promise<string[]> {
  const rule = FORBIDDEN[room];
  const found: string[] = [];
  for (const file of filesOf(room)) {
    const source = await Bun.file(join(ROOT, file)).text();
    for (const { specifier, typeOnly } of importsOfFile(file, source)) {
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
      "import a from './a';\nimport type { B } from '../api/b';\nexport * from './c';\nconst d = await import('node:fs');\n",
      '.ts',
    );
    expect(ts).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './c', typeOnly: false },
      { specifier: 'node:fs', typeOnly: false },
      { specifier: '../api/b', typeOnly: true },
    ]);
    const astro = importsOf("---\nimport X from '../api/x';\nif (!X) return Astro.redirect('/');\n---\n<p>x</p>\n<script>import('../api/y');</script>\n", '.astro');
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
      for (const { specifier, typeOnly } of importsOfFile(file, source)) {
        const { path } = targetOf(file, specifier);
        if (!typeOnly && (path === 'lib/contract' || path?.startsWith('lib/contract/'))) found.push(`${file} -> ${specifier}`);
      }
    }
    expect(found).toEqual([]);
  });
});

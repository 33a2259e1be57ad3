// Reading a source file's imports and listing a folder's source files, for the tests that hold the layout's rules
// (the rooms of DESIGN.md, how islands reach the API): one reader, so both rules see the same imports.
import { readdirSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';

export interface Import {
  specifier: string;
  /** `import type` / `export type`: gone at run time, but still a dependency of one module on another. */
  typeOnly: boolean;
  /** The names the file takes from the module by name (`a`, `b as c` gives `b`); empty for `*`, a default, a
   *  side-effect or a dynamic import. */
  names: string[];
}

const LOADERS: Record<string, 'ts' | 'tsx' | 'js'> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.astro': 'ts',
};
/** A static import or re-export from a module, at the start of a line: whether type-only, what it names, from where. */
const STATEMENT = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/gm;

/** The code of an .astro file: its frontmatter and its <script>s (the template imports nothing). */
function astroCode(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  // Not a self-closing <script ... /> (its code is an expression of the frontmatter's).
  const scripts = [...source.matchAll(/<script\b[^>]*?(?<!\/)>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  // A frontmatter may `return Astro.redirect(...)` at its top level (an unindented line), which a module may not: the
  // parser is given an `if (0)` in its place, which changes no import.
  return [frontmatter.replace(/^(?=\S)(.*?)\breturn\b/gm, '$1if (0)'), ...scripts].join('\n;\n');
}

/** `{ a, type b, c as d }` gives a, b, c. */
function namesIn(clause: string): string[] {
  return (clause.match(/\{([^}]*)\}/)?.[1] ?? '')
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    )
    .filter(Boolean);
}

/**
 * Every import of `file` (its path picks the parser; .astro: frontmatter and scripts) whose text is `source`: static,
 * side-effect, dynamic (with a literal specifier), re-exports, and type-only ones. Bun's parser finds what runs; the
 * type-only ones, which it drops, are read from the text. Throws, naming the file, when it does not parse.
 */
export function importsOf(file: string, source: string): Import[] {
  const extension = extname(file);
  const code = extension === '.astro' ? astroCode(source) : source;
  let runtime: { path: string }[];
  try {
    runtime = new Bun.Transpiler({ loader: LOADERS[extension] }).scan(code).imports;
  } catch (error) {
    throw new Error(`${file} does not parse: ${error}`);
  }
  const statements = [...code.matchAll(STATEMENT)].map((m) => ({
    typeOnly: Boolean(m[1]),
    names: namesIn(m[2]),
    specifier: m[3],
  }));
  const namesFrom = (specifier: string) =>
    statements.filter((s) => !s.typeOnly && s.specifier === specifier).flatMap((s) => s.names);
  return [
    ...runtime.map(({ path }) => ({ specifier: path, typeOnly: false, names: namesFrom(path) })),
    ...statements.filter((s) => s.typeOnly),
  ];
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(folder + sep);

/** The imports of `file` (a path) that resolve into `target`, a folder or a module's path without its extension. */
export function importsInto(file: string, source: string, target: string): Import[] {
  return importsOf(file, source).filter(
    ({ specifier }) => specifier.startsWith('.') && inside(resolve(dirname(file), specifier), target),
  );
}

export function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Reading a source file's imports and listing a folder's source files, for the tests that hold the layout's rules
// (what the site may import, how islands reach the API).
import { readdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

interface Import {
  specifier: string;
  typeOnly: boolean;
  /** The names it brings in (`a`, `b as c` gives `b`); empty for a side-effect or dynamic import. */
  names: string[];
}

/** Every module a file imports or re-exports: static, type-only, side-effect and dynamic imports. */
function importsOf(source: string): Import[] {
  const found: Import[] = [];
  for (const m of source.matchAll(/\b(?:import|export)\s+(type\s+)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/g)) {
    const names = [...(m[2].match(/\{([^}]*)\}/)?.[1] ?? '').split(',')]
      .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])
      .filter(Boolean);
    found.push({ specifier: m[3], typeOnly: Boolean(m[1]), names });
  }
  for (const m of source.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) found.push({ specifier: m[1], typeOnly: false, names: [] });
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ specifier: m[1], typeOnly: false, names: [] });
  return found;
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(folder + sep);

/** The imports of `file` (a path) that resolve into `target`, a folder or a module's path without its extension. */
export function importsInto(file: string, source: string, target: string): Import[] {
  return importsOf(source).filter(({ specifier }) => specifier.startsWith('.') && inside(resolve(dirname(file), specifier), target));
}

export function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

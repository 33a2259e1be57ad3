// What the site may import (DESIGN.md "Layout"): nothing from api/, not even a type, since shared code lives in lib/ or
// db/queries/; and the browser's code takes only types from the contract (lib/contract), so no page loads its schemas.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { filesUnder, importsInto } from '../helpers/source-imports';

const ROOT = resolve(import.meta.dirname, '../..');
const API = join(ROOT, 'api');
const CONTRACT = join(ROOT, 'lib', 'contract');

const SITE_FILES = filesUnder(join(ROOT, 'site'), /\.(ts|tsx|astro|mjs|js)$/);
const BROWSER_FILES = [
  ...['islands', 'stores', 'components'].flatMap((folder) => filesUnder(join(ROOT, 'site', folder), /\.(ts|tsx)$/)),
  join(ROOT, 'lib', 'api-client.ts'),
  join(ROOT, 'lib', 'api-pages.ts'),
  join(ROOT, 'lib', 'http.ts'),
  join(ROOT, 'lib', 'tool-list.ts'),
];

describe('site imports', () => {
  it('finds the files it checks', () => {
    expect(SITE_FILES.length).toBeGreaterThan(50);
    expect(SITE_FILES.some((f) => f.endsWith(join('stores', 'admin.ts')))).toBe(true);
  });

  it('nothing under site/ imports from api/, not even a type', () => {
    const offending = SITE_FILES.flatMap((file) =>
      importsInto(file, readFileSync(file, 'utf8'), API).map(({ specifier }) => `${relative(ROOT, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("the browser's code takes only types from lib/contract", () => {
    const offending = BROWSER_FILES.flatMap((file) =>
      importsInto(file, readFileSync(file, 'utf8'), CONTRACT)
        .filter(({ typeOnly }) => !typeOnly)
        .map(({ specifier }) => `${relative(ROOT, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('recognises each form of import, so the checks above can fail', () => {
    const file = join(ROOT, 'site', 'stores', 'example.ts');
    const source = [
      "import type { AdminStats } from '../../api/admin/tools.service';",
      "import { app } from '../../api/app';",
      "export { x } from '../../api/x';",
      "import '../../api/side-effect';",
      "const lazy = () => import('../../api/lazy');",
      "import { MSG } from '../../lib/messages';",
      "import { endpoints } from '../../lib/contract';",
      "import type { Json } from '../../lib/contract/common';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsInto(file, source, API).map((i) => i.specifier)).toEqual([
      '../../api/admin/tools.service',
      '../../api/app',
      '../../api/x',
      '../../api/side-effect',
      '../../api/lazy',
    ]);
    expect(importsInto(file, source, CONTRACT).map(({ specifier, typeOnly }) => ({ specifier, typeOnly }))).toEqual([
      { specifier: '../../lib/contract', typeOnly: false },
      { specifier: '../../lib/contract/common', typeOnly: true },
    ]);
  });
});

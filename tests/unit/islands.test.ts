// How the islands are kept (DESIGN.md "Layout", docs/decisions/0072): they reach the API only through the stores of
// site/stores/, which own each call, its cache and what it refreshes; and no island file grows past about 200 lines,
// so a component stays one thing a reader can take in whole.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { filesUnder, importsInto } from '../helpers/source-imports';

const ROOT = resolve(import.meta.dirname, '../..');
const ISLANDS = join(ROOT, 'site', 'islands');
const LIB = join(ROOT, 'lib');

/** The most lines an island's file may have. */
const MAX_LINES = 200;

/** Modules that call the API: the typed client, the catalogue's reader and the paged reader. */
const CALLING_MODULES = ['api-client', 'tool-list', 'api-pages'].map((name) => join(LIB, name));
/** lib/http.ts's functions that send a request (its error helpers are fine anywhere). */
const CALLING_HTTP = ['getOk', 'getJson', 'send'];
/** A request made by hand: fetch, XMLHttpRequest, a beacon. */
const DIRECT_REQUEST = /\bfetch\s*\(|\bXMLHttpRequest\b|\bsendBeacon\s*\(/;

/** Why `source` (the file at `file`) reaches the API itself rather than through a store; empty when it does not. */
function directCalls(file: string, source: string): string[] {
  const found = CALLING_MODULES.flatMap((module) =>
    importsInto(file, source, module).map(({ specifier }) => `imports ${specifier}`),
  );
  for (const { specifier, names } of importsInto(file, source, join(LIB, 'http'))) {
    for (const name of names.filter((n) => CALLING_HTTP.includes(n))) found.push(`imports ${name} from ${specifier}`);
  }
  if (DIRECT_REQUEST.test(source)) found.push('sends a request itself');
  return found;
}

const lineCount = (source: string) => source.replace(/\n$/, '').split('\n').length;

const FILES = filesUnder(ISLANDS, /\.(ts|tsx|astro)$/).map((file) => ({
  file,
  name: relative(ROOT, file),
  source: readFileSync(file, 'utf8'),
}));

describe('islands', () => {
  it('finds the files it checks', () => {
    expect(FILES.length).toBeGreaterThan(40);
    expect(FILES.some(({ name }) => name.endsWith(join('Directory', 'Directory.tsx')))).toBe(true);
  });

  it('call the API only through their stores (site/stores/)', () => {
    const offending = FILES.flatMap(({ file, name, source }) =>
      directCalls(file, source).map((why) => `${name}: ${why}`),
    );
    expect(offending).toEqual([]);
  });

  it(`have at most ${MAX_LINES} lines a file`, () => {
    const long = FILES.filter(({ source }) => lineCount(source) > MAX_LINES).map(
      ({ name, source }) => `${name}: ${lineCount(source)} lines`,
    );
    expect(long).toEqual([]);
  });

  it('recognises each way of calling the API, so the check above can fail', () => {
    const file = join(ISLANDS, 'Example', 'Example.tsx');
    const calls = (line: string) => directCalls(file, line);
    expect(calls("import { api } from '../../../lib/api-client';")).toEqual(['imports ../../../lib/api-client']);
    expect(calls("import type { Answer } from '../../../lib/api-client';")).toEqual([
      'imports ../../../lib/api-client',
    ]);
    expect(calls("import { fetchToolList } from '../../../lib/tool-list';")).toEqual([
      'imports ../../../lib/tool-list',
    ]);
    expect(calls("import { getJson, logError } from '../../../lib/http';")).toEqual([
      'imports getJson from ../../../lib/http',
    ]);
    expect(calls("import { logError, serverMessage } from '../../../lib/http';")).toEqual([]);
    expect(calls("const res = await fetch('/api/tools');")).toEqual(['sends a request itself']);
    expect(calls('window.fetch (url)')).toEqual(['sends a request itself']);
    expect(calls('// a later refetch keeps the form')).toEqual([]);
    expect(calls("import { $user } from '../../stores/user';")).toEqual([]);
  });
});

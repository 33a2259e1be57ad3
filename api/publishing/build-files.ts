// What a site build writes so the server can answer fast: every file with its content hash, type and
// pre-compressed siblings (X.br, X.gz), reuse of unchanged files from the previous build, and one manifest.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import { CACHE_TAG, SURROGATE_KEY } from '../../lib/cache-tags';
import { log } from '../log';

/** What the server needs to answer for one file without touching the disk first. */
export interface FileEntry {
  /** Strong ETag of the file's bytes (a content hash, quoted); the server suffixes it per encoding. */
  etag: string;
  type: string;
  /** Bytes of the file itself. */
  size: number;
  /** Bytes of the brotli (X.br) and gzip (X.gz) siblings, each when there is one. */
  br?: number;
  gz?: number;
  /** Extra answer headers for this file (the exporter stores each page's Content-Security-Policy and tags here). */
  headers?: Record<string, string>;
}

/** The manifest's name in the build folder; the server never serves it. */
export const MANIFEST_FILE = '_files.json';
/** Below this, compression saves less than a header costs; a sibling must save at least MIN_SAVING of the bytes. */
export const MIN_COMPRESS_SIZE = 1024;
const MIN_SAVING = 0.05;

/**
 * Brotli quality (docs/decisions/0030): 5 makes a 30 KB page about as small as 8-9 in ~1.5 ms, where 11 takes ~80 ms;
 * hashed client assets are few, reused across builds and cached for a year: worth 11.
 */
const BR_QUALITY_PAGE = 5;
const BR_QUALITY_ASSET = 11;
const brotli = promisify(brotliCompress);

const CHARSET = '; charset=utf-8';
/** Types that shrink: text, JSON (feeds, the web manifest), XML (SVG), JavaScript; not images, fonts or archives. */
const COMPRESSIBLE = /^text\/|[/+](json|xml)$|javascript$/;

/**
 * Bun's type for the file's name, with UTF-8 named (Astro writes it) on text, JSON and XML as our answers always spell
 * it; a JSON Feed (tools/feed.json) has its own type (jsonfeed.org/version/1.1), which feed readers look for.
 */
function contentTypeOf(relPath: string): string {
  if (basename(relPath) === 'feed.json') return `application/feed+json${CHARSET}`;
  const type = Bun.file(relPath).type.split(';')[0];
  return /^text\/|^application\/(json|xml)$/.test(type) ? `${type}${CHARSET}` : type;
}

/** Whether answers for this file may be encoded (and so vary by Accept-Encoding). */
export function isCompressibleType(relPath: string): boolean {
  return COMPRESSIBLE.test(contentTypeOf(relPath).split(';')[0]);
}

/** Strong ETag from the bytes: 96 bits of SHA-256, base64url. */
export function contentEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`;
}

/** Brotli with the settings of every producer (build, render on request): a strong ETag per encoding stays true. */
export function brotliBytes(bytes: Uint8Array<ArrayBuffer>, quality = BR_QUALITY_PAGE): Promise<Buffer<ArrayBuffer>> {
  return brotli(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Gzip with Bun's libdeflate: at level 9 about three times as fast as zlib's and a little smaller (~0.4 ms/30 KB). */
export function gzipBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return Bun.gzipSync(bytes, { level: 9, library: 'libdeflate' });
}

/** Writes a new inode: a path may be a hard link into the live build (linkFiles), and writing through it changes it. */
async function writeFresh(path: string, data: Uint8Array): Promise<void> {
  await rm(path, { force: true });
  await Bun.write(path, data);
}

/** Writes the siblings of a file already in place, each only when it is worth keeping, and completes its entry. */
async function addSiblings(dir: string, relPath: string, bytes: Uint8Array<ArrayBuffer>, entry: FileEntry) {
  if (!isCompressibleType(relPath) || bytes.length < MIN_COMPRESS_SIZE) return entry;
  // Brotli runs on the thread pool while gzip runs here.
  const pending = brotliBytes(bytes, relPath.startsWith('_astro/') ? BR_QUALITY_ASSET : BR_QUALITY_PAGE);
  const gz = gzipBytes(bytes);
  const br = await pending;
  const worth = (c: Uint8Array) => c.length <= bytes.length * (1 - MIN_SAVING);
  if (worth(br)) entry.br = br.length;
  if (worth(gz)) entry.gz = gz.length;
  await Promise.all([
    entry.br !== undefined && writeFresh(join(dir, `${relPath}.br`), br),
    entry.gz !== undefined && writeFresh(join(dir, `${relPath}.gz`), gz),
  ]);
  return entry;
}

function entryFor(relPath: string, bytes: Uint8Array, headers?: Record<string, string>): FileEntry {
  const entry: FileEntry = { etag: contentEtag(bytes), type: contentTypeOf(relPath), size: bytes.length };
  if (headers && Object.keys(headers).length > 0) entry.headers = headers;
  return entry;
}

/** Writes `relPath` (with '/' separators) into the build folder `dir`, with its pre-compressed siblings. */
export async function writeBuildFile(
  dir: string,
  relPath: string,
  content: string | Uint8Array<ArrayBuffer>,
  headers?: Record<string, string>,
): Promise<FileEntry> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  await writeFresh(join(dir, relPath), bytes);
  return addSiblings(dir, relPath, bytes, entryFor(relPath, bytes, headers));
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw error;
    // What is there may be a link into the live build: replaced, never written through.
    if (code === 'EEXIST') return unlink(to).then(() => linkOrCopy(from, to));
    // Another file system (EXDEV) or one without hard links: a copy costs more but is the same file.
    await copyFile(from, to);
  }
}

/**
 * Hard-links `files` of one folder into another (no bytes copied). Every link is settled before a failure is thrown,
 * so none lands after the caller has moved on to writing those paths itself.
 */
async function linkFiles(fromDir: string, toDir: string, files: string[]): Promise<void> {
  const results = await Promise.allSettled(
    files.map(async (file) => {
      await mkdir(dirname(join(toDir, file)), { recursive: true });
      await linkOrCopy(join(fromDir, file), join(toDir, file));
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const siblingsOf = (relPath: string, entry: FileEntry) =>
  (['br', 'gz'] as const)
    .filter((encoding) => entry[encoding] !== undefined)
    .map((encoding) => `${relPath}.${encoding}`);

/** Links every file of a folder into another (the browser assets); finalizeBuildFolder describes them. */
export async function linkFolder(fromDir: string, toDir: string): Promise<void> {
  await linkFiles(fromDir, toDir, await walk(fromDir));
}

/** Carries an unchanged file and its siblings from the previous build into the new one. */
export async function reuseBuildFile(fromDir: string, toDir: string, relPath: string, entry: FileEntry) {
  await linkFiles(fromDir, toDir, [relPath, ...siblingsOf(relPath, entry)]);
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The manifest: one JSON file, compact at 100,000 pages. Each file is one array row; types and header sets (the CSP,
// the same for most pages) are stored once and referred to by index, and a page's tags (its own) in its row.

/** 2: the tags left the header sets, where every page's own tags made one copy of the CSP per page; 1 is still read. */
const MANIFEST_VERSION = 2;
/** A file: [path, hash, type (index), size, br size, gz size, header set (index), tags]. */
type Row = [string, string, number, number, number, number, number, string?];
/**
 * A row checked by hand, not with z.tuple: at 200,000 files zod's tuples take ten times as long as the JSON.parse
 * (~600 ms against ~50 ms), and the server reads the manifest at every swap. -1 is "none" for br, gz and headers; the
 * tags are the page's Surrogate-Key (version 1 has none: its header sets hold them).
 */
const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  (row.length === 7 || (row.length === 8 && typeof row[7] === 'string')) &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  [2, 3, 4, 5, 6].every((i) => Number.isInteger(row[i]) && row[i] >= (i < 4 ? 0 : -1));
const manifestSchema = z
  .object({
    version: z.union([z.literal(1), z.literal(MANIFEST_VERSION)]),
    types: z.array(z.string()),
    headers: z.array(z.record(z.string(), z.string())),
    files: z.array(z.custom<Row>(isRow, 'not a file row [path, hash, type, size, br, gz, headers, tags]')),
  })
  .refine(
    (m) => m.files.every((row) => row[2] < m.types.length && row[6] < m.headers.length),
    'a file names a type or header set the manifest lacks',
  );
export async function writeManifest(dir: string, entries: Map<string, FileEntry>): Promise<void> {
  // Each type and header set once, in the order first seen: a Map's keys keep it.
  const types = new Map<string, number>();
  const headerSets = new Map<string, number>();
  const indexIn = (index: Map<string, number>, key: string) => {
    if (!index.has(key)) index.set(key, index.size);
    return index.get(key)!;
  };
  const files: Row[] = [];
  for (const [relPath, e] of entries) {
    const { [SURROGATE_KEY]: tags = '', [CACHE_TAG]: _, ...shared } = e.headers ?? {};
    const h = Object.keys(shared).length > 0 ? indexIn(headerSets, JSON.stringify(shared)) : -1;
    // -1 for "no sibling": 0 would be a real (if pointless) size.
    files.push([relPath, e.etag.slice(1, -1), indexIn(types, e.type), e.size, e.br ?? -1, e.gz ?? -1, h, tags]);
  }
  const headers = [...headerSets.keys()].map((json) => JSON.parse(json) as Record<string, string>);
  const json: z.infer<typeof manifestSchema> = { version: MANIFEST_VERSION, types: [...types.keys()], headers, files };
  // Written aside and renamed: a reader never sees half a manifest.
  const tmp = join(dir, `${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(json));
  await rename(tmp, join(dir, MANIFEST_FILE));
}

/**
 * One of the files a build keeps for itself (its manifest, _build.json, a worker's result.json), read through its
 * schema: null when it is missing, and when it is unreadable (a folder swapped out meanwhile) or not what the schema
 * says (damaged, or written by another version), which is logged: each reader then does what it does without the file.
 */
export function readBuildJson<T>(file: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    log.warn({ file, issues: parsed.error.issues.slice(0, 3) }, 'build file does not match its schema; ignored');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn({ file, err: error }, 'build file unreadable; ignored');
  }
  return null;
}

/** The manifest of a build folder, or null when it has none (an older build, a test folder) or it is damaged. */
export async function readManifest(dir: string): Promise<Map<string, FileEntry> | null> {
  const json = readBuildJson(join(dir, MANIFEST_FILE), manifestSchema);
  if (!json) return null;
  const entries = new Map<string, FileEntry>();
  for (const [relPath, hash, type, size, br, gz, h, tags] of json.files) {
    const entry: FileEntry = { etag: `"${hash}"`, type: json.types[type], size };
    if (br >= 0) entry.br = br;
    if (gz >= 0) entry.gz = gz;
    if (h >= 0) entry.headers = json.headers[h];
    // Cache-Tag is the same list as Surrogate-Key, comma-separated (lib/cache-tags.ts tagHeaders).
    if (tags) entry.headers = { ...entry.headers, [SURROGATE_KEY]: tags, [CACHE_TAG]: tags.replaceAll(' ', ',') };
    entries.set(relPath, entry);
  }
  return entries;
}

/** Every regular file under dir, as '/'-separated paths relative to it (links are not followed). */
export function walk(dir: string): Promise<string[]> {
  return Array.fromAsync(new Bun.Glob('**').scan({ cwd: dir, onlyFiles: true, dot: true }));
}

/** The files of a build folder that are its own: not the manifest (or one being written), not a .br/.gz sibling. */
async function ownFiles(dir: string): Promise<string[]> {
  const files = await walk(dir);
  const present = new Set(files);
  const isSibling = (file: string) =>
    /\.(br|gz)$/.test(file) && present.has(file.slice(0, -3)) && isCompressibleType(file.slice(0, -3));
  return files.filter((file) => file !== MANIFEST_FILE && !file.startsWith(`${MANIFEST_FILE}.`) && !isSibling(file));
}

/**
 * Runs `task` over `items` with at most `limit` at a time: enough to keep the thread pool (brotli) and this thread
 * (gzip, hashing) busy; 8 measured best on 2 cores.
 */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Completes a build folder: describes and compresses every file not in `known` (the browser assets; all of them in a
 * folder the server found without a readable manifest), then writes the manifest of all of them. A file whose bytes
 * are the same in the `previous` build (unchanged client assets) gets that build's siblings linked instead of
 * compressed again.
 */
export async function finalizeBuildFolder(
  dir: string,
  known: Map<string, FileEntry>,
  { previous }: { previous?: string } = {},
): Promise<Map<string, FileEntry>> {
  // Read while the folder is walked.
  const before = previous ? readManifest(previous) : null;
  const entries = new Map<string, FileEntry>();
  await eachLimited(await ownFiles(dir), Math.max(8, availableParallelism() * 4), async (relPath) => {
    const given = known.get(relPath);
    if (given) return void entries.set(relPath, given);
    const bytes = await readFile(join(dir, relPath));
    const entry = entryFor(relPath, bytes);
    const old = (await before)?.get(relPath);
    if (previous && old?.etag === entry.etag) {
      const siblings = siblingsOf(relPath, old);
      const linked =
        siblings.length > 0 &&
        (await linkFiles(previous, dir, siblings)
          .then(() => true)
          .catch(() => false));
      if (linked) return void entries.set(relPath, { ...entry, br: old.br, gz: old.gz });
    }
    entries.set(relPath, await addSiblings(dir, relPath, bytes, entry));
  });
  await writeManifest(dir, entries);
  return entries;
}

// What a site build writes so the server can answer fast: every file with its content hash, type and
// pre-compressed siblings (X.br, X.gz), reuse of unchanged files from the previous build, and one manifest.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import { log } from '../log';

/** What the server needs to answer for one file without touching the disk first. */
export interface FileEntry {
  /** Strong ETag of the file's bytes (a content hash, quoted); the server suffixes it per encoding. */
  etag: string;
  /** Content-Type. */
  type: string;
  /** Bytes of the file itself. */
  size: number;
  /** Bytes of the brotli sibling X.br, when there is one. */
  br?: number;
  /** Bytes of the gzip sibling X.gz, when there is one. */
  gz?: number;
  /** Extra answer headers for this file (the exporter stores each page's Content-Security-Policy here). */
  headers?: Record<string, string>;
}

/** The manifest's name in the build folder; the server never serves it. */
export const MANIFEST_FILE = '_files.json';
/** Below this, compression saves less than the bytes a header costs and the CPU it takes. */
export const MIN_COMPRESS_SIZE = 1024;
/** A sibling is kept only when it saves at least this share of the bytes. */
const MIN_SAVING = 0.05;

/**
 * Brotli quality for pages (docs/decisions/0030): 5 compresses a 30 KB tool page about as small as 8-9 do,
 * in about 1.5 ms, where 11 takes ~80 ms a page (more than a 10,000-page build can spend).
 */
const BR_QUALITY_PAGE = 5;
/** Hashed client assets are few, reused across builds and cached for a year: worth the slowest, smallest brotli. */
const BR_QUALITY_ASSET = 11;
type GzipLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
const GZIP_LEVEL: GzipLevel = 9;

const brotli = promisify(brotliCompress);

const CHARSET = '; charset=utf-8';
/** Content types by extension; text types carry their charset (Astro and Pagefind write UTF-8). */
const TYPES: Record<string, string> = {
  '.html': `text/html${CHARSET}`,
  '.htm': `text/html${CHARSET}`,
  '.css': `text/css${CHARSET}`,
  '.js': `text/javascript${CHARSET}`,
  '.mjs': `text/javascript${CHARSET}`,
  '.json': `application/json${CHARSET}`,
  '.map': `application/json${CHARSET}`,
  '.xml': `application/xml${CHARSET}`,
  '.txt': `text/plain${CHARSET}`,
  '.md': `text/markdown${CHARSET}`,
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
/** Text formats that shrink; images, fonts and Pagefind's .pf_* chunks are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.htm',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.md',
  '.svg',
  '.webmanifest',
]);

/** A JSON Feed (tools/feed.json) has its own type (jsonfeed.org/version/1.1), which feed readers look for. */
const JSON_FEED_TYPE = `application/feed+json${CHARSET}`;

function contentTypeOf(relPath: string): string {
  if (relPath.endsWith('/feed.json') || relPath === 'feed.json') return JSON_FEED_TYPE;
  return TYPES[extname(relPath).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether answers for this file may be encoded (and so vary by Accept-Encoding). */
export function isCompressibleType(relPath: string): boolean {
  return COMPRESSIBLE.has(extname(relPath).toLowerCase());
}

/** Strong ETag from the bytes: 96 bits of SHA-256, base64url. */
export function contentEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`;
}

function brotliQualityFor(relPath: string): number {
  return relPath.startsWith('_astro/') ? BR_QUALITY_ASSET : BR_QUALITY_PAGE;
}

/**
 * Brotli with the settings every producer uses (build, on-demand render), so the same bytes always
 * compress to the same bytes and a strong ETag per encoding stays true.
 */
export function brotliBytes(
  bytes: Uint8Array<ArrayBuffer>,
  quality: number = BR_QUALITY_PAGE,
): Promise<Buffer<ArrayBuffer>> {
  return brotli(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * Gzip with libdeflate (bundled with Bun): at level 9 it is about three times as fast as zlib's level 9
 * and a little smaller. Synchronous, ~0.4 ms for a 30 KB page.
 */
export function gzipBytes(bytes: Uint8Array<ArrayBuffer>, level: GzipLevel = GZIP_LEVEL): Uint8Array<ArrayBuffer> {
  return Bun.gzipSync(bytes, { level, library: 'libdeflate' });
}

/** Both encodings of `bytes`, each only when it is worth keeping. */
async function compressBoth(
  bytes: Uint8Array<ArrayBuffer>,
  brQuality: number = BR_QUALITY_PAGE,
): Promise<{ br?: Uint8Array<ArrayBuffer>; gz?: Uint8Array<ArrayBuffer> }> {
  // Brotli runs on the thread pool while gzip runs here.
  const pending = brotliBytes(bytes, brQuality);
  const gz = gzipBytes(bytes);
  const br = await pending;
  const worth = (c: Uint8Array) => c.length <= bytes.length * (1 - MIN_SAVING);
  return { br: worth(br) ? br : undefined, gz: worth(gz) ? gz : undefined };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/**
 * Writes a new inode: a path may be a hard link into the previous (live) build (reuseBuildFile),
 * and writing through it would change the live file.
 */
async function writeFresh(path: string, data: Uint8Array): Promise<void> {
  await unlink(path).catch((error) => {
    if (!isMissing(error)) throw error;
  });
  await writeFile(path, data);
}

/** Writes the siblings of a file already in place and completes its entry. */
async function addSiblings(
  full: string,
  relPath: string,
  bytes: Uint8Array<ArrayBuffer>,
  entry: FileEntry,
): Promise<FileEntry> {
  if (!isCompressibleType(relPath) || bytes.length < MIN_COMPRESS_SIZE) return entry;
  const { br, gz } = await compressBoth(bytes, brotliQualityFor(relPath));
  await Promise.all([br && writeFresh(`${full}.br`, br), gz && writeFresh(`${full}.gz`, gz)]);
  if (br) entry.br = br.length;
  if (gz) entry.gz = gz.length;
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
  content: string | Uint8Array,
  headers?: Record<string, string>,
): Promise<FileEntry> {
  const bytes: Uint8Array<ArrayBuffer> =
    typeof content === 'string'
      ? Buffer.from(content)
      : content.buffer instanceof ArrayBuffer
        ? (content as Uint8Array<ArrayBuffer>)
        : new Uint8Array(content);
  const full = join(dir, relPath);
  await mkdir(dirname(full), { recursive: true });
  await writeFresh(full, bytes);
  return addSiblings(full, relPath, bytes, entryFor(relPath, bytes, headers));
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await unlink(to);
      return linkOrCopy(from, to);
    }
    if (isMissing(error)) throw error;
    // Another file system (EXDEV) or one without hard links: a copy costs more but is the same file.
    await copyFile(from, to);
  }
}

/** The file and its siblings, as the entry lists them. */
function filesOf(relPath: string, entry: FileEntry): string[] {
  return [
    relPath,
    ...(entry.br !== undefined ? [`${relPath}.br`] : []),
    ...(entry.gz !== undefined ? [`${relPath}.gz`] : []),
  ];
}

/** Links every file of a folder into another (the server build's browser assets, an unchanged search shard); finalizeBuildFolder describes them. */
export async function linkFolder(fromDir: string, toDir: string): Promise<void> {
  await Promise.all(
    (await walk(fromDir)).map(async (relPath) => {
      await mkdir(dirname(join(toDir, relPath)), { recursive: true });
      await linkOrCopy(join(fromDir, relPath), join(toDir, relPath));
    }),
  );
}

/** Carries an unchanged file and its siblings from the previous build into the new one: hard links, no bytes copied. */
export async function reuseBuildFile(
  fromDir: string,
  toDir: string,
  relPath: string,
  entry: FileEntry,
): Promise<FileEntry> {
  await mkdir(dirname(join(toDir, relPath)), { recursive: true });
  await Promise.all(filesOf(relPath, entry).map((f) => linkOrCopy(join(fromDir, f), join(toDir, f))));
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The manifest: one JSON file, compact at 100,000 pages. Each file is one array row; types and
// header sets (the CSP is usually the same for every page) are stored once and referred to by index.

const MANIFEST_VERSION = 1;
type Row = [relPath: string, hash: string, type: number, size: number, br: number, gz: number, headers: number];
const isInt = (value: unknown, min: number) => typeof value === 'number' && Number.isInteger(value) && value >= min;
/**
 * A row checked by hand, not with z.tuple: at 200,000 files zod's tuples take ten times as long as the JSON.parse
 * (~600 ms against ~50 ms), and the server reads the manifest at every swap. -1 is "none" for br, gz and headers.
 */
const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  row.length === 7 &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  isInt(row[2], 0) &&
  isInt(row[3], 0) &&
  isInt(row[4], -1) &&
  isInt(row[5], -1) &&
  isInt(row[6], -1);
const manifestSchema = z
  .object({
    version: z.literal(MANIFEST_VERSION),
    types: z.array(z.string()),
    headers: z.array(z.record(z.string(), z.string())),
    files: z.array(z.custom<Row>(isRow, 'not a file row [path, hash, type, size, br, gz, headers]')),
  })
  .refine(
    (m) => m.files.every((row) => row[2] < m.types.length && row[6] < m.headers.length),
    'a file names a type or header set the manifest lacks',
  );
type ManifestJson = z.infer<typeof manifestSchema>;

export async function writeManifest(dir: string, entries: Map<string, FileEntry>): Promise<void> {
  const types: string[] = [];
  const typeIndex = new Map<string, number>();
  const headerSets: Record<string, string>[] = [];
  const headerIndex = new Map<string, number>();
  const indexOf = <T>(index: Map<string, number>, list: T[], key: string, value: T) => {
    let i = index.get(key);
    if (i === undefined) {
      i = list.push(value) - 1;
      index.set(key, i);
    }
    return i;
  };
  const files: Row[] = [];
  for (const [relPath, e] of entries) {
    const h = e.headers ? indexOf(headerIndex, headerSets, JSON.stringify(e.headers), e.headers) : -1;
    // -1 for "no sibling": 0 would be a real (if pointless) size.
    files.push([
      relPath,
      e.etag.slice(1, -1),
      indexOf(typeIndex, types, e.type, e.type),
      e.size,
      e.br ?? -1,
      e.gz ?? -1,
      h,
    ]);
  }
  const json: ManifestJson = { version: MANIFEST_VERSION, types, headers: headerSets, files };
  // Written aside and renamed: a reader never sees half a manifest.
  const tmp = join(dir, `${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(json));
  await rename(tmp, join(dir, MANIFEST_FILE));
}

/**
 * One of the files a build keeps for itself (its manifest, _build.json, _changes.json...), read through its schema: null
 * when it is missing, and when it is not what the schema says (damaged, or written by another version), which is
 * logged: each reader then does what it does without the file.
 */
export function readBuildJson<T>(file: string, schema: z.ZodType<T>): T | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    log.warn({ file, err: error }, 'build file is not JSON; treated as absent');
    return null;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  log.warn(
    { file, issues: parsed.error.issues.slice(0, 3) },
    'build file does not match its schema; treated as absent',
  );
  return null;
}

/** The manifest of a build folder, or null when it has none (an older build, a test folder) or it is damaged. */
export async function readManifest(dir: string): Promise<Map<string, FileEntry> | null> {
  const json = readBuildJson(join(dir, MANIFEST_FILE), manifestSchema);
  if (!json) return null;
  const entries = new Map<string, FileEntry>();
  for (const [relPath, hash, type, size, br, gz, h] of json.files) {
    const entry: FileEntry = { etag: `"${hash}"`, type: json.types[type], size };
    if (br >= 0) entry.br = br;
    if (gz >= 0) entry.gz = gz;
    if (h >= 0) entry.headers = json.headers[h];
    entries.set(relPath, entry);
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------

/** Every regular file under dir, as '/'-separated paths relative to it (links are not followed). */
export async function walk(dir: string, prefix = ''): Promise<string[]> {
  const items = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  const subdirs: Promise<string[]>[] = [];
  for (const item of items) {
    const rel = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.isDirectory()) subdirs.push(walk(dir, rel));
    else if (item.isFile()) files.push(rel);
  }
  for (const more of await Promise.all(subdirs)) files.push(...more);
  return files;
}

/** Whether `relPath` is the .br/.gz sibling of another file in the folder, not a file of its own. */
function isSibling(relPath: string, present: Set<string>): boolean {
  if (!relPath.endsWith('.br') && !relPath.endsWith('.gz')) return false;
  const base = relPath.slice(0, -3);
  return present.has(base) && isCompressibleType(base);
}

/** The files of a build folder that are its own: not the manifest (or one being written), not a .br/.gz sibling. */
async function ownFiles(dir: string): Promise<string[]> {
  const files = await walk(dir);
  const present = new Set(files);
  return files.filter(
    (relPath) => relPath !== MANIFEST_FILE && !relPath.startsWith(`${MANIFEST_FILE}.`) && !isSibling(relPath, present),
  );
}

/** Runs `task` over `items` with at most `limit` at a time: enough to keep the thread pool (brotli) and this thread (gzip, hashing) busy; 8 measured best on 2 cores. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface FinalizeOptions {
  /**
   * The previous build folder: a file not in `known` whose bytes are the same as there (Pagefind's
   * scripts, unchanged client assets) gets that build's siblings linked instead of compressed again.
   */
  previous?: string;
}

/**
 * Completes a build folder: describes (and compresses) every file not in `known`, then writes the
 * manifest of all of them. Returns the manifest's entries.
 */
export async function finalizeBuildFolder(
  dir: string,
  known: Map<string, FileEntry>,
  { previous }: FinalizeOptions = {},
): Promise<Map<string, FileEntry>> {
  const [files, before] = await Promise.all([
    ownFiles(dir),
    previous ? readManifest(previous).catch(() => null) : null,
  ]);
  const entries = new Map<string, FileEntry>();
  const todo: string[] = [];
  for (const relPath of files) {
    const entry = known.get(relPath);
    if (entry) entries.set(relPath, entry);
    else todo.push(relPath);
  }
  await eachLimited(todo, Math.max(8, availableParallelism() * 4), async (relPath) => {
    const full = join(dir, relPath);
    const bytes = await readFile(full);
    const entry = entryFor(relPath, bytes);
    const old = before?.get(relPath);
    if (previous && old && old.etag === entry.etag && (old.br !== undefined || old.gz !== undefined)) {
      const siblings = filesOf(relPath, old).slice(1);
      const linked = await Promise.all(
        siblings.map((f) =>
          linkOrCopy(join(previous, f), join(dir, f)).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (linked.every(Boolean)) {
        entries.set(relPath, { ...entry, br: old.br, gz: old.gz });
        return;
      }
    }
    entries.set(relPath, await addSiblings(full, relPath, bytes, entry));
  });
  await writeManifest(dir, entries);
  return entries;
}

/**
 * A folder without a readable manifest (a test folder, a damaged manifest) described as it is, writing nothing: each
 * of its own files with its ETag, type and size, and no siblings (the server compresses such files in memory).
 */
export async function describeBuildFolder(dir: string): Promise<Map<string, FileEntry>> {
  const entries = new Map<string, FileEntry>();
  await eachLimited(await ownFiles(dir), 8, async (relPath) => {
    entries.set(relPath, entryFor(relPath, await readFile(join(dir, relPath))));
  });
  return entries;
}

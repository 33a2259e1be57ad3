// Serves the live build (dist/, a link that rebuilds swap atomically) from its manifest, and pages rendered on demand
// by the same rules: no disk lookup per request, hot bodies from memory, br/gzip by Accept-Encoding, content-hash
// ETags, the route table's cache policies (docs/decisions/0030), security headers, and the build's 404 page.
import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from '../config';
import { DEFAULT_CSP, pageSecurityHeaders } from '../plugins/security';
import {
  MANIFEST_FILE,
  MIN_COMPRESS_SIZE,
  brotliBytes,
  contentEtag,
  finalizeBuildFolder,
  isCompressibleType,
  gzipBytes,
  readManifest,
  type FileEntry,
} from './build-files';
import { log } from '../log';
import type { Peer } from './render-budget';
import { NOT_FOUND } from '../../lib/messages';
import { SURROGATE_KEY, tagsOfHeader } from '../../lib/cache-tags';
import { CACHE, NOT_FOUND_PAGES, notFoundKind, PAGE_ROUTES, pagePath, type NotFoundKind } from '../../lib/routes';

/** File bodies kept in memory, at most (least recently used go first); a larger file is always sent from disk. */
const MEMORY_BUDGET = 64 * 1024 * 1024;
const MAX_MEMORY_FILE = 1024 * 1024;
/** How often the build link is looked at, for a swap made by another process. */
const RECHECK_MS = 1000;

type Encoding = 'identity' | 'br' | 'gzip';
/** Each encoding's suffix to the ETag and to the file's name (its pre-compressed sibling). */
const SUFFIXES = { identity: ['', ''], br: ['-br', '.br'], gzip: ['-gz', '.gz'] } as const;

/** One answer for one file or page in one encoding, built the first time it is asked for. */
interface Variant {
  headers: Headers;
  /** The file holding exactly these bytes; null when they are made in memory (a rendered page's). */
  path: string | null;
  /** Bytes of the body; -1 until made. */
  size: number;
  /** The answer with its body, cloned per request, while the body is in memory. */
  ok: Response | null;
  notModified: Response | null;
  /** Clock at the last use, for least-recently-used eviction. */
  used: number;
  /** The body being read or made: one at a time. */
  loading: Promise<void> | null;
}

/** A file of the build or a page rendered on demand (PreparedPage), in each encoding it has. */
interface Served {
  entry: FileEntry;
  status: number;
  /** What every encoding's answer carries: type, cache policy, security headers, Vary. */
  headers: Headers;
  /** The file in the build's real folder (a swap mid-request still reads one build); null for a rendered page. */
  full: string | null;
  /** A rendered page's bytes (a file's stay on disk). */
  bytes: Uint8Array<ArrayBuffer> | null;
  compressible: boolean;
  /** The build whose memory budget holds the bodies; null for a rendered page (its owner keeps it or lets it go). */
  site: Site | null;
  variants: Partial<Record<Encoding, Variant>>;
}

interface Site {
  /** What the root resolved to and the manifest's identity when loaded; a change means a new build. */
  signature: string;
  target: string;
  entries: Map<string, FileEntry>;
  /** Request paths (without %-escapes) already resolved to a file. */
  routes: Map<string, Served>;
  /** The build's 404 page with each card shown (NOT_FOUND_PAGES); a card's file missing, the plain one. */
  notFound: Record<NotFoundKind, Served>;
  nextCheck: number;
  memory: number;
  resident: Set<Variant>;
}

const sites = new Map<string, Site>();
const loading = new Map<string, Promise<Site>>();
let clock = 0;
/** `compute` remembered for `limit` keys (then all forgotten): per-request work on few distinct inputs. */
function remembered<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const values = new Map<string, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (values.size >= limit) values.clear();
      values.set(key, value);
    }
    return value;
  };
}

/** distDir as given → absolute root; resolve() per request costs more than the rest of a cached answer. */
const rootOf = remembered(64, (distDir) => resolve(distDir));

function signatureOf(root: string): string {
  let target: string;
  try {
    target = realpathSync(root);
  } catch {
    return 'missing';
  }
  // The manifest is written last and renamed into place: it stands for the build.
  try {
    const s = statSync(join(target, MANIFEST_FILE));
    return `${target}\n${s.ino}\n${s.mtimeMs}\n${s.size}`;
  } catch {
    return target;
  }
}

async function loadSite(root: string): Promise<Site> {
  const signature = signatureOf(root);
  const target = signature === 'missing' ? root : signature.split('\n')[0];
  // A folder without a readable manifest (a test folder, a damaged one) gets one, as the export would write it: the
  // site is never taken down (decision 0091).
  const entries =
    signature === 'missing'
      ? new Map<string, FileEntry>()
      : ((await readManifest(target)) ??
        (await finalizeBuildFolder(target, new Map()).catch((error: unknown) => {
          log.error({ err: error, folder: target }, `static site: no ${MANIFEST_FILE} could be written`);
          return new Map<string, FileEntry>();
        })));
  const plain = preparePage(NOT_FOUND.page, { status: 404 });
  const site: Site = {
    signature,
    target,
    entries,
    routes: new Map(),
    notFound: { page: plain, tool: plain, post: plain },
    nextCheck: Date.now() + RECHECK_MS,
    memory: 0,
    resident: new Set(),
  };
  // The build's own 404 page, once per card; without a card's file (a folder the export did not write), the plain one.
  const card = (kind: NotFoundKind) => {
    const { file } = NOT_FOUND_PAGES[kind];
    const entry = entries.get(file);
    return entry && servedFrom(site, file, entry, 404);
  };
  const page = card('page') ?? plain;
  site.notFound = { page, tool: card('tool') ?? page, post: card('post') ?? page };
  sites.set(root, site);
  return site;
}

function load(root: string): Promise<Site> {
  const pending = loading.get(root) ?? loadSite(root).finally(() => loading.delete(root));
  loading.set(root, pending);
  return pending;
}

/** The live site for distDir; picks up a swap (by this process or another) within RECHECK_MS. */
function siteFor(distDir: string = config.distDir): Site | Promise<Site> {
  const root = rootOf(distDir);
  const site = sites.get(root);
  if (site === undefined) return load(root);
  const now = Date.now();
  if (now >= site.nextCheck) {
    site.nextCheck = now + RECHECK_MS;
    if (signatureOf(root) !== site.signature) return load(root);
  }
  return site;
}

/**
 * The build answering for distDir now, following a swap as the requests do: its folder, a page's tags (its
 * Surrogate-Key; null: no such page), and the pages carrying any of some tags (one pass over the manifest).
 */
export async function liveBuild(distDir?: string) {
  const site = await siteFor(distDir);
  const tagsOf = (entry: FileEntry) => tagsOfHeader(entry.headers?.[SURROGATE_KEY]);
  return {
    folder: site.signature === 'missing' ? null : site.target,
    tagsOf(path: string): string[] | null {
      const file = fileOf(site, path);
      return file && tagsOf(file[1]);
    },
    pagesTagged: (tags: ReadonlySet<string>) =>
      [...site.entries]
        .filter(([, entry]) => tagsOf(entry).some((tag) => tags.has(tag)))
        .map(([rel]) => pagePath(`/${rel}`)),
  };
}

/** Called by the build right after it swaps the live build: the next request is answered from the new one. */
export async function reloadStaticSite(distDir: string): Promise<void> {
  const root = rootOf(distDir);
  await loading.get(root)?.catch(() => undefined);
  await load(root);
}

/** An SVG opened on its own could run script: this keeps any SVG of a build inert, as /uploads/ does for uploads. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** A file or a page to serve, with the headers each of its answers carries but the entry's own (variantOf's). */
function servedOf(fields: Omit<Served, 'headers' | 'variants'>, cacheControl: string, varies: boolean): Served {
  const { entry, status } = fields;
  const { type } = entry;
  const csp = type.startsWith('text/html') ? DEFAULT_CSP : type.startsWith('image/svg+xml') ? SVG_CSP : undefined;
  const headers = new Headers({
    'content-type': type,
    'cache-control': status === 404 ? PAGE_ROUTES.notFound.cache : cacheControl,
    ...pageSecurityHeaders({ csp }),
  });
  if (varies) headers.set('vary', 'Accept-Encoding');
  return { ...fields, headers, variants: {} };
}

function etagFor(entry: FileEntry, encoding: Encoding): string {
  return encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}${SUFFIXES[encoding][0]}"`;
}

/** The encodings besides identity a client takes (q=0 refuses, `*` stands for the rest), brotli first; parsed once. */
const acceptedEncodings = remembered(256, (header): Encoding[] => {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).findLast((v) => v !== undefined);
    weights.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  return (['br', 'gzip'] as const).filter((e) => (weights.get(e) ?? weights.get('*') ?? 0) > 0);
});

function has(served: Served, encoding: Encoding): boolean {
  if (encoding === 'identity' || served.compressible) return true;
  return (encoding === 'br' ? served.entry.br : served.entry.gz) !== undefined;
}

/** Whether an If-None-Match (absent: null) names `etag` or any entity ('*'); weak tags compare as strong (RFC 9110). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header === etag) return true;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

function variantOf(served: Served, encoding: Encoding): Variant {
  let variant = served.variants[encoding];
  if (variant) return variant;
  const { entry, full, bytes, status } = served;
  const size = encoding === 'identity' ? entry.size : encoding === 'br' ? entry.br : entry.gz;
  const headers = new Headers(served.headers);
  if (status === 200) headers.set('etag', etagFor(entry, encoding));
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  // The page's own headers (its CSP with the hashes of its inline scripts) win over the defaults.
  if (entry.headers) for (const [name, value] of Object.entries(entry.headers)) headers.set(name, value);
  const path = full !== null && size !== undefined ? full + SUFFIXES[encoding][1] : null;
  variant = { headers, path, size: size ?? -1, ok: null, notModified: null, used: 0, loading: null };
  if (bytes && encoding === 'identity') variant.ok = new Response(bytes, { status, headers });
  served.variants[encoding] = variant;
  return variant;
}

/**
 * Keeps a variant's bytes as its answer, within its build's memory budget: a file's, or a page's br/gzip made with the
 * build's own settings (the bytes, and so the ETag, a static file would have).
 */
async function hold(served: Served, variant: Variant, encoding: Encoding): Promise<void> {
  try {
    let body: Uint8Array<ArrayBuffer>;
    if (variant.path !== null) {
      body = await Bun.file(variant.path).bytes();
      // A file that no longer matches its manifest entry keeps being read from disk.
      if (body.length !== variant.size) return;
    } else {
      body = await (encoding === 'br' ? brotliBytes(served.bytes!) : gzipBytes(served.bytes!));
    }
    variant.size = body.length;
    variant.ok = new Response(body, { status: served.status, headers: variant.headers });
    const { site } = served;
    if (!site) return;
    site.resident.add(variant);
    site.memory += body.length;
    // Least recently used out, down to 3/4 of the budget, so this is rare.
    if (site.memory > MEMORY_BUDGET)
      for (const v of [...site.resident].sort((a, b) => a.used - b.used)) {
        if (site.memory <= MEMORY_BUDGET * 0.75) break;
        site.resident.delete(v);
        site.memory -= v.size;
        v.ok = null;
      }
  } finally {
    variant.loading = null;
  }
}

/** The answer for a file or a prepared page: ETag and 304 per encoding, Accept-Encoding, HEAD with Content-Length. */
export function pageResponse(request: Request, served: Served): Response | Promise<Response> {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding') ?? '');
  // A loop, not find() with a closure: this runs for every static answer.
  let chosen: Encoding = 'identity';
  for (const encoding of accepted)
    if (has(served, encoding)) {
      chosen = encoding;
      break;
    }
  const ifNoneMatch = served.status === 200 ? request.headers.get('if-none-match') : null;
  if (ifNoneMatch !== null) {
    // The chosen variant first, else another the client takes (a cache holding that one).
    const matched = [chosen, 'identity' as const, ...accepted].find(
      (e) => has(served, e) && matchesIfNoneMatch(ifNoneMatch, etagFor(served.entry, e)),
    );
    if (matched !== undefined) {
      const variant = variantOf(served, matched);
      // A 304 repeats the caching headers, never the body's own (a cache would apply them to its stored copy).
      if (variant.notModified === null) {
        const headers = new Headers(variant.headers);
        headers.delete('content-type');
        headers.delete('content-encoding');
        variant.notModified = new Response(null, { status: 304, headers });
      }
      return variant.notModified.clone();
    }
  }
  return respond(served, variantOf(served, chosen), chosen, request.method === 'HEAD');
}

function respond(served: Served, variant: Variant, encoding: Encoding, head: boolean): Response | Promise<Response> {
  variant.used = ++clock;
  // Bytes made in memory are made once, by the first request that takes them (a failure: the next one tries again).
  if (variant.ok === null && variant.path === null) {
    variant.loading ??= hold(served, variant, encoding);
    return variant.loading.then(() => respond(served, variant, encoding, head));
  }
  if (head) {
    const headers = new Headers(variant.headers);
    headers.set('content-length', String(variant.size));
    return new Response(null, { status: served.status, headers });
  }
  if (variant.ok) return variant.ok.clone();
  // Read into memory for the next requests; this one is sent from disk.
  if (variant.loading === null && variant.size <= MAX_MEMORY_FILE)
    variant.loading = hold(served, variant, encoding).catch(() => undefined);
  return new Response(Bun.file(variant.path!), { status: served.status, headers: variant.headers });
}

function servedFrom(site: Site, relPath: string, entry: FileEntry, status = 200): Served {
  const varies = isCompressibleType(relPath);
  const cache = PAGE_ROUTES.assets.pattern.test(`/${relPath}`) ? PAGE_ROUTES.assets.cache : CACHE.page;
  const full = join(site.target, relPath);
  return servedOf({ entry, status, full, bytes: null, compressible: false, site }, cache, varies);
}

/** The request's path as sent (no query), without building a URL object (a measurable share of a cached answer). */
export function requestPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** The file a path names (itself, its index.html, or name.html): only listed files, so no path leaves the folder. */
function fileOf(site: Site, path: string): [string, FileEntry] | null {
  const rel = path.slice(1);
  const names = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
  for (const name of names) {
    const entry = site.entries.get(name);
    if (entry) return [name, entry];
  }
  return null;
}

/** The path as a file name: %-escapes and dot segments resolved; null for a path no file can have. */
function decodedPath(url: string, raw: string): string | null {
  if (!raw.includes('%') && !raw.includes('/.') && !raw.includes('\\')) return raw;
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
}

/** Asked before a 404: a page made public since (live-pages.ts) or rendered on request (kept-renders.ts). */
type MissingPage = (request: Request, path: string, peer?: Peer) => Promise<Response | null> | null;

function serveSite(site: Site, request: Request, raw: string, missing?: MissingPage, peer?: Peer) {
  let served = site.routes.get(raw);
  if (served === undefined) {
    const decoded = decodedPath(request.url, raw);
    const file = decoded === null ? null : fileOf(site, decoded);
    if (!file) return serveMissing(site, request, raw, missing, peer);
    served = servedFrom(site, file[0], file[1]);
    // Only paths without escapes are remembered: their number is bounded by the build's files.
    if (decoded === raw) site.routes.set(raw, served);
  }
  return pageResponse(request, served);
}

/** What `missing` answers, else the build's 404 page with the card the path calls for. */
async function serveMissing(site: Site, request: Request, raw: string, missing?: MissingPage, peer?: Peer) {
  return (await missing?.(request, raw, peer)) ?? pageResponse(request, site.notFound[notFoundKind(raw)]);
}

/** Answers anything not the API: a file of the live build, a redirect, what `missing` gives, or the 404 page. */
export function serveStatic(
  request: Request,
  distDir?: string,
  missing?: MissingPage,
  path: string = requestPath(request.url),
  peer?: Peer,
): Response | Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const headers = { allow: 'GET, HEAD', 'cache-control': PAGE_ROUTES.notFound.cache, ...pageSecurityHeaders() };
    return new Response('Method not allowed', { status: 405, headers });
  }
  // /tools/{slug}: an old form of /tool/{slug}; a slug has no dot, the tools' feeds (/tools/feed.json) do.
  const slug = path.startsWith('/tools/') && PAGE_ROUTES.legacyTool.pattern.exec(pagePath(path))?.groups?.slug;
  if (slug) {
    const q = request.url.indexOf('?');
    const location = `/tool/${slug}${q < 0 ? '' : request.url.slice(q)}`;
    const headers = { location, 'cache-control': PAGE_ROUTES.legacyTool.cache, ...pageSecurityHeaders() };
    return new Response(null, { status: 301, headers });
  }
  const site = siteFor(distDir);
  if (site instanceof Promise) return site.then((loaded) => serveSite(loaded, request, path, missing, peer));
  // A cached answer goes back as it is, not wrapped in a promise: less garbage per request, a shorter tail.
  return serveSite(site, request, path, missing, peer);
}

/** The live build's 404 page, for a page that is not public (any more) even though a file of it may still exist. */
export async function serveNotFound(request: Request, distDir?: string): Promise<Response> {
  const site = await siteFor(distDir);
  return pageResponse(request, site.notFound[notFoundKind(requestPath(request.url))]);
}

export type PreparedPage = Served;

/**
 * A page rendered on demand, made ready to answer as its static file would be; init.headers (its CSP) win. Its br/gzip
 * are made by the first request that takes them and kept with it: a kept page is compressed once.
 */
export function preparePage(
  content: string | Uint8Array<ArrayBuffer>,
  init: { status?: number; headers?: HeadersInit } = {},
): PreparedPage {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const { 'content-type': given = 'text/html', ...extra } = Object.fromEntries(new Headers(init.headers));
  // Astro writes every page as UTF-8 but names no charset: a text answer names it, as the static files' types do.
  const type = given.startsWith('text/') && !/;\s*charset=/i.test(given) ? `${given}; charset=utf-8` : given;
  const entry: FileEntry = { etag: contentEtag(bytes), type, size: bytes.length, headers: extra };
  // Images (an Open Graph PNG) are compressed already; every text type a page answers with shrinks.
  const text = !type.startsWith('image/') || type.startsWith('image/svg');
  const compressible = text && bytes.length >= MIN_COMPRESS_SIZE;
  const status = init.status ?? 200;
  return servedOf({ entry, status, full: null, bytes, compressible, site: null }, CACHE.page, text);
}

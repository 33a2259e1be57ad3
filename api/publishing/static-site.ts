// Serves the current site build (dist/, a folder or a link to one that rebuilds swap atomically) from its
// manifest: no disk lookup per request, hot files from memory, pre-compressed br/gzip chosen by
// Accept-Encoding, content-hash ETags, cache and security headers, and the built 404 page for unknown paths.
import { realpathSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { config } from '../config';
import { DEFAULT_CSP, pageSecurityHeaders } from '../plugins/security';
import {
  MANIFEST_FILE,
  MIN_COMPRESS_SIZE,
  brotliBytes,
  compressBoth,
  contentEtag,
  contentTypeOf,
  isCompressibleType,
  gzipBytes,
  readManifest,
  type FileEntry,
} from './build-files';
import { log } from '../log';
import type { Peer } from './render-budget';
import { NOT_FOUND } from '../../lib/messages';
import { SURROGATE_KEY, tagsOfHeader } from '../../lib/cache-tags';
import { CACHE, notFoundKind, PAGE_ROUTES, pagePath, type NotFoundKind } from '../../lib/routes';

// The cache policies are the route table's (lib/routes.ts, docs/decisions/0030).
const PAGE_CACHE = CACHE.page;
const NOT_FOUND_CACHE = PAGE_ROUTES.notFound.cache;

/** File bodies kept in memory, at most (least recently used go first). */
const MEMORY_BUDGET = 64 * 1024 * 1024;
/** Larger files are always sent from disk. */
const MAX_MEMORY_FILE = 1024 * 1024;
/** How often the build link is looked at, for a swap made by another process. */
const RECHECK_MS = 1000;
/** Paths remembered without a manifest (tests, old builds): cleared when full. */
const LAZY_CACHE_LIMIT = 10_000;

const IDENTITY = 0;
const BR = 1;
const GZIP = 2;
type Encoding = typeof IDENTITY | typeof BR | typeof GZIP;
const ENCODING_NAMES = ['', 'br', 'gzip'] as const;
const ETAG_SUFFIXES = ['', '-br', '-gz'] as const;
/** Bits of acceptedEncodings(). */
const ACCEPTS_BR = 1;
const ACCEPTS_GZIP = 2;

/** One answer for one file in one encoding, built the first time it is asked for. */
interface Variant {
  status: number;
  etag: string | null;
  /** The file on disk; null when the bytes exist only in memory (no manifest, or a rendered page). */
  path: string | null;
  size: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
  /** The answer with its body, cloned per request, while the body is in memory. */
  ok: Response | null;
  notModified: Response | null;
  /** Site clock at the last use, for least-recently-used eviction. */
  used: number;
  loading: boolean;
}

/** A file of the build, served with `status`. */
interface Served {
  relPath: string;
  entry: FileEntry;
  /** Absolute path in the build's real folder: a swap mid-request still reads one build. */
  full: string;
  status: number;
  variants: (Variant | undefined)[];
  /** br/gzip bytes made in memory, for a build without pre-compressed siblings (no manifest); the file itself is read from disk. */
  inMemory?: (Uint8Array<ArrayBuffer> | undefined)[];
}

interface Site {
  root: string;
  /** What the root resolved to and the manifest's identity when loaded; a change means a new build. */
  signature: string;
  target: string;
  entries: Map<string, FileEntry> | null;
  /** Request paths (without %-escapes) already resolved to a file. */
  routes: Map<string, Served>;
  notFound: Served | null | undefined;
  /** The 404 page showing the tool's or the post's card, made from the page's file on first need. */
  notFoundCards: Map<NotFoundKind, Promise<PreparedPage | null>>;
  nextCheck: number;
  clock: number;
  memory: number;
  resident: Set<Variant>;
}

const sites = new Map<string, Site>();
const loading = new Map<string, Promise<Site>>();
/**
 * `compute` remembered for up to `limit` distinct keys (then forgotten all at once): for per-request work whose
 * inputs take few values (a folder name, an Accept-Encoding header).
 */
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
  // The manifest is written last and renamed into place; without one, index.html stands for the build.
  for (const name of [MANIFEST_FILE, 'index.html']) {
    try {
      const s = statSync(join(target, name));
      return `${target}\n${name}\n${s.ino}\n${s.mtimeMs}\n${s.size}`;
    } catch {
      // try the next
    }
  }
  return target;
}

async function loadSite(root: string): Promise<Site> {
  const signature = signatureOf(root);
  const target = signature === 'missing' ? root : signature.split('\n')[0];
  let entries: Map<string, FileEntry> | null = null;
  try {
    entries = await readManifest(target);
  } catch (error) {
    // A damaged manifest must not take the site down: serve the folder as it is.
    log.error(
      { err: error, folder: target },
      `static site: ${MANIFEST_FILE} unreadable, describing files as they are asked for`,
    );
  }
  return {
    root,
    signature,
    target,
    entries,
    routes: new Map(),
    notFound: undefined,
    notFoundCards: new Map(),
    nextCheck: Date.now() + RECHECK_MS,
    clock: 0,
    memory: 0,
    resident: new Set(),
  };
}

function load(root: string): Promise<Site> {
  let pending = loading.get(root);
  if (!pending) {
    pending = loadSite(root)
      .then((site) => {
        sites.set(root, site);
        return site;
      })
      .finally(() => loading.delete(root));
    loading.set(root, pending);
  }
  return pending;
}

/** The live site for root; picks up a swap (by this process or another) within RECHECK_MS. */
function siteFor(root: string): Site | Promise<Site> {
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
 * The build folder answering for distDir now, null when there is none; it follows a swap made by another process
 * within RECHECK_MS, as the requests do.
 */
export async function liveFolderOf(distDir: string = config.distDir): Promise<string | null> {
  const site = await siteFor(rootOf(distDir));
  return site.signature === 'missing' ? null : site.target;
}

/**
 * The tags of the live build's pages (their Surrogate-Key, written by the exporter), as a function of the page's path:
 * the tags of the page at a path, or null when the build has no such page (or no manifest). Follows a swap as
 * liveFolderOf does.
 */
export async function livePageTags(distDir: string = config.distDir): Promise<(path: string) => string[] | null> {
  const site = await siteFor(rootOf(distDir));
  const { entries } = site;
  return (path) => {
    if (!entries) return null;
    for (const relPath of candidatesOf(path)) {
      const entry = entries.get(relPath);
      if (entry) return tagsOfHeader(entry.headers?.[SURROGATE_KEY]);
    }
    return null;
  };
}

/** The paths of the live build's pages that carry any of `tags`: one pass over its manifest. */
export async function livePagesTagged(tags: ReadonlySet<string>, distDir: string = config.distDir): Promise<string[]> {
  const { entries } = await siteFor(rootOf(distDir));
  const paths: string[] = [];
  if (!entries || tags.size === 0) return paths;
  for (const [relPath, entry] of entries) {
    const header = entry.headers?.[SURROGATE_KEY];
    if (header && tagsOfHeader(header).some((tag) => tags.has(tag))) paths.push(pagePath(`/${relPath}`));
  }
  return paths;
}

/** Called by the build right after it swaps the live build: the next request is answered from the new one. */
export async function reloadStaticSite(distDir: string = config.distDir): Promise<void> {
  const root = rootOf(distDir);
  await loading.get(root)?.catch(() => undefined);
  await load(root);
}

// ---------------------------------------------------------------------------------------------
// Headers

function cacheControlFor(relPath: string): string {
  const path = `/${relPath}`;
  if (PAGE_ROUTES.assets.pattern.test(path)) return PAGE_ROUTES.assets.cache;
  if (PAGE_ROUTES.searchIndex.pattern.test(path)) return PAGE_ROUTES.searchIndex.cache;
  return PAGE_CACHE;
}

function isHtml(type: string): boolean {
  return type.startsWith('text/html');
}

/**
 * An SVG opened on its own is a document that could run script: the site's SVGs (favicon, the seeded tools' marks)
 * carry none, and this policy keeps it so for any SVG that lands in a build, as /uploads/ does for uploads.
 */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function cspOf(type: string): string | undefined {
  if (isHtml(type)) return DEFAULT_CSP;
  return type.startsWith('image/svg+xml') ? SVG_CSP : undefined;
}

function etagFor(entry: FileEntry, encoding: Encoding): string {
  return encoding === IDENTITY ? entry.etag : `${entry.etag.slice(0, -1)}${ETAG_SUFFIXES[encoding]}"`;
}

/** The headers of a 200/404 answer for `entry` in `encoding` (Content-Length is the body's). */
function answerHeaders(
  entry: FileEntry,
  encoding: Encoding,
  status: number,
  cacheControl: string,
  varies: boolean,
): Headers {
  const headers = new Headers({
    'content-type': entry.type,
    'cache-control': status === 404 ? NOT_FOUND_CACHE : cacheControl,
    ...pageSecurityHeaders({ csp: cspOf(entry.type) }),
  });
  if (status === 200) headers.set('etag', etagFor(entry, encoding));
  if (encoding !== IDENTITY) headers.set('content-encoding', ENCODING_NAMES[encoding]);
  if (varies) headers.set('vary', 'Accept-Encoding');
  // The page's own headers (its CSP with the hashes of its inline scripts) win over the defaults.
  if (entry.headers) for (const [name, value] of Object.entries(entry.headers)) headers.set(name, value);
  return headers;
}

/** A 304 repeats the caching headers, never the body's own (a cache would apply them to its stored copy). */
function notModifiedOf(headers: Headers): Response {
  const copy = new Headers(headers);
  copy.delete('content-type');
  copy.delete('content-encoding');
  return new Response(null, { status: 304, headers: copy });
}

// ---------------------------------------------------------------------------------------------
// Content negotiation

function parseAcceptEncoding(header: string): number {
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param);
      if (m) q = Number(m[1]) || 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gz = q;
    else if (coding === '*') any = q;
  }
  return ((br ?? any ?? 0) > 0 ? ACCEPTS_BR : 0) | ((gz ?? any ?? 0) > 0 ? ACCEPTS_GZIP : 0);
}

const acceptedBits = remembered(256, parseAcceptEncoding);

/** Encodings the client takes (q=0 refuses one), as bits; clients send a handful of distinct headers, so they are remembered. */
function acceptedEncodings(header: string | null): number {
  return header === null ? 0 : acceptedBits(header);
}

function has(served: Served, encoding: Encoding): boolean {
  if (encoding === IDENTITY) return true;
  if (served.inMemory) return served.inMemory[encoding] !== undefined;
  return (encoding === BR ? served.entry.br : served.entry.gz) !== undefined;
}

/** Brotli, then gzip, then the file as it is. */
function chooseEncoding(served: Served, accepted: number): Encoding {
  if (accepted & ACCEPTS_BR && has(served, BR)) return BR;
  if (accepted & ACCEPTS_GZIP && has(served, GZIP)) return GZIP;
  return IDENTITY;
}

/** The entity tags an If-None-Match lists, weak ones compared as strong (a 304 needs only a weak match). */
function ifNoneMatchTags(header: string): string[] {
  return header.split(',').map((t) => t.trim().replace(/^W\//, ''));
}

/** Whether an If-None-Match (absent: null) names `etag` or any entity ('*'). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const tags = ifNoneMatchTags(header);
  return tags.includes('*') || tags.includes(etag);
}

/** The variant an If-None-Match names: the chosen one first, else another the client can take (a cache holding that one). */
function notModifiedEncoding(header: string, served: Served, chosen: Encoding, accepted: number): Encoding | null {
  const entry = served.entry;
  if (header === etagFor(entry, chosen)) return chosen;
  const tags = ifNoneMatchTags(header);
  if (tags.includes('*')) return chosen;
  const candidates: Encoding[] = [chosen, IDENTITY];
  if (accepted & ACCEPTS_BR) candidates.push(BR);
  if (accepted & ACCEPTS_GZIP) candidates.push(GZIP);
  for (const encoding of candidates)
    if (has(served, encoding) && tags.includes(etagFor(entry, encoding))) return encoding;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Variants and memory

function variantOf(site: Site, served: Served, encoding: Encoding): Variant {
  let variant = served.variants[encoding];
  if (variant) return variant;
  const { entry } = served;
  const body = (encoding !== IDENTITY && served.inMemory?.[encoding]) || null;
  const headers = answerHeaders(
    entry,
    encoding,
    served.status,
    cacheControlFor(served.relPath),
    isCompressibleType(served.relPath),
  );
  variant = {
    status: served.status,
    etag: served.status === 200 ? etagFor(entry, encoding) : null,
    path: body ? null : served.full + (encoding === BR ? '.br' : encoding === GZIP ? '.gz' : ''),
    size: encoding === BR ? entry.br! : encoding === GZIP ? entry.gz! : entry.size,
    headers,
    body,
    ok: body ? new Response(body, { status: served.status, headers }) : null,
    notModified: null,
    used: site.clock,
    loading: false,
  };
  if (body) variant.size = body.length;
  served.variants[encoding] = variant;
  return variant;
}

/** Drops the least recently used bodies until the site is back under its budget (with room to spare, so this is rare). */
function evict(site: Site): void {
  const byAge = [...site.resident].filter((v) => v.path !== null).sort((a, b) => a.used - b.used);
  for (const v of byAge) {
    if (site.memory <= MEMORY_BUDGET * 0.75) break;
    site.resident.delete(v);
    site.memory -= v.size;
    v.body = null;
    v.ok = null;
  }
}

/** Reads a variant's file into memory for the next requests; this one is sent from disk. */
function keepInMemory(site: Site, variant: Variant): void {
  if (variant.loading || variant.path === null || variant.size > MAX_MEMORY_FILE) return;
  variant.loading = true;
  Bun.file(variant.path)
    .bytes()
    .then((bytes) => {
      // A file that no longer matches its manifest entry keeps being read from disk.
      if (bytes.length !== variant.size || sites.get(site.root) !== site) return;
      variant.body = bytes;
      variant.ok = new Response(bytes, { status: variant.status, headers: variant.headers });
      site.resident.add(variant);
      site.memory += bytes.length;
      if (site.memory > MEMORY_BUDGET) evict(site);
    })
    .catch(() => undefined)
    .finally(() => {
      variant.loading = false;
    });
}

function respond(site: Site, variant: Variant, head: boolean): Response {
  variant.used = ++site.clock;
  if (head) {
    const headers = new Headers(variant.headers);
    headers.set('content-length', String(variant.size));
    return new Response(null, { status: variant.status, headers });
  }
  if (variant.ok) return variant.ok.clone();
  keepInMemory(site, variant);
  return new Response(Bun.file(variant.path!), { status: variant.status, headers: variant.headers });
}

function answer(site: Site, served: Served, request: Request, head: boolean): Response {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  const chosen = chooseEncoding(served, accepted);
  if (served.status === 200) {
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch !== null) {
      const matched = notModifiedEncoding(ifNoneMatch, served, chosen, accepted);
      if (matched !== null) {
        const variant = variantOf(site, served, matched);
        variant.notModified ??= notModifiedOf(variant.headers);
        return variant.notModified.clone();
      }
    }
  }
  return respond(site, variantOf(site, served, chosen), head);
}

// ---------------------------------------------------------------------------------------------
// Finding the file

function servedFrom(site: Site, relPath: string, entry: FileEntry, status = 200): Served {
  return { relPath, entry, full: join(site.target, relPath), status, variants: [] };
}

/** The request's path as sent (no query), without building a URL object (a measurable share of a cached answer). */
export function requestPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** The manifest names a URL path may stand for: the file, its folder's index.html, or name.html. */
function candidatesOf(path: string): string[] {
  const rel = path.slice(1);
  if (rel === '' || rel.endsWith('/')) return [`${rel}index.html`];
  return [rel, `${rel}/index.html`, `${rel}.html`];
}

/** The path as a file name: %-escapes and dot segments resolved; null for a path no file can have. */
function decodedPath(url: string, raw: string): string | null {
  if (!raw.includes('%') && !raw.includes('/.') && !raw.includes('\\')) return raw;
  try {
    const decoded = decodeURIComponent(new URL(url).pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** Without a manifest: the file on disk, kept inside the build folder. */
async function fileOnDisk(root: string, decoded: string): Promise<{ path: string; relPath: string } | null> {
  // No way out of the build folder, not even into a sibling whose name starts the same (dist-builds).
  if (decoded.split(/[\\/]/).includes('..')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  for (const candidate of [full, join(full, 'index.html'), `${full}.html`]) {
    try {
      if ((await stat(candidate)).isFile())
        return {
          path: candidate,
          relPath: candidate
            .slice(root.length + 1)
            .split(sep)
            .join('/'),
        };
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Describes a file of a build without a manifest, with its encodings made in memory (fast settings). */
async function describeOnDemand(site: Site, relPath: string, path: string, status: number): Promise<Served> {
  const bytes = await readFile(path);
  const entry: FileEntry = { etag: contentEtag(bytes), type: contentTypeOf(relPath), size: bytes.length };
  const served = servedFrom(site, relPath, entry, status);
  // Held outside the least-recently-used set (there is no file to fall back on), so bounded by the budget instead:
  // past it, files of such a build go out uncompressed.
  if (
    isCompressibleType(relPath) &&
    bytes.length >= MIN_COMPRESS_SIZE &&
    bytes.length <= MAX_MEMORY_FILE &&
    site.memory < MEMORY_BUDGET
  ) {
    const { br, gz } = await compressBoth(bytes);
    served.inMemory = [undefined, br, gz];
    if (br) entry.br = br.length;
    if (gz) entry.gz = gz.length;
    site.memory += (br?.length ?? 0) + (gz?.length ?? 0);
  }
  return served;
}

async function lookupOnDisk(site: Site, decoded: string): Promise<Served | null> {
  const found = await fileOnDisk(site.target, decoded);
  return found && describeOnDemand(site, found.relPath, found.path, 200);
}

function lookupInManifest(site: Site, entries: Map<string, FileEntry>, decoded: string): Served | null {
  for (const relPath of candidatesOf(decoded)) {
    const entry = entries.get(relPath);
    if (entry) return servedFrom(site, relPath, entry);
  }
  return null;
}

async function notFoundPage(site: Site): Promise<Served | null> {
  if (site.notFound !== undefined) return site.notFound;
  let served: Served | null = null;
  if (site.entries) {
    const entry = site.entries.get('404.html');
    served = entry ? servedFrom(site, '404.html', entry, 404) : null;
  } else {
    served = await describeOnDemand(site, '404.html', join(site.target, '404.html'), 404).catch(() => null);
  }
  site.notFound = served;
  return served;
}

const NOT_FOUND_FALLBACK: FileEntry = { etag: '"none"', type: 'text/html; charset=utf-8', size: 0 };

/**
 * The 404 page with the card of `kind` shown and the others hidden, and its title saying so: the page's inline script
 * does the same in a browser, but without JavaScript (or before it runs) the page must say it already.
 */
async function notFoundCard(site: Site, kind: Exclude<NotFoundKind, 'page'>): Promise<PreparedPage | null> {
  const served = await notFoundPage(site);
  if (!served) return null;
  const html = await readFile(served.full, 'utf8');
  const shown = new HTMLRewriter()
    .on('[data-not-found]', {
      element(card) {
        if (card.getAttribute('data-not-found') === kind) card.removeAttribute('hidden');
        else card.setAttribute('hidden', '');
      },
    })
    .on('title', {
      text(chunk) {
        if (chunk.text.includes(NOT_FOUND.page)) chunk.replace(chunk.text.replace(NOT_FOUND.page, NOT_FOUND[kind]));
      },
    })
    .transform(html);
  return preparePage(shown, { status: 404, headers: served.entry.headers });
}

/** The 404 answer for `path`: the built 404 page with the card its path calls for, or a plain text without one. */
async function answerNotFound(site: Site, request: Request, path: string, head: boolean): Promise<Response> {
  const kind = notFoundKind(path);
  if (kind !== 'page') {
    let card = site.notFoundCards.get(kind);
    if (!card) {
      card = notFoundCard(site, kind).catch((error: unknown) => {
        log.error({ err: error, kind }, 'static site: the 404 card could not be made; answering the plain 404 page');
        return null;
      });
      site.notFoundCards.set(kind, card);
    }
    const page = await card;
    if (page) return pageResponse(request, page);
  }
  const notFound = await notFoundPage(site);
  if (notFound) return answer(site, notFound, request, head);
  const headers = answerHeaders(NOT_FOUND_FALLBACK, IDENTITY, 404, NOT_FOUND_CACHE, false);
  return new Response(head ? null : NOT_FOUND.page, { status: 404, headers });
}

function methodNotAllowed(): Response {
  return new Response('Method not allowed', {
    status: 405,
    headers: { allow: 'GET, HEAD', 'cache-control': NOT_FOUND_CACHE, ...pageSecurityHeaders() },
  });
}

/**
 * Asked before answering 404: a page the live build does not have may have been made public since (live-pages.ts), or
 * be rendered on request (on-demand-pages.ts); `peer` is the connection's address, for the render budget.
 */
type MissingPage = (request: Request, path: string, peer?: Peer) => Promise<Response | null> | null;

async function serveFrom(
  sitePromise: Site | Promise<Site>,
  request: Request,
  path: string,
  head: boolean,
  missing?: MissingPage,
  peer?: Peer,
): Promise<Response> {
  const site = await sitePromise;
  return serveSite(site, request, path, head, missing, peer);
}

async function serveSlow(
  site: Site,
  request: Request,
  raw: string,
  head: boolean,
  missing?: MissingPage,
  peer?: Peer,
): Promise<Response> {
  const decoded = decodedPath(request.url, raw);
  let served: Served | null = null;
  if (decoded !== null) {
    served = site.entries ? lookupInManifest(site, site.entries, decoded) : await lookupOnDisk(site, decoded);
  }
  if (served) {
    // Only paths without escapes are remembered: their number is bounded by the build's files.
    if (decoded === raw) {
      if (!site.entries && site.routes.size >= LAZY_CACHE_LIMIT) site.routes.clear();
      site.routes.set(raw, served);
    }
    return answer(site, served, request, head);
  }
  const page = await missing?.(request, raw, peer);
  if (page) return page;
  return answerNotFound(site, request, raw, head);
}

function serveSite(
  site: Site,
  request: Request,
  raw: string,
  head: boolean,
  missing?: MissingPage,
  peer?: Peer,
): Response | Promise<Response> {
  const served = site.routes.get(raw);
  if (served) return answer(site, served, request, head);
  return serveSlow(site, request, raw, head, missing, peer);
}

/**
 * Answers a request for anything that is not the API: a file of the live build, a redirect, or the 404 page;
 * `missing` is asked first for a path the build has no file for, and given `peer`.
 */
export function serveStatic(
  request: Request,
  distDir: string = config.distDir,
  missing?: MissingPage,
  path: string = requestPath(request.url),
  peer?: Peer,
): Response | Promise<Response> {
  const method = request.method;
  const head = method === 'HEAD';
  if (method !== 'GET' && !head) return methodNotAllowed();
  // /tools/{slug} is an old form of the canonical /tool/{slug}; a slug has no dot, the tools' feeds (/tools/feed.json) do.
  if (path.startsWith('/tools/')) {
    const slug = PAGE_ROUTES.legacyTool.pattern.exec(pagePath(path))?.groups?.slug;
    if (slug !== undefined) {
      const q = request.url.indexOf('?');
      const search = q < 0 ? '' : request.url.slice(q);
      return new Response(null, {
        status: 301,
        headers: {
          location: `/tool/${slug}${search}`,
          'cache-control': PAGE_ROUTES.legacyTool.cache,
          ...pageSecurityHeaders(),
        },
      });
    }
  }
  const site = siteFor(rootOf(distDir));
  if (site instanceof Promise) return serveFrom(site, request, path, head, missing, peer);
  // A cached answer goes back as it is, not wrapped in a promise: less garbage per request, a shorter tail.
  return serveSite(site, request, path, head, missing, peer);
}

// ---------------------------------------------------------------------------------------------
// Pages rendered on demand

/** Images (an Open Graph PNG) are compressed already; every text type a page answers with shrinks. */
function isCompressibleContentType(type: string): boolean {
  return !type.startsWith('image/') || type.startsWith('image/svg');
}

/** Astro writes every page as UTF-8 but names no charset: a text answer names it, as the static files' types do. */
function withCharset(type: string): string {
  return type.startsWith('text/') && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * A page rendered on demand, ready to be answered as its static file would be. Its br/gzip bytes are made by the
 * first request that takes them and kept with it, so a kept page (directory-pages.ts, on-demand-pages.ts) is
 * compressed once, not on every request.
 */
export interface PreparedPage {
  status: number;
  entry: FileEntry;
  bytes: Uint8Array<ArrayBuffer>;
  /** Whether answers vary by Accept-Encoding (a text type); compressed only when also large enough. */
  text: boolean;
  compressible: boolean;
  encoded: (Promise<Uint8Array<ArrayBuffer>> | undefined)[];
}

/** A rendered page (HTML, or the type its headers give) made ready to answer; init.headers (e.g. its CSP) win over the defaults. */
export function preparePage(
  content: string | Uint8Array<ArrayBuffer>,
  init: { status?: number; headers?: HeadersInit } = {},
): PreparedPage {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const extra = Object.fromEntries(new Headers(init.headers));
  const entry: FileEntry = {
    etag: contentEtag(bytes),
    type: withCharset(extra['content-type'] ?? 'text/html'),
    size: bytes.length,
  };
  delete extra['content-type'];
  if (Object.keys(extra).length > 0) entry.headers = extra;
  const text = isCompressibleContentType(entry.type);
  return {
    status: init.status ?? 200,
    entry,
    bytes,
    text,
    compressible: text && bytes.length >= MIN_COMPRESS_SIZE,
    encoded: [],
  };
}

/** The page's bytes in `encoding`, made once; a failed compression is tried again by the next request. */
function encodedBody(page: PreparedPage, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  let body = page.encoded[encoding];
  if (!body) {
    // The build's own settings: the same page compresses to the same bytes as its static file, under the same ETag.
    body = encoding === BR ? brotliBytes(page.bytes) : Promise.resolve(gzipBytes(page.bytes));
    body.catch(() => (page.encoded[encoding] = undefined));
    page.encoded[encoding] = body;
  }
  return body;
}

/**
 * The answer for a prepared page, exactly as its static file's would be: content-hash ETag (and 304), compression by
 * Accept-Encoding, Vary, Cache-Control and the security headers.
 */
export async function pageResponse(request: Request, page: PreparedPage): Promise<Response> {
  const { status, entry } = page;
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  const encoding: Encoding = !page.compressible
    ? IDENTITY
    : accepted & ACCEPTS_BR
      ? BR
      : accepted & ACCEPTS_GZIP
        ? GZIP
        : IDENTITY;
  const headers = answerHeaders(entry, encoding, status, PAGE_CACHE, page.text);
  if (status === 200) {
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etagFor(entry, encoding)))
      return notModifiedOf(headers);
  }
  const body = encoding === IDENTITY ? page.bytes : await encodedBody(page, encoding);
  if (request.method === 'HEAD') {
    headers.set('content-length', String(body.length));
    return new Response(null, { status, headers });
  }
  return new Response(body, { status, headers });
}

/** A page rendered for this request alone (a changed page, an Open Graph image): prepared and answered once. */
export function htmlResponse(
  request: Request,
  content: string | Uint8Array<ArrayBuffer>,
  init: { status?: number; headers?: HeadersInit } = {},
): Promise<Response> {
  return pageResponse(request, preparePage(content, init));
}

/** The live build's 404 page, for a page that is not public (any more) even though a file of it may still exist. */
export async function serveNotFound(request: Request, distDir: string = config.distDir): Promise<Response> {
  const site = await siteFor(rootOf(distDir));
  return answerNotFound(site, request, requestPath(request.url), request.method === 'HEAD');
}

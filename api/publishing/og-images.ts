// Open Graph images (/og/tool/{slug}.png, /og/blog/{slug}.png): rendered by the site's Astro endpoint on their first
// request and kept on disk under a key made of what they show, so each is rendered once per change, not once per
// build (10,000 of them would take minutes: docs/decisions/0048). Every request reads the row by its key, so an image
// is never stale, and a tool or post that stops being public answers 404 at once.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getPublishedPostBySlug } from '../../db/queries/blog';
import { publicToolBySlug } from '../../db/queries/tools';
import { postTag, tagHeaders, toolTag } from '../../lib/cache-tags';
import { OG_IMAGE_VERSION, ogPostData, ogToolData, parseOgImagePath, type OgKind } from '../../lib/og';
import { config } from '../config';
import { renderPage } from './page-renderer';
import { htmlResponse, serveNotFound } from './static-site';

/** Renders under way, by file: concurrent first requests for one image share one render. */
const rendering = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();

/** What a render writes before it renames the file into place: `{key}.png.{pid}.tmp`. */
const TEMPORARY = '.tmp';
const isTemporary = (name: string) => name.endsWith(TEMPORARY);

/** A temporary file older than this is a crashed render's (a render takes seconds), never one under way. */
export const STALE_TEMPORARY_MS = 10 * 60 * 1000;

/** What the image of this tool or post shows, as its cache key; null when it is not public. */
async function keyOf(kind: OgKind, slug: string): Promise<string | null> {
  const data =
    kind === 'tool'
      ? await publicToolBySlug(slug).then((t) => t && ogToolData(t))
      : await getPublishedPostBySlug(slug).then((p) => p && ogPostData(p));
  if (!data) return null;
  return createHash('sha256')
    .update(`${OG_IMAGE_VERSION}\n${JSON.stringify(data)}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The kept image, or a fresh render kept for next time (the slug's older images removed); null when not public. */
async function imageOf(path: string, folder: string, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const file = join(folder, `${key}.png`);
  const kept = await readFile(file).then(
    (bytes) => new Uint8Array(bytes),
    () => null,
  );
  if (kept) return kept;
  let render = rendering.get(file);
  if (!render) {
    render = (async () => {
      const response = await renderPage(path, { appDir: config.appDir, siteUrl: config.siteUrl });
      if (response?.status !== 200) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      await mkdir(folder, { recursive: true });
      const temporary = `${file}.${process.pid}${TEMPORARY}`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      for (const name of await readdir(folder))
        if (name !== `${key}.png` && !isTemporary(name)) await rm(join(folder, name), { force: true });
      await sweepFolder(folder, Date.now());
      return bytes;
    })().finally(() => rendering.delete(file));
    rendering.set(file, render);
  }
  return render;
}

/** Removes the temporary files in one image folder that no render will rename any more. */
async function sweepFolder(folder: string, now: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(folder).catch(() => [])) {
    if (!isTemporary(name)) continue;
    const file = join(folder, name);
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => now,
    );
    if (now - modified >= STALE_TEMPORARY_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes what renders cut short by a crash left behind (a temporary file is renamed into place only once written
 * whole): run at the server's start, and in an image's folder each time it is rendered again. Returns how many.
 */
export async function sweepOgTemporaryFiles(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const kind of await readdir(config.ogCacheDir).catch(() => [])) {
    const kindDir = join(config.ogCacheDir, kind);
    for (const slug of await readdir(kindDir).catch(() => [])) removed += await sweepFolder(join(kindDir, slug), now);
  }
  return removed;
}

/** The answer for a path under /og/: the image, or the 404 page for anything else or a page that is not public. */
export async function serveOgImage(request: Request, path: string): Promise<Response> {
  const image = parseOgImagePath(path);
  if (!image || (request.method !== 'GET' && request.method !== 'HEAD')) return serveNotFound(request);
  const key = await keyOf(image.kind, image.slug);
  const bytes = key && (await imageOf(path, join(config.ogCacheDir, image.kind, encodeURIComponent(image.slug)), key));
  if (!bytes) return serveNotFound(request);
  // Dropped from shared caches with its tool or post (lib/cache-tags.ts).
  const tag = image.kind === 'tool' ? toolTag(image.slug) : postTag(image.slug);
  return htmlResponse(request, bytes, { headers: { 'content-type': 'image/png', ...tagHeaders([tag]) } });
}

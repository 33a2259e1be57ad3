// Open Graph images (/og/tool/{slug}.png, /og/blog/{slug}.png): rendered by the site's Astro endpoint on their first
// request and kept on disk under a key made of what they show, so each is rendered once per change, not once per
// build (10,000 of them would take minutes: docs/decisions/0048). Every request reads the row by its key, so an image
// is never stale, and a tool or post that stops being public answers 404 at once.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getPublishedPostBySlug } from '../../db/queries/blog';
import { publicToolBySlug } from '../../db/queries/tools';
import { OG_IMAGE_VERSION, ogPostData, ogToolData, parseOgImagePath, type OgKind } from '../../lib/og';
import { config } from '../config';
import { renderPage } from './page-renderer';
import { htmlResponse, serveNotFound } from './static-site';

/** Renders under way, by file: concurrent first requests for one image share one render. */
const rendering = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();

/** What the image of this tool or post shows, as its cache key; null when it is not public. */
async function keyOf(kind: OgKind, slug: string): Promise<string | null> {
  const data = kind === 'tool' ? await publicToolBySlug(slug).then((t) => t && ogToolData(t)) : await getPublishedPostBySlug(slug).then((p) => p && ogPostData(p));
  if (!data) return null;
  return createHash('sha256').update(`${OG_IMAGE_VERSION}\n${JSON.stringify(data)}`).digest('base64url').slice(0, 22);
}

/** The kept image, or a fresh render kept for next time (the slug's older images removed); null when not public. */
async function imageOf(path: string, folder: string, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const file = join(folder, `${key}.png`);
  const kept = await readFile(file).then((bytes) => new Uint8Array(bytes), () => null);
  if (kept) return kept;
  let render = rendering.get(file);
  if (!render) {
    render = (async () => {
      const response = await renderPage(path, { appDir: config.appDir, siteUrl: config.siteUrl });
      if (!response || response.status !== 200) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      await mkdir(folder, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      for (const name of await readdir(folder)) if (name !== `${key}.png` && !name.endsWith('.tmp')) await rm(join(folder, name), { force: true });
      return bytes;
    })().finally(() => rendering.delete(file));
    rendering.set(file, render);
  }
  return render;
}

/** The answer for a path under /og/: the image, or the 404 page for anything else or a page that is not public. */
export async function serveOgImage(request: Request, path: string): Promise<Response> {
  const image = parseOgImagePath(path);
  if (!image || (request.method !== 'GET' && request.method !== 'HEAD')) return serveNotFound(request);
  const key = await keyOf(image.kind, image.slug);
  const bytes = key && (await imageOf(path, join(config.ogCacheDir, image.kind, encodeURIComponent(image.slug)), key));
  if (!bytes) return serveNotFound(request);
  return htmlResponse(request, bytes, { headers: { 'content-type': 'image/png' } });
}

// Serves the current site build (dist/, a folder or a link to one that rebuilds swap atomically):
// content types, ETags and cache headers, and the built 404 page for unknown paths.
import { stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { config } from '../config';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

async function fileAt(root: string, pathname: string): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // No way out of the build folder, not even into a sibling whose name starts the same (dist-builds).
  if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  for (const candidate of [full, join(full, 'index.html'), `${full}.html`]) {
    try {
      const s = await stat(candidate);
      if (s.isFile()) return { path: candidate, size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      // try the next form
    }
  }
  return null;
}

export async function serveStatic(request: Request, distDir = config.distDir): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  // /tools/{slug} is an old form of the canonical /tool/{slug}.
  const legacy = /^\/tools\/([^/]+)\/?$/.exec(url.pathname);
  if (legacy) return new Response(null, { status: 301, headers: { location: `/tool/${legacy[1]}${url.search}` } });

  const root = resolve(distDir);
  const found = await fileAt(root, url.pathname);
  if (!found) {
    const notFound = Bun.file(join(root, '404.html'));
    const body = (await notFound.exists()) ? notFound : 'Page Not Found';
    return new Response(body, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  }
  // A directory asked for without its slash: redirect so relative links resolve.
  const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    etag,
    'cache-control': url.pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
    'x-content-type-options': 'nosniff',
  });
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const file = Bun.file(found.path);
  headers.set('content-type', file.type);
  return new Response(request.method === 'HEAD' ? null : file, { headers });
}

// What the one Bun server does with a request: /api/*, /auth/demo/*, /auth/google* and /uploads/* go to Elysia;
// pages changed since the live build are rendered on demand; everything else is a static file of the live build.
import { join } from 'node:path';
import { app } from './app';
import { config } from './config';
import { withClientAddress } from './plugins/security';
import { serveChangedPage } from './services/live-pages';
import { serveStatic } from './services/static-site';

const API_PREFIXES = ['/api/', '/auth/demo/', '/auth/google', '/uploads/'];

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p));
}

/** Answers one request; `socketAddress` is the connection's peer (the client address unless a trusted proxy says otherwise). */
export async function handleRequest(request: Request, socketAddress?: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (isApiPath(pathname)) return app.handle(withClientAddress(request, socketAddress));
  const live = await serveChangedPage(request, pathname);
  if (live) return live;
  const file = await serveStatic(request);
  // A page rendered on demand by a newer server build than the live site's names its own hashed assets.
  if (file.status === 404 && pathname.startsWith('/_astro/')) return serveStatic(request, join(config.appDir, 'client'));
  return file;
}

// What the one Bun server does with a request (the route table, lib/routes.ts): the API's paths go to Elysia, and so do
// the posts of the forms that work without JavaScript; pages changed since the live build are rendered on request and
// kept; everything else is a static file of the live build, or, missing from it, a page rendered on request and kept
// (alternatives, comparisons, Open Graph images) or the 404 page.
import { join } from 'node:path';
import { isApiRequest } from '../lib/routes';
import { app } from './app';
import { config } from './config';
import { withClientAddress } from './plugins/security';
import { answerLogged } from './request-log';
import { serveOnDemandPage, serveQueryPage } from './publishing/kept-renders';
import { serveChangedPage, serveMissingPage } from './publishing/live-pages';
import type { Peer } from './publishing/render-budget';
import { requestPath, serveStatic } from './publishing/static-site';

const handleApi = (request: Request) => app.handle(request);

/** Before a 404: a page rendered on request (alternatives, comparison, image), then one made public since the build. */
const missingPage = (request: Request, path: string, peer?: Peer) =>
  serveOnDemandPage(request, path, peer) ?? serveMissingPage(request, path, peer);

/** A file of the live build; a hashed asset a newer server build named may only be in that build's own folder. */
function serveFile(request: Request, path: string, peer: Peer | undefined): Response | Promise<Response> {
  if (!path.startsWith('/_astro/')) return serveStatic(request, config.distDir, missingPage, path, peer);
  return Promise.resolve(serveStatic(request, config.distDir, undefined, path)).then((res) =>
    res.status === 404 ? serveStatic(request, join(config.appDir, 'client'), undefined, path) : res,
  );
}

/**
 * Answers one request; `peer` gives the connection's peer (the client address unless a trusted proxy says
 * otherwise), asked only by the API and by a page about to be rendered (its client's render budget): looking it up
 * costs a static answer a sixth of its time. The static path stays free of allocations and awaits it does not need:
 * it is most of the traffic.
 */
export function handleRequest(request: Request, peer?: Peer): Response | Promise<Response> {
  const path = requestPath(request.url);
  // Only the API is logged, each request with its id (request-log.ts); static answers stay unlogged and unallocated.
  if (isApiRequest(request.method, path)) {
    return answerLogged(withClientAddress(request, peer?.()), path, handleApi);
  }
  // A query the page reads (the directory's, the form pages'), else a page changed since the live build, else the file.
  const rendered = serveQueryPage(request, path, peer) ?? serveChangedPage(request, path, peer);
  if (rendered === null) return serveFile(request, path, peer);
  return rendered.then((res) => res ?? serveFile(request, path, peer));
}

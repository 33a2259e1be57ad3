// Every API request gets an id (the caller's X-Request-Id when it is a short safe token, else a fresh one): sent back
// in X-Request-Id, carried by every log line written while it is handled (log.ts), named in a 500 answer
// (plugins/errors.ts), and closed by one line: method, path, status, milliseconds (at debug; at error when it failed,
// at warn when it was slow). Static files never come here.
import { log, withRequestId } from './log';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** An answer that took this long is logged at warn. */
export const SLOW_REQUEST_MS = 1000;
const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's id when it is safe to repeat in headers and logs, else a fresh one. */
function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given !== null && SAFE_ID.test(given) ? given : crypto.randomUUID();
}

/** Answers an API request through `handle` as a request with an id, and logs it. */
export async function answerLogged(
  request: Request,
  path: string,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const id = requestIdOf(request);
  let response = await withRequestId(id, () => handle(request));
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    // A response with immutable headers (a fetched one, Response.redirect): copied once to carry the id.
    response = new Response(response.body, response);
    response.headers.set(REQUEST_ID_HEADER, id);
  }
  const ms = Math.round((performance.now() - started) * 10) / 10;
  // Every answer at debug; at the default level only the failed and the slow ones (the line costs a sixth of a fast
  // answer's time, and the platform's proxy counts requests and their latency: docs/decisions/0057).
  const level = response.status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'debug';
  log[level]({ reqId: id, method: request.method, path, status: response.status, ms }, 'request');
  return response;
}

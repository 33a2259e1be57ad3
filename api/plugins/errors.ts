// Turns thrown errors into the API's answers: a status and a plain-text body that becomes the toast text.
import { Elysia } from 'elysia';
import { ZodError } from 'zod';
import { isDatabaseBusy } from '../../db/client';
import { MSG } from '../../lib/messages';
import { firstIssue } from '../../lib/schemas';
import { currentRequestId, log } from '../log';

/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

/** Throws the refusal a rule of lib/permissions.ts gave (403 or 409 with its message), if any. */
export function refuse(refusal: { status: number; message: string } | null): void {
  if (refusal) throw new HttpError(refusal.status, refusal.message);
}

const SERVER_FAULT = 'Something went wrong. Please try again.';

/** A server fault's answer names the request's id, so a user can quote it and the operator find its log lines. */
function serverFault(): string {
  const id = currentRequestId();
  return id === undefined ? SERVER_FAULT : `${SERVER_FAULT} (Request id: ${id})`;
}

/** Seconds a client is told to wait when another process holds the database's write lock. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export const errors = new Elysia({ name: 'errors' }).onError({ as: 'global' }, ({ code, error, set }) => {
  const text = (status: number, body: string) => {
    set.status = status;
    set.headers['content-type'] = 'text/plain; charset=utf-8';
    return body;
  };
  if (error instanceof HttpError) return text(error.status, error.message);
  if (error instanceof ZodError) return text(400, firstIssue(error));
  if (isDatabaseBusy(error)) {
    // Not a fault of the request: another process (a seed, a migration) kept the write lock past the retries.
    log.warn({ error: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'database busy');
    set.headers['retry-after'] = String(BUSY_RETRY_AFTER_SECONDS);
    return text(503, MSG.databaseBusy);
  }
  switch (code) {
    case 'VALIDATION': {
      const message = typeof error.customError === 'string' ? error.customError : 'Invalid request';
      // An answer that breaks its schema is the server's fault (response validation: docs/decisions/0035).
      if (error.type === 'response') {
        // The field and the rule, never the error itself: Elysia's message and fields hold the whole answer, which
        // may be large and is what must not leak (docs/decisions/0063).
        log.error({ field: error.valueError?.path }, `answer breaks its schema: ${message}`);
        return text(500, serverFault());
      }
      // A path that fails its params names no resource (an id that is not a number): the missing row's 404.
      return text(error.type === 'params' ? 404 : 400, message);
    }
    case 'PARSE':
      // A body refused while it was read (plugins/bodies.ts: too large) says why; any other could not be parsed.
      if (error.cause instanceof HttpError) return text(error.cause.status, error.cause.message);
      return text(400, MSG.malformedBody);
    case 'NOT_FOUND':
      return text(404, 'Not found');
    default:
      if (
        typeof error === 'object' &&
        error &&
        'code' in error &&
        typeof (error as { code: unknown }).code === 'number'
      )
        return;
      log.error({ err: error }, 'unhandled error');
      return text(500, serverFault());
  }
});

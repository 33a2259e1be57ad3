// The server's log: JSON lines on stdout (pino), at LOG_LEVEL. A line written while an API request is handled carries
// that request's id (reqId), however deep the code that writes it: the id rides in an AsyncLocalStorage, not in
// arguments (docs/decisions/0057).
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { config } from './config';

const requestIds = new AsyncLocalStorage<string>();

export const log = pino(
  {
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Called only for lines written at or above the level: nothing per request unless a line is.
    mixin: () => {
      const reqId = requestIds.getStore();
      return reqId === undefined ? {} : { reqId };
    },
    // Synchronous: a line written just before process.exit (a failed start, the end of a shutdown) is never lost.
  },
  pino.destination({ fd: 1, sync: true }),
);

/** The id of the API request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `handle` as the request `id`: every line it logs carries the id. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return requestIds.run(id, handle);
}

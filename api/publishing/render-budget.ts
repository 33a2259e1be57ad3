// The limits on pages rendered on request (decision 0064): RENDER_BUDGET_PER_MINUTE a client (a token bucket; 429
// past it), RENDERS_IN_FLIGHT at once a process with RENDERS_WAITING more queued (503 past that). Static files and kept
// answers never come here, so a flood of distinct queries cannot take the event loop from them.
import { MSG } from '../../lib/messages';
import { config } from '../config';
import { pageSecurityHeaders } from '../plugins/security';
import { addressBucket } from '../rate-limit';

/** Renders waiting for a slot, at most: a burst of visitors after a catalogue change waits a render or two, a flood does not pile up. */
const RENDERS_WAITING = 16;
/** Clients whose budget is remembered, at most; the least recently seen is forgotten first (it comes back with a full budget). */
const CLIENTS_REMEMBERED = 10_000;
/** Retry-After of a 503: a render takes tens of milliseconds, so a slot is free again within a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The connection's peer address, asked only when a render would happen (api/handler.ts). */
export type Peer = () => string | undefined;

/** A render refused by the limits; refusalOf turns it into the client's answer. */
export class RenderRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(status === 429 ? 'over the render budget' : 'too many renders in flight');
  }
}

const perMinute = config.renderBudgetPerMinute;
const refillPerMs = perMinute / 60_000;
/** Client → tokens left and when they were counted; in order of last use, so the first is the one to forget. */
const buckets = new Map<string, { tokens: number; at: number }>();

/** Takes one token of `client`'s bucket: 0, or the seconds until one is there again. */
function takeToken(client: string): number {
  const now = Date.now();
  const bucket = buckets.get(client) ?? { tokens: perMinute, at: now };
  buckets.delete(client);
  if (buckets.size >= CLIENTS_REMEMBERED) buckets.delete(buckets.keys().next().value!);
  buckets.set(client, bucket);
  bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * refillPerMs);
  bucket.at = now;
  if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  bucket.tokens -= 1;
  return 0;
}

let running = 0;
/** The renders waiting for a slot, each its resolve. */
const queue: (() => void)[] = [];

/** One render for `client` (its address as decision 0021 reads it), within both limits; throws RenderRefused past them. */
export async function ownRender<T>(client: string, render: () => Promise<T>): Promise<T> {
  // A full process refuses before the budget is charged: the client did not get its render.
  if (running >= config.rendersInFlight && queue.length >= RENDERS_WAITING)
    throw new RenderRefused(503, BUSY_RETRY_AFTER_SECONDS);
  const wait = takeToken(addressBucket(client));
  if (wait > 0) throw new RenderRefused(429, wait);
  if (running < config.rendersInFlight) running += 1;
  else await new Promise<void>((resolve) => queue.push(resolve));
  // Requests already arrived (static pages, kept answers) go first: they take microseconds, a render tens of ms.
  await new Promise<void>((resolve) => setImmediate(resolve));
  try {
    return await render();
  } finally {
    // The slot goes to the next waiting render on the next turn of the event loop: a render is one long run of
    // microtasks (synchronous reads), so handed over at once, the queue would starve static requests until empty.
    const next = queue.shift();
    if (next) setImmediate(next);
    else running -= 1;
  }
}

/**
 * The answer for a refused render, or null for any other error: short plain text, as the API's errors (a page styled
 * like the site would itself be a render, or a file to keep per build).
 */
export function refusalOf(error: unknown, request: Request): Response | null {
  if (!(error instanceof RenderRefused)) return null;
  const text = error.status === 429 ? MSG.tooManyPageRenders : MSG.databaseBusy;
  return new Response(request.method === 'HEAD' ? null : text, {
    status: error.status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(error.retryAfterSeconds),
      ...pageSecurityHeaders(),
    },
  });
}

// Delivers the e-mail outbox: through Resend when RESEND_API_KEY is set (idempotent per row),
// otherwise rows are marked 'dev' and stay readable in the table (development mode).
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { Resend } from 'resend';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { config } from '../config';
import { log } from '../log';

export const MAX_ATTEMPTS = 8;
const POLL_MS = 5000;
/** Resend allows a few requests a second per key; ~2 a second leaves room for other senders. */
const SEND_INTERVAL_MS = 500;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

export function emailConfigured(): boolean {
  return Boolean(config.resend.apiKey);
}

let client: Resend | undefined;
function resend(): Resend {
  // RESEND_BASE_URL (read by the SDK) points it at a local double in tests.
  client ??= new Resend(config.resend.apiKey);
  return client;
}

/** How long a row waits after its `attempts`-th failed try: 30 s, 1 min, 2 min, ... at most 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

interface SendFailure {
  statusCode: number | null;
  message: string;
}

/**
 * Whether trying the same e-mail again later can succeed: rate limits, server errors, network
 * errors (no status), a concurrent request with the same idempotency key, and key problems
 * (401/403), which the operator fixes without the row being at fault. Other 4xx reject the e-mail itself.
 */
function isRetryable({ statusCode }: SendFailure): boolean {
  if (statusCode === null) return true;
  return statusCode >= 500 || [401, 403, 408, 409, 429].includes(statusCode);
}

type SendOutcome = { id: string } | SendFailure;

async function send(row: typeof emailOutbox.$inferSelect): Promise<SendOutcome> {
  try {
    const { data, error } = await resend().emails.send(
      {
        from: config.resend.from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      },
      { idempotencyKey: `outbox-${row.id}` },
    );
    if (data?.id) return { id: data.id };
    const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : null;
    return { statusCode, message: error?.message ?? 'Unknown error' };
  } catch (error) {
    return { statusCode: null, message: error instanceof Error ? error.message : String(error) };
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The round sending now, if any. */
let round: Promise<number> | null = null;
/** Set by a shutdown: the round ends after the row it is sending, and no round starts. */
let stopping = false;

/**
 * Sends up to `limit` due e-mails, ~2 a second; returns how many were sent. A call made while a
 * round is still running does nothing (returns 0), so a row is never sent by two rounds at once.
 */
export async function deliverPendingEmails(limit = 20, intervalMs = SEND_INTERVAL_MS): Promise<number> {
  if (round || stopping) return 0;
  round = deliverRound(limit, intervalMs);
  try {
    return await round;
  } finally {
    round = null;
  }
}

/**
 * For a shutdown: the round in progress finishes the row it is sending (sent and marked, or marked for a retry)
 * and stops; the rows it did not reach stay pending in the table for the next process.
 */
export async function stopEmailSender(): Promise<void> {
  stopping = true;
  await round?.catch(() => {});
}

async function deliverRound(limit: number, intervalMs: number): Promise<number> {
  const now = new Date();
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lt(emailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(emailOutbox.id)
    .limit(limit);
  if (rows.length === 0) return 0;
  if (!emailConfigured()) {
    for (const row of rows) await db.update(emailOutbox).set({ status: 'dev' }).where(eq(emailOutbox.id, row.id));
    return 0;
  }
  let sent = 0;
  for (const [i, row] of rows.entries()) {
    if (i > 0) await pause(intervalMs);
    if (stopping) break;
    const outcome = await send(row);
    const attempts = row.attempts + 1;
    if ('id' in outcome) {
      sent += 1;
      await db
        .update(emailOutbox)
        .set({ status: 'sent', attempts, providerId: outcome.id, sentAt: new Date(), error: null, nextAttemptAt: null })
        .where(eq(emailOutbox.id, row.id));
      continue;
    }
    const retry = isRetryable(outcome) && attempts < MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        attempts,
        status: retry ? 'pending' : 'failed',
        error: `${outcome.statusCode ?? 'network error'}: ${outcome.message}`,
        nextAttemptAt: retry ? new Date(Date.now() + backoffMs(attempts)) : null,
      })
      .where(eq(emailOutbox.id, row.id));
    // Rate limited: the rest of this round would only be refused too.
    if (outcome.statusCode === 429) break;
  }
  return sent;
}

/** Polls the outbox in the background of the server process. */
export function startEmailSender(): () => void {
  const timer = setInterval(() => {
    deliverPendingEmails().catch((error) => log.error({ err: error }, 'e-mail sender failed'));
  }, POLL_MS);
  return () => clearInterval(timer);
}

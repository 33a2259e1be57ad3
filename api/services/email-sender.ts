// Delivers the e-mail outbox: through Resend when RESEND_API_KEY is set (idempotent per row), otherwise rows are
// marked 'dev' and stay readable in the table (development mode). An address that bounced or complained is never sent
// to (status 'suppressed'); a newsletter issue's rows go through the batch API, BATCH_SIZE a call; every call is paced
// to the account's rate and a 429's Retry-After pauses the whole sender (docs/decisions/0106).
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { Resend } from 'resend';
import { db } from '../../db/client';
import { emailOutbox, emailSuppressions } from '../../db/schema';
import { BATCH_SIZE } from '../../lib/newsletter';
import { retryAfterMs } from '../../lib/retry-after';
import { config } from '../config';
import { log } from '../log';

export const MAX_ATTEMPTS = 8;
const POLL_MS = 5000;
/** The pause between two calls to Resend: the account's rate limit (EMAIL_RATE_PER_SECOND). */
const sendIntervalMs = () => Math.ceil(1000 / config.emailRatePerSecond);
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
  /** A 429's Retry-After, in milliseconds. */
  retryAfterMs?: number;
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

type Row = typeof emailOutbox.$inferSelect;
/** The provider's ids of the rows sent, in their order, or why none was. */
type SendOutcome = { ids: string[] } | SendFailure;

/** What Resend takes for one row: its own headers (List-Unsubscribe, ...) on every send. */
function message(row: Row) {
  return {
    from: config.resend.from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
  };
}

/**
 * One batch call's Idempotency-Key (Resend takes one per call): the issue and the exact recipients' keys, so a batch
 * retried as it was is not sent twice, and a different set of rows is a different call.
 */
export function batchKey(issueId: number, rows: Pick<Row, 'id' | 'idempotencyKey'>[]): string {
  const keys = rows.map((row) => row.idempotencyKey ?? `outbox-${row.id}`).join('\n');
  return `issue-${issueId}-${createHash('sha256').update(keys).digest('hex').slice(0, 32)}`;
}

type Answer = {
  data: unknown;
  error: { statusCode?: unknown; message?: string } | null;
  headers?: Record<string, string> | null;
};

function outcomeOf({ data, error, headers }: Answer, ids: (data: unknown) => string[] | null): SendOutcome {
  const sent = data ? ids(data) : null;
  if (sent) return { ids: sent };
  const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : null;
  return {
    statusCode,
    message: error?.message ?? 'Unknown error',
    retryAfterMs: retryAfterMs(headers?.['retry-after']),
  };
}

/** One row alone, under its own Idempotency-Key (a digest row's `digest-{issueId}-{subscriberId}`, else the row's id). */
async function send(row: Row): Promise<SendOutcome> {
  try {
    const answer = await resend().emails.send(message(row), {
      idempotencyKey: row.idempotencyKey ?? `outbox-${row.id}`,
    });
    return outcomeOf(answer, (data) => {
      const id = (data as { id?: string }).id;
      return id ? [id] : null;
    });
  } catch (error) {
    return { statusCode: null, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Up to BATCH_SIZE rows of one issue in one call: all are sent or none (Resend's strict batch validation). */
async function sendBatch(issueId: number, rows: Row[]): Promise<SendOutcome> {
  try {
    const answer = await resend().batch.send(rows.map(message), { idempotencyKey: batchKey(issueId, rows) });
    return outcomeOf(answer, (data) => {
      const ids = (data as { data?: { id: string }[] }).data?.map((d) => d.id) ?? [];
      return ids.length === rows.length ? ids : null;
    });
  } catch (error) {
    return { statusCode: null, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The calls a round makes: a row alone, or up to BATCH_SIZE rows of one issue, in the order of their first row. */
function callsOf(rows: Row[]): { issueId: number | null; rows: Row[] }[] {
  const calls: { issueId: number | null; rows: Row[] }[] = [];
  const open = new Map<number, { issueId: number | null; rows: Row[] }>();
  for (const row of rows) {
    if (row.issueId === null) {
      calls.push({ issueId: null, rows: [row] });
      continue;
    }
    let call = open.get(row.issueId);
    if (!call || call.rows.length >= BATCH_SIZE) {
      call = { issueId: row.issueId, rows: [] };
      open.set(row.issueId, call);
      calls.push(call);
    }
    call.rows.push(row);
  }
  return calls;
}

/** Marks the rows to suppressed addresses (a bounce or a complaint) and answers the others: for every kind of e-mail. */
async function withoutSuppressed(rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const suppressed = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, [...new Set(rows.map((row) => row.to.toLowerCase()))]));
  if (suppressed.length === 0) return rows;
  const gone = new Set(suppressed.map((s) => s.email));
  const held = rows.filter((row) => gone.has(row.to.toLowerCase())).map((row) => row.id);
  await db
    .update(emailOutbox)
    .set({ status: 'suppressed', error: 'suppressed', nextAttemptAt: null })
    .where(inArray(emailOutbox.id, held));
  return rows.filter((row) => !gone.has(row.to.toLowerCase()));
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The round sending now, if any. */
let round: Promise<number> | null = null;
/** Set by a shutdown: the round ends after the row it is sending, and no round starts. */
let stopping = false;
/** Until then (epoch ms) nothing is sent: Resend answered 429 with a Retry-After. */
let pausedUntil = 0;

/**
 * Sends up to `limit` due e-mails, one call to Resend per `intervalMs` (a row alone, or a batch of an issue's rows);
 * returns how many were sent. A call made while a round is still running, or while a 429's Retry-After lasts, does
 * nothing (returns 0), so a row is never sent by two rounds at once.
 */
export async function deliverPendingEmails(limit = 20, intervalMs = sendIntervalMs()): Promise<number> {
  if (round || stopping || Date.now() < pausedUntil) return 0;
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
  const due = await db
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
  const rows = await withoutSuppressed(due);
  if (rows.length === 0) return 0;
  if (!emailConfigured()) {
    await db
      .update(emailOutbox)
      .set({ status: 'dev' })
      .where(
        inArray(
          emailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    return 0;
  }
  let sent = 0;
  for (const [i, call] of callsOf(rows).entries()) {
    if (i > 0) await pause(intervalMs);
    if (stopping) break;
    const outcome = call.issueId === null ? await send(call.rows[0]) : await sendBatch(call.issueId, call.rows);
    if ('ids' in outcome) {
      sent += call.rows.length;
      const sentAt = new Date();
      // A call's rows in one commit (a batch is up to BATCH_SIZE rows): each keeps its own attempts and provider id.
      await db.transaction(async (tx) => {
        for (const [j, row] of call.rows.entries())
          await tx
            .update(emailOutbox)
            .set({
              status: 'sent',
              attempts: row.attempts + 1,
              providerId: outcome.ids[j],
              sentAt,
              error: null,
              nextAttemptAt: null,
            })
            .where(eq(emailOutbox.id, row.id));
      });
      continue;
    }
    await recordFailure(call.rows, outcome);
    if (outcome.statusCode === 429) {
      // The account's limit is shared by every call: the whole sender waits as long as Resend asks.
      if (outcome.retryAfterMs !== undefined) pausedUntil = Date.now() + outcome.retryAfterMs;
      break;
    }
  }
  return sent;
}

/** A failed call's rows: tried again later (after Retry-After, or the backoff), or failed for good. */
async function recordFailure(rows: Row[], outcome: SendFailure): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const retry = isRetryable(outcome) && attempts < MAX_ATTEMPTS;
      const wait = outcome.retryAfterMs ?? backoffMs(attempts);
      await tx
        .update(emailOutbox)
        .set({
          attempts,
          status: retry ? 'pending' : 'failed',
          error: `${outcome.statusCode ?? 'network error'}: ${outcome.message}`,
          nextAttemptAt: retry ? new Date(Date.now() + wait) : null,
        })
        .where(eq(emailOutbox.id, row.id));
    }
  });
}

/** Polls the outbox in the background of the server process. */
export function startEmailSender(): () => void {
  const timer = setInterval(() => {
    // A round takes a digest's rows a full batch call at a time (BATCH_SIZE), not the default's twenty.
    deliverPendingEmails(BATCH_SIZE).catch((error) => log.error({ err: error }, 'e-mail sender failed'));
  }, POLL_MS);
  return () => clearInterval(timer);
}

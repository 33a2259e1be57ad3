// The outbox sender's newsletter side (docs/decisions/0106) against a local double of Resend's HTTP API: an issue's
// rows through the batch API (BATCH_SIZE a call, one Idempotency-Key per exact set of recipients), every row's
// headers, suppressed addresses never sent, and a 429's Retry-After pausing the whole sender.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { listLinks } from '../../api/newsletter/subscribers';
import { enqueueEmail, type Email } from '../../api/services/email';
import { batchKey, deliverPendingEmails } from '../../api/services/email-sender';
import { db } from '../../db/client';
import { emailOutbox, emailSuppressions, newsletterIssues } from '../../db/schema';
import { BATCH_SIZE } from '../../lib/newsletter';

interface Received {
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}
const received: Received[] = [];
/** What the double answers to the next requests, in order; once empty it accepts everything. */
const replies: ({ status: 429; retryAfter: string } | { status: 500 })[] = [];
let requests = 0;
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(request) {
      requests += 1;
      const reply = replies.shift();
      if (reply?.status === 429)
        return Response.json(
          { name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 },
          { status: 429, headers: { 'retry-after': reply.retryAfter } },
        );
      if (reply?.status === 500)
        return Response.json({ name: 'internal_server_error', message: 'Oops', statusCode: 500 }, { status: 500 });
      const path = new URL(request.url).pathname;
      const body = await request.json();
      received.push({ path, body, idempotencyKey: request.headers.get('idempotency-key') });
      if (path === '/emails/batch')
        return Response.json({ data: (body as unknown[]).map((_, i) => ({ id: `re_b${received.length}_${i}` })) });
      return Response.json({ id: `re_${received.length}` });
    },
  });
  process.env.RESEND_BASE_URL = `http://localhost:${server.port}`;
  config.resend.apiKey = 're_test_key';
});
afterAll(() => {
  config.resend.apiKey = '';
  server.stop(true);
});
beforeEach(async () => {
  received.length = 0;
  replies.length = 0;
  requests = 0;
  await db.delete(emailOutbox);
});

let issues = 0;
async function makeIssue(): Promise<number> {
  issues += 1;
  const [issue] = await db
    .insert(newsletterIssues)
    .values({ issueDate: `2026-12-${String(issues).padStart(2, '0')}`, periodStart: new Date(), periodEnd: new Date() })
    .returning();
  return issue.id;
}

const links = listLinks('manage-token-1');

/** A digest e-mail as the digest work makes it: the issue, a key per recipient and issue, the unsubscribe headers. */
const digestRow = (issueId: number, n: number): Email => ({
  to: `reader${n}@example.com`,
  subject: 'This week',
  text: 'Digest',
  html: '<p>Digest</p>',
  kind: 'newsletter-confirm',
  issueId,
  idempotencyKey: `digest-${issueId}-${n}`,
  headers: links.headers,
});

const outbox = () => db.select().from(emailOutbox).orderBy(emailOutbox.id);

describe('sending an issue through the batch API', () => {
  it(`sends at most ${BATCH_SIZE} e-mails a call, with each row's headers and one key per exact set of recipients`, async () => {
    const issueId = await makeIssue();
    for (let n = 0; n < 150; n += 1) await enqueueEmail(digestRow(issueId, n), db);
    expect(await deliverPendingEmails(1000, 0)).toBe(150);

    expect(received.map((r) => [r.path, (r.body as unknown[]).length])).toEqual([
      ['/emails/batch', 100],
      ['/emails/batch', 50],
    ]);
    const rows = await outbox();
    expect(received[0].idempotencyKey).toBe(batchKey(issueId, rows.slice(0, 100)));
    expect(received[1].idempotencyKey).toBe(batchKey(issueId, rows.slice(100)));
    expect(received[0].idempotencyKey).not.toBe(received[1].idempotencyKey);
    const first = (received[0].body as { to: string; headers: Record<string, string> }[])[0];
    expect(first.to).toBe('reader0@example.com');
    expect(first.headers).toEqual(links.headers);
    expect(rows.every((row) => row.status === 'sent' && row.providerId?.startsWith('re_b'))).toBe(true);
    // Each row keeps its own key (per recipient and issue), set by the digest.
    expect(rows[7].idempotencyKey).toBe(`digest-${issueId}-7`);
  });

  it('a failed batch is retried with the same key, so a batch that did go through is not sent twice', async () => {
    const issueId = await makeIssue();
    for (let n = 0; n < 3; n += 1) await enqueueEmail(digestRow(issueId, n), db);
    replies.push({ status: 500 });
    expect(await deliverPendingEmails(1000, 0)).toBe(0);
    expect((await outbox()).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    await db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverPendingEmails(1000, 0)).toBe(3);
    expect(received).toHaveLength(1);
    expect(received[0].idempotencyKey).toBe(batchKey(issueId, await outbox()));
  });

  it('a single e-mail carries its headers and its own idempotency key', async () => {
    await enqueueEmail(
      {
        to: 'one@example.com',
        subject: 'Alert',
        text: 'x',
        html: '<p>x</p>',
        kind: 'newsletter-confirm',
        headers: links.headers,
        idempotencyKey: 'alert-1-2026-12-01',
      },
      db,
    );
    expect(await deliverPendingEmails(10, 0)).toBe(1);
    expect(received[0].path).toBe('/emails');
    expect((received[0].body as { headers: Record<string, string> }).headers).toEqual(links.headers);
    expect(received[0].idempotencyKey).toBe('alert-1-2026-12-01');
  });

  it('never sends to a suppressed address, in a batch or alone', async () => {
    const issueId = await makeIssue();
    await db.insert(emailSuppressions).values({ email: 'reader1@example.com', reason: 'bounce', eventId: 'msg_1' });
    for (let n = 0; n < 3; n += 1) await enqueueEmail(digestRow(issueId, n), db);
    await enqueueEmail(
      { ...digestRow(issueId, 1), issueId: null, idempotencyKey: null, to: 'Reader1@example.com' },
      db,
    );
    expect(await deliverPendingEmails(10, 0)).toBe(2);
    expect((received[0].body as { to: string }[]).map((m) => m.to)).toEqual([
      'reader0@example.com',
      'reader2@example.com',
    ]);
    expect(received).toHaveLength(1);
    const rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(['sent', 'suppressed', 'sent', 'suppressed']);
    expect(rows[1].error).toBe('suppressed');
  });

  // Last: the sender stays paused for the Retry-After it was given.
  it("a 429's Retry-After pauses the whole sender that long and holds the rows until then", async () => {
    const issueId = await makeIssue();
    // Addresses no other test suppressed.
    for (let n = 10; n < 13; n += 1) await enqueueEmail(digestRow(issueId, n), db);
    await enqueueEmail({ ...digestRow(issueId, 19), issueId: null, idempotencyKey: null }, db);
    replies.push({ status: 429, retryAfter: '120' });
    const before = Date.now();
    expect(await deliverPendingEmails(10, 0)).toBe(0);
    // The round stopped at the 429: the single e-mail behind the batch was not tried.
    expect(requests).toBe(1);
    const rows = await outbox();
    for (const row of rows.slice(0, 3)) {
      expect(row.status).toBe('pending');
      expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    }
    expect(rows[3].attempts).toBe(0);
    // Due or not, nothing is sent while the pause lasts.
    await db.update(emailOutbox).set({ nextAttemptAt: null }).where(eq(emailOutbox.issueId, issueId));
    expect(await deliverPendingEmails(10, 0)).toBe(0);
    expect(requests).toBe(1);
  });
});

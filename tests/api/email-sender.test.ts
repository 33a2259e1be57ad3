// The outbox sender: Resend's HTTP API answered by a local double; development mode keeps rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { config } from '../../api/config';
import { toolApprovedEmail } from '../../api/emails';
import { enqueueEmail } from '../../api/services/email';
import { MAX_ATTEMPTS, backoffMs, deliverPendingEmails } from '../../api/services/email-sender';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';

const received: { body: Record<string, unknown>; idempotencyKey: string | null; auth: string | null }[] = [];
/** What the double answers to the next requests, in order; once empty it accepts every e-mail. */
const replies: ('429' | '422' | '500')[] = [];
let requests = 0;
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(request) {
      requests += 1;
      const reply = replies.shift();
      if (reply === '422')
        return Response.json(
          { name: 'validation_error', message: 'Invalid `to` field', statusCode: 422 },
          { status: 422 },
        );
      if (reply === '429')
        return Response.json(
          { name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 },
          { status: 429 },
        );
      if (reply === '500')
        return Response.json(
          { name: 'internal_server_error', message: 'Internal server error', statusCode: 500 },
          { status: 500 },
        );
      received.push({
        body: await request.json(),
        idempotencyKey: request.headers.get('idempotency-key'),
        auth: request.headers.get('authorization'),
      });
      return Response.json({ id: `re_${received.length}` });
    },
  });
  process.env.RESEND_BASE_URL = `http://localhost:${server.port}`;
});
afterAll(() => server.stop(true));
beforeEach(async () => {
  received.length = 0;
  replies.length = 0;
  requests = 0;
  await db.delete(emailOutbox);
});

/** Moves a row's next attempt into the past, as if its backoff had elapsed. */
async function backoffElapses(id: number) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(emailOutbox.id, id));
}

const mail = (to = 'owner@example.com') =>
  toolApprovedEmail({ email: to, firstName: 'Ada' }, { name: '<Acme>', slug: 'acme' });

describe('e-mail outbox', () => {
  it('escapes text in the HTML body', async () => {
    const email = await mail();
    expect(email.html).toContain('&lt;Acme&gt;');
    expect(email.text).toContain('<Acme>');
  });

  it('keeps e-mails in the outbox in development mode', async () => {
    config.resend.apiKey = '';
    await enqueueEmail(await mail(), db);
    expect(await deliverPendingEmails()).toBe(0);
    const [row] = await db.select().from(emailOutbox);
    expect(row.status).toBe('dev');
    expect(received).toHaveLength(0);
  });

  it('sends through Resend with an idempotency key and records the provider id', async () => {
    config.resend.apiKey = 're_test_key';
    await enqueueEmail(await mail(), db);
    expect(await deliverPendingEmails()).toBe(1);
    expect(received[0].auth).toBe('Bearer re_test_key');
    expect(received[0].body).toMatchObject({ to: 'owner@example.com', subject: '<Acme> is now live in the directory' });
    const [row] = await db.select().from(emailOutbox);
    expect(received[0].idempotencyKey).toBe(`outbox-${row.id}`);
    expect(row).toMatchObject({ status: 'sent', providerId: 're_1', attempts: 1 });
    expect(await deliverPendingEmails()).toBe(0); // nothing sent twice
  });

  it('sends the Reply-To an e-mail names, and none when it names none', async () => {
    config.resend.apiKey = 're_test_key';
    await enqueueEmail({ ...(await mail()), replyTo: 'visitor@example.com' }, db);
    await enqueueEmail(await mail(), db);
    expect(await deliverPendingEmails(2, 0)).toBe(2);
    expect(received[0].body).toMatchObject({ reply_to: 'visitor@example.com' });
    expect(received[1].body).not.toHaveProperty('reply_to');
  });

  it('delivers a templated e-mail whole: the rendered HTML and the plain text both reach Resend', async () => {
    config.resend.apiKey = 're_test_key';
    const email = await mail();
    await enqueueEmail(email, db);
    expect(await deliverPendingEmails()).toBe(1);
    const body = received[0].body as { html: string; text: string };
    expect(body.html).toBe(email.html);
    expect(body.text).toBe(email.text);
    expect(body.html).toMatch(/^<!DOCTYPE html/);
    expect(body.html).toContain(`href="${config.siteUrl}/tool/acme"`);
    expect(body.text).toContain(`${config.siteUrl}/tool/acme`);
    expect(body.text).not.toContain('<p');
  });

  it('fails an e-mail Resend rejects as invalid at once', async () => {
    config.resend.apiKey = 're_test_key';
    replies.push('422');
    await enqueueEmail(await mail(), db);
    expect(await deliverPendingEmails()).toBe(0);
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(row.error).toContain('Invalid `to` field');
    await backoffElapses(row.id);
    await deliverPendingEmails();
    expect(requests).toBe(1);
  });

  it('keeps a rate-limited e-mail pending and retries it only after its backoff', async () => {
    config.resend.apiKey = 're_test_key';
    replies.push('429');
    await enqueueEmail(await mail(), db);
    const before = Date.now();
    expect(await deliverPendingEmails()).toBe(0);
    let [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toContain('Too many requests');
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1));

    expect(await deliverPendingEmails()).toBe(0); // not due yet
    expect(requests).toBe(1);

    await backoffElapses(row.id);
    expect(await deliverPendingEmails()).toBe(1);
    [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerId: 're_1', error: null, nextAttemptAt: null });
    expect(received[0].idempotencyKey).toBe(`outbox-${row.id}`);
  });

  it('stops the round at a 429 and leaves the later e-mails for the next one', async () => {
    config.resend.apiKey = 're_test_key';
    replies.push('429');
    await enqueueEmail(await mail(), db);
    await enqueueEmail(await mail('second@example.com'), db);
    expect(await deliverPendingEmails(20, 0)).toBe(0);
    expect(requests).toBe(1);
    const rows = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(await deliverPendingEmails(20, 0)).toBe(1); // the untried one is due at once
    expect(received[0].body).toMatchObject({ to: 'second@example.com' });
  });

  it('retries a network error and server errors with growing backoff, and gives up after the last attempt', async () => {
    config.resend.apiKey = 're_test_key';
    replies.push(...Array<'500'>(MAX_ATTEMPTS - 1).fill('500'));
    await enqueueEmail(await mail(), db);
    const waits: number[] = [];
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const before = Date.now();
      if (i === 1) {
        // The first try never reaches Resend: the network is down.
        const realFetch = globalThis.fetch;
        globalThis.fetch = Object.assign(() => Promise.reject(new TypeError('fetch failed')), realFetch);
        try {
          await deliverPendingEmails();
        } finally {
          globalThis.fetch = realFetch;
        }
      } else {
        await deliverPendingEmails();
      }
      const [row] = await db.select().from(emailOutbox);
      expect(row.attempts).toBe(i);
      if (i === 1) expect(row.error).toContain('network error');
      if (i < MAX_ATTEMPTS) {
        expect(row.status).toBe('pending');
        waits.push(row.nextAttemptAt!.getTime() - before);
        await backoffElapses(row.id);
      } else {
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null });
        expect(row.error).toContain('Internal server error');
      }
    }
    expect(requests).toBe(MAX_ATTEMPTS - 1);
    expect(received).toHaveLength(0);
    // Each wait is at least the one before, doubling from 30 s up to the 1 h cap.
    expect(waits[0]).toBeGreaterThanOrEqual(30_000);
    expect(waits.every((w, i) => i === 0 || w >= waits[i - 1])).toBe(true);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('never sends a row twice when rounds are called while one is running', async () => {
    config.resend.apiKey = 're_test_key';
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await enqueueEmail(await mail(to), db);
    const counts = await Promise.all([
      deliverPendingEmails(20, 50),
      deliverPendingEmails(20, 50),
      deliverPendingEmails(20, 50),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(received.map((r) => r.idempotencyKey).sort()).toEqual(
      [...new Set(received.map((r) => r.idempotencyKey))].sort(),
    );
    expect(received).toHaveLength(3);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists the newest e-mails with their bodies in development mode, and nothing once a provider key is set', async () => {
    const { cookie } = await signedIn({ password: 'not-a-hash', role: 'admin' });
    config.resend.apiKey = '';
    await enqueueEmail(await mail('first@example.com'), db);
    await enqueueEmail(await mail('second@example.com'), db);
    const res = await call('GET', '/api/admin/outbox', { cookie });
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows.map((r: { to: string }) => r.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(rows[0]).toMatchObject({
      kind: 'tool-approved',
      status: 'pending',
      subject: '<Acme> is now live in the directory',
    });
    expect(rows[0].html).toContain('&lt;Acme&gt;');
    expect(rows[0].text).toContain('<Acme>');

    config.resend.apiKey = 're_test_key';
    const live = await call('GET', '/api/admin/outbox', { cookie });
    expect(live.status).toBe(404);
    expect(await live.text()).toBe(MSG.outboxDevelopmentOnly);
  });
});

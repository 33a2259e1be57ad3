// The outbox sender: Resend's HTTP API answered by a local double; development mode keeps rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { enqueueEmail, simpleEmail } from '../../api/services/email';
import { MAX_ATTEMPTS, deliverPendingEmails } from '../../api/services/email-sender';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';

const received: { body: Record<string, unknown>; idempotencyKey: string | null; auth: string | null }[] = [];
let failNext = false;
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(request) {
      if (failNext) return Response.json({ name: 'validation_error', message: 'Invalid `to` field', statusCode: 422 }, { status: 422 });
      received.push({ body: await request.json(), idempotencyKey: request.headers.get('idempotency-key'), auth: request.headers.get('authorization') });
      return Response.json({ id: `re_${received.length}` });
    },
  });
  process.env.RESEND_BASE_URL = `http://localhost:${server.port}`;
});
afterAll(() => server.stop(true));
beforeEach(async () => {
  received.length = 0;
  failNext = false;
  await db.delete(emailOutbox);
});

const mail = () => simpleEmail('owner@example.com', 'tool-approved', 'Your tool is live', ['Good news: <Acme> is approved.']);

describe('e-mail outbox', () => {
  it('escapes text in the HTML body', () => {
    expect(mail().html).toContain('&lt;Acme&gt;');
    expect(mail().text).toContain('<Acme>');
  });

  it('keeps e-mails in the outbox in development mode', async () => {
    config.resend.apiKey = '';
    await enqueueEmail(mail());
    expect(await deliverPendingEmails()).toBe(0);
    const [row] = await db.select().from(emailOutbox);
    expect(row.status).toBe('dev');
    expect(received).toHaveLength(0);
  });

  it('sends through Resend with an idempotency key and records the provider id', async () => {
    config.resend.apiKey = 're_test_key';
    await enqueueEmail(mail());
    expect(await deliverPendingEmails()).toBe(1);
    expect(received[0].auth).toBe('Bearer re_test_key');
    expect(received[0].body).toMatchObject({ to: 'owner@example.com', subject: 'Your tool is live' });
    const [row] = await db.select().from(emailOutbox);
    expect(received[0].idempotencyKey).toBe(`outbox-${row.id}`);
    expect(row).toMatchObject({ status: 'sent', providerId: 're_1', attempts: 1 });
    expect(await deliverPendingEmails()).toBe(0); // nothing sent twice
  });

  it('retries a failed send and gives up after the last attempt', async () => {
    config.resend.apiKey = 're_test_key';
    failNext = true;
    await enqueueEmail(mail());
    for (let i = 0; i < MAX_ATTEMPTS; i++) await deliverPendingEmails();
    const [row] = await db.select().from(emailOutbox);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.error).toContain('Invalid `to` field');
  });
});

// Delivers the e-mail outbox: through Resend when RESEND_API_KEY is set (idempotent per row),
// otherwise rows are marked 'dev' and stay readable in the table (development mode).
import { and, eq, lt } from 'drizzle-orm';
import { Resend } from 'resend';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { config } from '../config';

export const MAX_ATTEMPTS = 5;
const POLL_MS = 5000;

export function emailConfigured(): boolean {
  return Boolean(config.resend.apiKey);
}

let client: Resend | undefined;
function resend(): Resend {
  // RESEND_BASE_URL (read by the SDK) points it at a local double in tests.
  client ??= new Resend(config.resend.apiKey);
  return client;
}

/** Sends up to `limit` pending e-mails; returns how many were sent. */
export async function deliverPendingEmails(limit = 20): Promise<number> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(emailOutbox.id)
    .limit(limit);
  if (rows.length === 0) return 0;
  if (!emailConfigured()) {
    for (const row of rows) await db.update(emailOutbox).set({ status: 'dev' }).where(eq(emailOutbox.id, row.id));
    return 0;
  }
  let sent = 0;
  for (const row of rows) {
    const { data, error } = await resend().emails.send(
      { from: config.resend.from, to: row.to, subject: row.subject, html: row.html, text: row.text },
      { idempotencyKey: `outbox-${row.id}` },
    );
    const attempts = row.attempts + 1;
    if (data?.id) {
      sent += 1;
      await db.update(emailOutbox).set({ status: 'sent', attempts, providerId: data.id, sentAt: new Date(), error: null }).where(eq(emailOutbox.id, row.id));
    } else {
      await db
        .update(emailOutbox)
        .set({ attempts, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', error: error?.message ?? 'Unknown error' })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return sent;
}

/** Polls the outbox in the background of the server process. */
export function startEmailSender(): () => void {
  const timer = setInterval(() => {
    deliverPendingEmails().catch((error) => console.error('e-mail sender:', error));
  }, POLL_MS);
  return () => clearInterval(timer);
}

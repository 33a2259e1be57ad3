// Resend's webhook (docs/decisions/0106): a hard bounce or a complaint suppresses the address for every kind of e-mail
// (api/services/email-sender.ts) and unsubscribes it. The signature (Standard Webhooks, as Resend signs) is checked
// over the raw body; without a secret nothing is accepted.
import { Resend } from 'resend';
import { db } from '../../db/client';
import { emailSuppressions } from '../../db/schema';
import type { SuppressionReason } from '../../lib/newsletter';
import { config } from '../config';
import { HttpError } from '../plugins/errors';
import { unsubscribeAddress } from './preferences';

/** What is read of an event: its type, recipients and, for a bounce, whether it is permanent. */
interface ResendEvent {
  type: string;
  data?: { to?: string[] | string; bounce?: { type?: string } };
}

/** Checks the signature over the exact bytes; the event and its delivery id (svix-id), or 400/503. */
export function verifyResendEvent(payload: string, headers: Headers): { event: ResendEvent; deliveryId: string } {
  if (!config.resend.webhookSecret) throw new HttpError(503, 'Resend webhooks are not configured');
  // Resend sends the Standard Webhooks headers under svix-* names; accept the standard names too.
  const header = (name: string) => headers.get(`svix-${name}`) ?? headers.get(`webhook-${name}`) ?? '';
  const signed = { id: header('id'), timestamp: header('timestamp'), signature: header('signature') };
  if (!signed.id || !signed.timestamp || !signed.signature)
    throw new HttpError(400, 'Missing webhook signature headers');
  try {
    // The verification needs no API key; the SDK's client wants one to be made.
    const verifier = new Resend(config.resend.apiKey || 're_verify_only').webhooks;
    const event = verifier.verify({ payload, headers: signed, webhookSecret: config.resend.webhookSecret });
    return { event: event as ResendEvent, deliveryId: signed.id };
  } catch {
    throw new HttpError(400, 'Invalid webhook signature');
  }
}

/** Why an event stops sending to its recipients: a permanent bounce, a complaint; null for every other event. */
function reasonOf(event: ResendEvent): SuppressionReason | null {
  if (event.type === 'email.complained') return 'complaint';
  if (event.type === 'email.bounced' && event.data?.bounce?.type === 'Permanent') return 'bounce';
  return null;
}

/**
 * Suppresses the event's recipients and unsubscribes them, once: an address already suppressed (a redelivery of the
 * same event, or an earlier one) changes nothing. Answers whether anything was new.
 */
export async function handleResendEvent(event: ResendEvent, deliveryId: string, now: Date): Promise<boolean> {
  const reason = reasonOf(event);
  if (!reason) return false;
  const to = event.data?.to;
  const recipients = [...new Set((Array.isArray(to) ? to : to ? [to] : []).map((a) => a.trim().toLowerCase()))];
  return db.transaction(async (tx) => {
    let changed = false;
    for (const email of recipients.filter(Boolean)) {
      const added = await tx
        .insert(emailSuppressions)
        .values({ email, reason, eventId: deliveryId, createdAt: now })
        .onConflictDoNothing()
        .returning({ email: emailSuppressions.email });
      if (added.length === 0) continue;
      changed = true;
      await unsubscribeAddress(tx, email, now);
    }
    return changed;
  });
}

// The contact form's messages: stored, e-mailed to the team and confirmed to the sender in one transaction, and the
// admin's Messages tab (docs/decisions/0056-contact-messages.md).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db } from '../../db/client';
import { contactMessages, users, type User } from '../../db/schema';
import { contactEmails } from '../../lib/contact';
import type { AdminContactMessage, ContactInput, ContactSent, PageQuery } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { personColumns, personOf } from '../admin/shared';
import { config } from '../config';
import { contactConfirmationEmail, contactReceivedEmail } from '../emails';
import { notFound } from '../plugins/errors';
import { enqueueEmail } from '../services/email';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';

/**
 * Stores a message and queues both e-mails atomically. Priority is the server's call: a signed-in Premium member's
 * message, whatever the form says. Counted per address before anything is rendered or written.
 */
export async function sendContactMessage(input: ContactInput, sender: User | null, ip: string): Promise<ContactSent> {
  await requireAttempt([rateKey('contact-address', addressBucket(ip))], MSG.contactTooMany);
  const priority = Boolean(sender?.isPremium);
  const details = { ...input, priority };
  const [toTeam, toSender] = await Promise.all([
    contactReceivedEmail(contactEmails(config.siteUrl).support, details),
    contactConfirmationEmail(details),
  ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, priority, userId: sender?.id ?? null })
      .returning({ id: contactMessages.id });
    await enqueueEmail(toTeam, tx);
    await enqueueEmail(toSender, tx);
    return { id: row.id, priority };
  });
}

const handler = alias(users, 'handler');

/** A page of the messages, open before handled, priority first, newest first; `more`: a later page has messages. */
export async function listContactMessages({
  limit,
  offset,
}: PageQuery): Promise<{ messages: AdminContactMessage[]; more: boolean }> {
  const rows = await db
    .select({ message: contactMessages, handler: personColumns(handler) })
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledById))
    .orderBy(
      sql`${contactMessages.handledAt} is not null`,
      desc(contactMessages.priority),
      desc(contactMessages.createdAt),
      desc(contactMessages.id),
    )
    .limit(limit + 1)
    .offset(offset);
  const messages = rows.slice(0, limit).map(({ message: { handledById: _, managerId: __, ...message }, handler }) => ({
    ...message,
    handledBy: personOf(handler),
  }));
  return { messages, more: rows.length > limit };
}

/** Marks a message handled by the actor; marking it again keeps who handled it first. */
export async function markContactMessageHandled(id: number, actorId: number): Promise<AdminContactMessage> {
  await db
    .update(contactMessages)
    .set({ handledAt: new Date(), handledById: actorId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
  const [row] = await db
    .select({ message: contactMessages, handler: personColumns(handler) })
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledById))
    .where(eq(contactMessages.id, id));
  if (!row) throw notFound(MSG.contactMessageNotFound);
  const { handledById: _, managerId: __, ...message } = row.message;
  return { ...message, handledBy: personOf(row.handler) };
}

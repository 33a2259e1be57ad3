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
import { contactConfirmationEmail, contactReceivedEmail, managerMessageEmail } from '../emails';
import { forbidden, notFound } from '../plugins/errors';
import { enqueueEmail } from '../services/email';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';

/**
 * Stores a message and queues both e-mails atomically. Priority is the server's call: a signed-in Premium member's
 * message, whatever the form says. Counted per address before anything is rendered or written. With `manager` (a
 * Premium member writing to their account manager, docs/decisions/0110) the message is theirs to answer first: it
 * names them, and they get it by e-mail as well as the team.
 */
export async function sendContactMessage(
  input: ContactInput,
  sender: User | null,
  ip: string,
  manager: Pick<User, 'id' | 'email' | 'firstName'> | null = null,
): Promise<ContactSent> {
  await requireAttempt([rateKey('contact-address', addressBucket(ip))], MSG.contactTooMany);
  const priority = Boolean(sender?.isPremium);
  const details = { ...input, priority };
  const [toTeam, toSender, toManager] = await Promise.all([
    contactReceivedEmail(contactEmails(config.siteUrl).support, details),
    contactConfirmationEmail(details),
    manager &&
      managerMessageEmail(manager.email, {
        managerFirstName: manager.firstName,
        name: input.name,
        email: input.email,
        message: input.message,
      }),
  ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, priority, userId: sender?.id ?? null, managerId: manager?.id ?? null })
      .returning({ id: contactMessages.id });
    await enqueueEmail(toTeam, tx);
    await enqueueEmail(toSender, tx);
    if (toManager) await enqueueEmail(toManager, tx);
    return { id: row.id, priority };
  });
}

const handler = alias(users, 'handler');

const manager = alias(users, 'manager');

/** Who reads the Messages tab: `all` (manage:messages) sees every message, else only those assigned to them. */
export interface MessagesViewer {
  id: number;
  all: boolean;
}

const messageColumns = { message: contactMessages, handler: personColumns(handler), manager: personColumns(manager) };

function messageOf(
  row: {
    message: typeof contactMessages.$inferSelect;
    handler: Parameters<typeof personOf>[0];
    manager: Parameters<typeof personOf>[0];
  },
  viewer: MessagesViewer,
): AdminContactMessage {
  const { handledById: _, managerId, ...message } = row.message;
  return {
    ...message,
    handledBy: personOf(row.handler),
    manager: personOf(row.manager),
    assignedToYou: managerId === viewer.id,
  };
}

/**
 * A page of the messages, open before handled, then those assigned to the viewer (an account manager's members'),
 * priority first, newest first; `more`: a later page has messages. A viewer without `all` sees only their assigned.
 */
export async function listContactMessages(
  { limit, offset }: PageQuery,
  viewer: MessagesViewer,
): Promise<{ messages: AdminContactMessage[]; more: boolean }> {
  const rows = await db
    .select(messageColumns)
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledById))
    .leftJoin(manager, eq(manager.id, contactMessages.managerId))
    .where(viewer.all ? undefined : eq(contactMessages.managerId, viewer.id))
    .orderBy(
      sql`${contactMessages.handledAt} is not null`,
      sql`coalesce(${contactMessages.managerId} = ${viewer.id}, 0) desc`,
      desc(contactMessages.priority),
      desc(contactMessages.createdAt),
      desc(contactMessages.id),
    )
    .limit(limit + 1)
    .offset(offset);
  const messages = rows.slice(0, limit).map((row) => messageOf(row, viewer));
  return { messages, more: rows.length > limit };
}

/** Marks a message handled by the actor; marking it again keeps who handled it first. A viewer who does not see all
 * may mark only the messages assigned to them (403 for another's). */
export async function markContactMessageHandled(id: number, viewer: MessagesViewer): Promise<AdminContactMessage> {
  const found = await db.query.contactMessages.findFirst({
    where: eq(contactMessages.id, id),
    columns: { managerId: true },
  });
  if (!found) throw notFound(MSG.contactMessageNotFound);
  if (!viewer.all && found.managerId !== viewer.id) throw forbidden(MSG.forbidden);
  await db
    .update(contactMessages)
    .set({ handledAt: new Date(), handledById: viewer.id })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
  const [row] = await db
    .select(messageColumns)
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledById))
    .leftJoin(manager, eq(manager.id, contactMessages.managerId))
    .where(eq(contactMessages.id, id));
  return messageOf(row, viewer);
}

// The contact form (POST /api/contact), the admin's Messages tab and the development outbox list in Settings.
import { z } from 'zod';
import { CONTACT_TOPICS } from '../contact';
import { MSG } from '../messages';
import { idParamsSchema, personSchema, timestampSchema } from './common';

export { contactSchema, type ContactInput } from '../schemas';

export const contactMessageParamsSchema = idParamsSchema(MSG.contactMessageNotFound);

/** POST /api/contact's answer: whether the team sees the message as priority (a Premium member's). */
export const contactSentSchema = z.strictObject({ id: z.number().int(), priority: z.boolean() });
export type ContactSent = z.infer<typeof contactSentSchema>;

/** A message in the Messages tab. */
export const adminContactMessageSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  priority: z.boolean(),
  /** The account it was sent from, when signed in. */
  userId: z.number().int().nullable(),
  createdAt: timestampSchema,
  handledAt: timestampSchema.nullable(),
  handledBy: personSchema.nullable(),
  /** The sender's account manager when it was sent to them directly (docs/decisions/0110). */
  manager: personSchema.nullable(),
  /** Sent to the viewer as the sender's account manager: theirs to answer first. */
  assignedToYou: z.boolean(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

/** An outbox row as Settings shows it in development mode: what was written, to whom, and the bodies to preview. */
export const outboxEmailSchema = z.strictObject({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: timestampSchema,
  html: z.string(),
  text: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

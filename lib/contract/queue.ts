// The review queue's calls (docs/decisions/0104): where a member's pending submissions stand and why their rejected ones
// were rejected (GET /api/user/tools/queue), the editors' view of the same order (GET /api/admin/tools/pending/queue)
// and asking a submitter for changes. New calls, so the spec's tool and pending-list answers keep their shape.
import { z } from 'zod';
import { REJECTION_CODES } from '../review-queue';
import { requestChangesSchema } from '../schemas';
import { timestampSchema } from './common';

export { requestChangesSchema };

/** Asked for changes: when and what; both null while the editors have asked for nothing. */
const changesRequestedFields = {
  changesRequestedAt: timestampSchema.nullable(),
  changesRequestedNote: z.string().nullable(),
};

/** One pending submission of the member's: its place (1-based) in the one queue and when to expect a decision. */
const queuedToolSchema = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  isPremium: z.boolean(),
  /** Null when the editors' pace gives no honest date: the page says "within 48 hours" then. */
  expectedBy: timestampSchema.nullable(),
  ...changesRequestedFields,
});
export type QueuedTool = z.infer<typeof queuedToolSchema>;

/** One rejected submission of the member's: the reason from the list, and whether and how to resubmit. */
const rejectedToolReasonSchema = z.strictObject({
  id: z.number().int(),
  code: z.enum(REJECTION_CODES),
  label: z.string(),
  resubmit: z.boolean(),
  advice: z.string(),
});
export type RejectedToolReason = z.infer<typeof rejectedToolReasonSchema>;

/** GET /api/user/tools/queue. */
export const userQueueSchema = z.strictObject({
  /** How many submissions await review, everyone's. */
  queueLength: z.number().int(),
  pending: z.array(queuedToolSchema),
  rejected: z.array(rejectedToolReasonSchema),
});
export type UserQueue = z.infer<typeof userQueueSchema>;

/** GET /api/admin/tools/pending/queue: per pending tool, its place, Premium, and the changes asked for. */
export const adminQueueEntrySchema = z.strictObject({
  toolId: z.number().int(),
  position: z.number().int(),
  isPremium: z.boolean(),
  ...changesRequestedFields,
});
export type AdminQueueEntry = z.infer<typeof adminQueueEntrySchema>;

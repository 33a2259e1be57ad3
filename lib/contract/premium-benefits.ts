// The Premium benefits that are sold (docs/decisions/0110): a member's featured slots in the digest, early-access
// flags, the account manager and the direct message to them, and the admin Premium tab's calls.
import { z } from 'zod';
import { ENGAGE_MSG } from '../engagement-messages';
import { FEATURE_FLAGS, FLAG_AUDIENCES } from '../feature-flags';
import { contactSchema } from '../schemas';
import { idParamsSchema, timestampSchema } from './common';
import { PLANS } from './premium';

const issueDateSchema = z.string(ENGAGE_MSG.slotNotAnIssue).regex(/^\d{4}-\d{2}-\d{2}$/, ENGAGE_MSG.slotNotAnIssue);

/** One of the member's featured slots: the coming ones can be moved or cancelled until `locksAt`. */
export const memberSlotSchema = z.strictObject({
  id: z.number().int(),
  issueDate: z.string(),
  toolId: z.number().int(),
  toolName: z.string(),
  toolSlug: z.string(),
  sendsAt: timestampSchema,
  locksAt: timestampSchema,
  /** Its issue has been sent: `clicks` is what the slot brought. */
  sent: z.boolean(),
  clicks: z.number().int(),
});
export type MemberSlot = z.infer<typeof memberSlotSchema>;

/** A coming issue on the member's calendar. */
const calendarIssueSchema = z.strictObject({
  issueDate: z.string(),
  sendsAt: timestampSchema,
  locksAt: timestampSchema,
  /** Slots booked in it by anyone, of SLOTS_PER_ISSUE. */
  booked: z.number().int(),
  full: z.boolean(),
  /** Past its lock: nothing can be booked, moved or cancelled there any more. */
  locked: z.boolean(),
  /** How many of this quarter's allowance are already used (the quarter of this issue). */
  quarterUsed: z.number().int(),
});

/** GET /api/premium/slots: the calendar of coming issues, the member's slots (coming and sent), their tools. */
export const slotCalendarSchema = z.strictObject({
  plan: z.enum(PLANS).nullable(),
  /** Slots per calendar quarter on the member's plan. */
  allowance: z.number().int(),
  perIssue: z.number().int(),
  issues: z.array(calendarIssueSchema),
  slots: z.array(memberSlotSchema),
  tools: z.array(z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
export type SlotCalendar = z.infer<typeof slotCalendarSchema>;

export const bookSlotSchema = z.object({
  toolId: z.number(ENGAGE_MSG.slotToolNotFound).int(ENGAGE_MSG.slotToolNotFound).positive(ENGAGE_MSG.slotToolNotFound),
  issueDate: issueDateSchema,
});
export type BookSlotInput = z.infer<typeof bookSlotSchema>;

export const moveSlotSchema = z.object({ issueDate: issueDateSchema });
export const slotParamsSchema = idParamsSchema(ENGAGE_MSG.slotNotFound);
export const featuredClickParamsSchema = z.object({ slotId: z.string() });

/** GET /api/early-access: which early-access features are on for the viewer (decided on the server). */
export const earlyAccessSchema = z.strictObject({ flags: z.record(z.enum(FEATURE_FLAGS), z.boolean()) });

/** The member's account manager: a first name only (staff addresses stay inside). */
export const accountManagerSchema = z.strictObject({
  manager: z.strictObject({ firstName: z.string() }).nullable(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;

/** The direct message to the account manager: the contact form's message rules. */
export const managerMessageSchema = contactSchema.pick({ message: true });
export type ManagerMessageInput = z.infer<typeof managerMessageSchema>;

// --- the admin Premium tab ---

export const adminFlagSchema = z.strictObject({
  key: z.enum(FEATURE_FLAGS),
  label: z.string(),
  audience: z.enum(FLAG_AUDIENCES),
});
export type AdminFlag = z.infer<typeof adminFlagSchema>;

const personRef = z.strictObject({ id: z.number().int(), name: z.string() });

export const adminPremiumMemberSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(PLANS).nullable(),
  accountManager: personRef.nullable(),
  /** Their booked slots in coming issues. */
  comingSlots: z.number().int(),
});
export type AdminPremiumMember = z.infer<typeof adminPremiumMemberSchema>;

/** GET /api/admin/premium: the flags, the Premium members with their managers, the staff who can be one. */
export const adminPremiumSchema = z.strictObject({
  flags: z.array(adminFlagSchema),
  members: z.array(adminPremiumMemberSchema),
  staff: z.array(personRef),
});
export type AdminPremium = z.infer<typeof adminPremiumSchema>;

export const flagParamsSchema = z.object({ key: z.enum(FEATURE_FLAGS, ENGAGE_MSG.flagUnknown) });
export const setFlagSchema = z.object({
  audience: z.enum(FLAG_AUDIENCES, 'Audience must be off, premium or everyone'),
});
export const memberParamsSchema = idParamsSchema(ENGAGE_MSG.memberNotFound);
export const setAccountManagerSchema = z.object({
  managerId: z.number(ENGAGE_MSG.managerNotStaff).int(ENGAGE_MSG.managerNotStaff).positive().nullable(),
});

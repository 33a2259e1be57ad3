// The account settings page's own calls (docs/decisions/0096): the name and avatar, the signed-in devices, and
// "Download my data". Its answers are new shapes; GET /api/user keeps its own.
import { z } from 'zod';
import { CONTACT_TOPICS } from '../contact';
import { PLANS } from './premium';
import { registerSchema } from '../schemas';
import { timestampSchema } from './common';
import { userChangeRequestSchema } from './submissions';
import { toolRecordSchema } from './tools';
import { accountFields } from './user';

/** POST /api/account/profile: the name, with registration's rules (decision 0025); an empty name is no name. */
export const profileSchema = registerSchema.pick({ firstName: true, lastName: true });
export type ProfileInput = z.infer<typeof profileSchema>;

/** POST /api/account/avatar: one image, checked and re-encoded like a logo. */
export const avatarFormSchema = z.object({ image: z.instanceof(Blob) });

/** A signed-in device as the account's list shows it: never its token. */
export const deviceSessionSchema = z.strictObject({
  /** An opaque handle (the start of the stored hash), for "Sign out". */
  id: z.string(),
  /** Browser and system from the user agent, e.g. "Firefox 131 on Windows". */
  device: z.string(),
  startedAt: timestampSchema,
  /** To the hour: sessions note their use at most hourly. */
  lastUsedAt: timestampSchema.nullable(),
  /** The browser asking. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** POST /api/account/sessions/:id/sign-out: the device's handle as GET /api/account/sessions gave it. */
export const deviceParamsSchema = z.object({ id: z.string().max(64) });

/** How many devices a sign-out ended. */
export const signedOutSchema = z.strictObject({ signedOut: z.number().int() });

/** GET /api/account/data: the file "Download my data" saves; never a password, secret, code or token. */
export const accountDataSchema = z.strictObject({
  exportedAt: timestampSchema,
  account: z.strictObject({
    ...accountFields,
    emailVerifiedAt: timestampSchema.nullable(),
    hasPassword: z.boolean(),
    signsInWithGoogle: z.boolean(),
    twoFactorEnabledAt: timestampSchema.nullable(),
    premiumPlan: z.enum(PLANS).nullable(),
    premiumUntil: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  }),
  tools: z.array(toolRecordSchema),
  changeRequests: z.array(userChangeRequestSchema),
  contactMessages: z.array(
    z.strictObject({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      topic: z.enum(CONTACT_TOPICS),
      message: z.string(),
      createdAt: timestampSchema,
      handledAt: timestampSchema.nullable(),
    }),
  ),
  subscriptions: z.array(
    z.strictObject({
      status: z.string(),
      plan: z.enum(PLANS).nullable(),
      currentPeriodEnd: timestampSchema.nullable(),
      cancelAtPeriodEnd: z.boolean(),
      endedAt: timestampSchema.nullable(),
      updatedAt: timestampSchema,
    }),
  ),
  /** Daily views and clicks of the account's tools. */
  metrics: z.array(
    z.strictObject({ toolId: z.number().int(), day: z.string(), views: z.number().int(), clicks: z.number().int() }),
  ),
  sessions: z.array(deviceSessionSchema.omit({ id: true })),
});
export type AccountData = z.infer<typeof accountDataSchema>;

// The signed-in user as the API tells the browser about them (GET /api/user, and the answer of login and register):
// never the password hash or payment ids.
import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES } from '../categories';
import { PERMISSIONS } from '../permissions';
import { timestampSchema } from './common';

/** An account's fields every view of it shows (the user's own, an admin's): never the password hash or payment ids. */
export const accountFields = {
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  premiumToolsAllowed: z.number().int(),
  premiumToolsUsed: z.number().int(),
  role: z.enum(ROLES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
};

export const currentUserSchema = z.strictObject({
  ...accountFields,
  /** What the panel may show: lib/permissions.ts for this user's role and admin flag. */
  permissions: z.array(z.enum(PERMISSIONS)),
  createdAt: timestampSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// The benefits only Premium members have (docs/decisions/0110): featured slots and an account manager.
import type { User } from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { forbidden } from '../plugins/errors';

/** 403 for a member without Premium. */
export function requirePremium(user: Pick<User, 'isPremium'>): void {
  if (!user.isPremium) throw forbidden(ENGAGE_MSG.premiumOnly);
}

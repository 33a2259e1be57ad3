// A Premium member's account manager (docs/decisions/0110): who it is, named by first name only, and the member's
// direct message to them, which is a priority contact message that names them.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type User } from '../../db/schema';
import type { AccountManager, ContactSent, ManagerMessageInput } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { displayName } from '../../lib/format';
import { sendContactMessage } from '../contact/service';
import { conflict } from '../plugins/errors';
import { requirePremium } from './guard';
import { rateKey, requireAttempt } from '../rate-limit';

async function managerOf(user: User) {
  if (!user.accountManagerId) return undefined;
  return db.query.users.findFirst({
    where: eq(users.id, user.accountManagerId),
    columns: { id: true, email: true, firstName: true },
  });
}

/** The member's manager as their dashboard names them: a first name, never an address. */
export async function accountManager(user: User): Promise<AccountManager> {
  requirePremium(user);
  const manager = await managerOf(user);
  return { manager: manager ? { firstName: manager.firstName?.trim() || 'Your account manager' } : null };
}

/** Sends the member's message to their manager first (and to the team, as every contact message is). */
export async function messageAccountManager(user: User, input: ManagerMessageInput, ip: string): Promise<ContactSent> {
  requirePremium(user);
  await requireAttempt([rateKey('manager-message-account', user.id)], ENGAGE_MSG.managerMessageTooMany);
  const manager = await managerOf(user);
  if (!manager) throw conflict(ENGAGE_MSG.noAccountManager);
  const message = { name: displayName(user), email: user.email, topic: 'support' as const, message: input.message };
  return sendContactMessage(message, user, ip, manager);
}

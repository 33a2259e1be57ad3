// How the admin lists show people: the columns they read and the name and e-mail they show.
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { displayName, type NamedUser } from '../../lib/format';

/** The columns personOf reads, selected from the users table or an alias of it. */
export function personColumns<T extends { firstName: unknown; lastName: unknown; email: unknown }>(
  table: T,
): Pick<T, 'firstName' | 'lastName' | 'email'> {
  return { firstName: table.firstName, lastName: table.lastName, email: table.email };
}

/** How the admin lists show a person: display name and e-mail. */
export function personOf(user: NamedUser | null | undefined): { name: string; email: string } | null {
  if (!user?.email) return null;
  return { name: displayName(user), email: user.email };
}

/** The columns ownerOf reads: a person's, and whether their account is closed (deleted ones stay closed). */
export function ownerColumns<T extends { firstName: unknown; lastName: unknown; email: unknown; closedAt: unknown }>(
  table: T,
): Pick<T, 'firstName' | 'lastName' | 'email' | 'closedAt'> {
  return { ...personColumns(table), closedAt: table.closedAt };
}

/**
 * How the admin lists show a tool's owner or a change's requester: a closed or deleted account reads "owner account
 * closed", without its name or address (docs/decisions/0097).
 */
export function ownerOf(
  user: (NamedUser & { closedAt: Date | null }) | null | undefined,
): { name: string; email: string | null } | null {
  if (user?.closedAt) return { name: ACCOUNT_MSG.ownerAccountClosed, email: null };
  return personOf(user);
}

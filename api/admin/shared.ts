// How the admin lists show people: the columns they read and the name and e-mail they show.
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

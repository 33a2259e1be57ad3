// Small pieces every admin feature uses: id params, JSON bodies, any-of permission checks.
import { MSG } from '../../lib/messages';
import { can, type Permission, type PermissionSubject } from '../../lib/permissions';
import { displayName, type NamedUser } from '../../lib/format';
import { badRequest, forbidden, notFound } from '../plugins/errors';

/** A numeric id from the path; anything else cannot name a row, so it is a 404. */
export function idParam(value: string, message = 'Not found'): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== value) throw notFound(message);
  return id;
}

/**
 * The request body as a plain value: a missing body is `{}`, and a body sent as JSON text with a
 * text content type (the review dialog's "JSON text") is parsed here.
 */
export function jsonBody(body: unknown): unknown {
  if (body == null || body === '') return {};
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('Malformed request body');
  }
}

/** For a route open to several permissions (the history is read by editors and by reviewers). */
export function requireAnyPermission(user: PermissionSubject, permissions: readonly Permission[]): void {
  if (!permissions.some((p) => can(user, p))) throw forbidden(MSG.forbidden);
}

/** The columns personOf reads, selected from the users table or an alias of it. */
export function personColumns<T extends { firstName: unknown; lastName: unknown; email: unknown }>(table: T): Pick<T, 'firstName' | 'lastName' | 'email'> {
  return { firstName: table.firstName, lastName: table.lastName, email: table.email };
}

/** How the admin lists show a person: display name and e-mail. */
export function personOf(user: NamedUser | null | undefined): { name: string; email: string } | null {
  if (!user?.email) return null;
  return { name: displayName(user), email: user.email };
}

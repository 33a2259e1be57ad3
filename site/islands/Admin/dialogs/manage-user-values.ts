// The Manage dialog's values: the form's fields from a user, which of them changed (only those are sent), and the
// checks before sending: the service's rules for a blocked account, then the API's schema of an update.
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '../../../../lib/messages';
import { userUpdateSchema, type UserUpdateInput } from '../../../../lib/schemas';
import type { AdminUser } from '../../../stores/admin';

interface ManageValues {
  role: string;
  isAdmin: boolean;
  isPremium: boolean;
  accountStatus: string;
  /** YYYY-MM-DD in the admin's time zone, or '' */
  suspendedUntil: string;
  suspensionReason: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored end date as the date input's YYYY-MM-DD, in the admin's time zone. */
export function dateInputValue(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A suspension "until" a day lasts to the end of that day in the admin's time zone. */
function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999`);
}

export function initialValues(user: AdminUser): ManageValues {
  return {
    role: user.role,
    isAdmin: user.isAdmin,
    isPremium: user.isPremium,
    accountStatus: user.accountStatus,
    suspendedUntil: dateInputValue(user.suspendedUntil),
    suspensionReason: user.suspensionReason ?? '',
  };
}

/** Only the fields the admin changed; suspension fields only while the status uses them. */
export function changedUserFields(before: ManageValues, after: ManageValues): UserUpdateInput {
  const changes: UserUpdateInput = {};
  if (after.role !== before.role) changes.role = after.role as UserUpdateInput['role'];
  if (after.isAdmin !== before.isAdmin) changes.isAdmin = after.isAdmin;
  if (after.isPremium !== before.isPremium) changes.isPremium = after.isPremium;
  if (after.accountStatus !== before.accountStatus)
    changes.accountStatus = after.accountStatus as UserUpdateInput['accountStatus'];
  if (after.accountStatus === 'suspended' && after.suspendedUntil !== before.suspendedUntil) {
    changes.suspendedUntil = after.suspendedUntil ? endOfDay(after.suspendedUntil) : null;
  }
  if (after.accountStatus !== 'active' && after.suspensionReason.trim() !== before.suspensionReason.trim()) {
    changes.suspensionReason = after.suspensionReason.trim() || null;
  }
  return changes;
}

/** The service's rules for a blocked account, checked before sending so the admin sees them at once. */
function problemWith(values: ManageValues): { field: 'suspensionReason' | 'suspendedUntil'; message: string } | null {
  if (values.accountStatus === 'suspended') {
    if (!values.suspensionReason.trim()) return { field: 'suspensionReason', message: MSG.suspensionNeedsReason };
    if (!values.suspendedUntil || endOfDay(values.suspendedUntil).getTime() <= Date.now()) {
      return { field: 'suspendedUntil', message: MSG.suspensionNeedsFutureEnd };
    }
  }
  if (values.accountStatus === 'banned' && !values.suspensionReason.trim())
    return { field: 'suspensionReason', message: MSG.banNeedsReason };
  return null;
}

const checkUpdate = zodResolver(userUpdateSchema);

/** The form's values pass the service's rules, then what changed passes the API's schema and is what is sent. */
export function updateResolver(before: ManageValues): Resolver<ManageValues, unknown, UserUpdateInput> {
  return async (values, context, options) => {
    const problem = problemWith(values);
    if (problem) {
      const errors: FieldErrors<ManageValues> = { [problem.field]: { type: 'validate', message: problem.message } };
      return { values: {}, errors };
    }
    // The update's fields are the form's, by the same names: its messages land on the form's fields.
    const result = await checkUpdate(changedUserFields(before, values), context, options as never);
    return result as ResolverResult<ManageValues, UserUpdateInput>;
  };
}

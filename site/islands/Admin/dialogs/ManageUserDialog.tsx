// The Manage dialog of a user: role, admin flag, premium, account status, suspension end and reason.
// Saving sends only the fields that changed; what the viewer may not change is disabled, saying why.
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_STATUSES, ROLES } from '../../../../lib/categories';
import { displayName, tagLabel } from '../../../../lib/format';
import { MSG, TOAST } from '../../../../lib/messages';
import { blockRefusal, roleChangeRefusal } from '../../../../lib/permissions';
import type { UserUpdateInput } from '../../../../lib/schemas';
import { updateUser, type AdminUser } from '../../../stores/admin';
import type { CurrentUser } from '../../../stores/user';
import { perform } from '../feedback';
import FormActions from '../../../components/FormActions';
import Field from '../../../components/Field';
import Modal from '../../../components/Modal';

export interface ManageValues {
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
  if (after.accountStatus !== before.accountStatus) changes.accountStatus = after.accountStatus as UserUpdateInput['accountStatus'];
  if (after.accountStatus === 'suspended' && after.suspendedUntil !== before.suspendedUntil) {
    changes.suspendedUntil = after.suspendedUntil ? endOfDay(after.suspendedUntil) : null;
  }
  if (after.accountStatus !== 'active' && after.suspensionReason.trim() !== before.suspensionReason.trim()) {
    changes.suspensionReason = after.suspensionReason.trim() || null;
  }
  return changes;
}

/** The server's rules, checked before sending so the admin sees them at once. */
function problemWith(values: ManageValues): string | null {
  if (values.accountStatus === 'suspended') {
    if (!values.suspensionReason.trim()) return MSG.suspensionNeedsReason;
    if (!values.suspendedUntil || endOfDay(values.suspendedUntil).getTime() <= Date.now()) return MSG.suspensionNeedsFutureEnd;
  }
  if (values.accountStatus === 'banned' && !values.suspensionReason.trim()) return MSG.banNeedsReason;
  return null;
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  /** Why the viewer may not change this field (then disabled), pointing at the listed reasons. */
  refusal: string | undefined;
  refusalsId: string;
  onChange: (value: string) => void;
}

function SelectField({ id, label, value, options, refusal, refusalsId, onChange }: SelectFieldProps) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className="select select-bordered w-full"
        value={value}
        disabled={Boolean(refusal)}
        title={refusal}
        aria-describedby={refusal ? refusalsId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export default function ManageUserDialog({ user, viewer, onClose }: { user: AdminUser; viewer: CurrentUser; onClose: () => void }) {
  const id = useId();
  const roleRefused = roleChangeRefusal(viewer, user)?.message;
  const statusRefused = blockRefusal(viewer, user)?.message;
  const refusals = [roleRefused, statusRefused].filter(Boolean);
  // The values when the dialog opened: what 'changed' is measured against.
  const [before] = useState(() => initialValues(user));
  const [values, setValues] = useState<ManageValues>(before);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const changes = changedUserFields(before, values);
  const nothingChanged = Object.keys(changes).length === 0;
  const set = <K extends keyof ManageValues>(key: K, value: ManageValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = problemWith(values);
    setError(problem);
    if (problem || nothingChanged) return;
    setPending(true);
    const saved = await perform(() => updateUser(user.id, changes), {
      success: () => ({ title: TOAST.userUpdated, description: displayName(user) }),
      failure: TOAST.updateUserFailed,
    });
    setPending(false);
    if (saved) onClose();
  }

  return (
    <Modal title={`Manage ${displayName(user)}`} onClose={onClose} size="lg" testId="manage-user-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm text-base-content/70 -mt-2">{user.email}</p>
        <div className="grid sm:grid-cols-2 gap-4">
          <SelectField
            id={`${id}-role`}
            label="Role"
            value={values.role}
            options={ROLES.map((role) => ({ value: role, label: tagLabel(role.replace('_', '-')) }))}
            refusal={roleRefused}
            refusalsId={`${id}-refusals`}
            onChange={(role) => set('role', role)}
          />
          <SelectField
            id={`${id}-status`}
            label="Account Status"
            value={values.accountStatus}
            options={ACCOUNT_STATUSES.map((status) => ({ value: status, label: tagLabel(status) }))}
            refusal={statusRefused}
            refusalsId={`${id}-refusals`}
            onChange={(status) => set('accountStatus', status)}
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 cursor-pointer" title={roleRefused}>
            <input
              type="checkbox"
              className="checkbox"
              checked={values.isAdmin}
              disabled={Boolean(roleRefused)}
              aria-describedby={roleRefused ? `${id}-refusals` : undefined}
              onChange={(e) => set('isAdmin', e.target.checked)}
            />
            <span className="label-text">Administrator (isAdmin)</span>
          </label>
          <label className="flex items-center gap-2 cursor-pointer">
            <input type="checkbox" className="checkbox checkbox-warning" checked={values.isPremium} onChange={(e) => set('isPremium', e.target.checked)} />
            <span className="label-text">Premium member</span>
          </label>
        </div>
        {refusals.length > 0 && (
          <ul id={`${id}-refusals`} className="text-sm text-base-content/80 -mt-2">
            {refusals.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
        {values.accountStatus === 'suspended' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-until`} className="label-text font-medium">
              Suspended Until
            </label>
            <input
              id={`${id}-until`}
              type="date"
              className="input input-bordered w-full sm:w-60"
              min={dateInputValue(new Date().toISOString())}
              value={values.suspendedUntil}
              onChange={(e) => set('suspendedUntil', e.target.value)}
            />
          </div>
        )}
        {values.accountStatus !== 'active' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="label-text font-medium">
              {values.accountStatus === 'banned' ? 'Ban Reason' : 'Suspension Reason'}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              className="textarea textarea-bordered w-full"
              value={values.suspensionReason}
              onChange={(e) => set('suspensionReason', e.target.value)}
            />
            <p className="text-xs text-base-content/70">The user is signed out everywhere at once.</p>
          </div>
        )}
        <FormActions error={error} pending={pending} disabled={nothingChanged} onCancel={onClose} submitLabel="Save Changes" />
      </form>
    </Modal>
  );
}

// The Manage dialog of a user: role, admin flag, premium, account status, suspension end and reason, and a password
// reset e-mail.
// Saving sends only the fields that changed; what the viewer may not change is disabled, saying why.
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_STATUSES, ROLES } from '../../../../lib/categories';
import { displayName, tagLabel } from '../../../../lib/format';
import { TOAST } from '../../../../lib/messages';
import { blockRefusal, roleChangeRefusal } from '../../../../lib/permissions';
import type { UserUpdateInput } from '../../../../lib/schemas';
import { updateUser, type AdminUser } from '../../../stores/admin';
import type { CurrentUser } from '../../../stores/user';
import { perform } from '../feedback';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Field from '../../../components/Field';
import Modal from '../../../components/Modal';
import { changedUserFields, dateInputValue, initialValues, updateResolver } from './manage-user-values';
import { PasswordResetAction } from './PasswordResetAction';

interface SelectFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
  /** Why the viewer may not change this field (then disabled), pointing at the listed reasons. */
  refusal: string | undefined;
  refusalsId: string;
}

function SelectField({ id, label, registration, options, refusal, refusalsId }: SelectFieldProps) {
  return (
    <Field id={id} label={label}>
      <select
        {...registration}
        id={id}
        className="select select-bordered w-full"
        disabled={Boolean(refusal)}
        title={refusal}
        aria-describedby={refusal ? refusalsId : undefined}
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

export default function ManageUserDialog({
  user,
  viewer,
  onClose,
}: {
  user: AdminUser;
  viewer: CurrentUser;
  onClose: () => void;
}) {
  const id = useId();
  const roleRefused = roleChangeRefusal(viewer, user)?.message;
  const statusRefused = blockRefusal(viewer, user)?.message;
  const refusals = [roleRefused, statusRefused].filter(Boolean);
  // The values when the dialog opened: what 'changed' is measured against.
  const [before] = useState(() => initialValues(user));
  // The disabled controls are disabled on the element, not through register(): their values stay as they were.
  const { register, handleSubmit, watch, formState } = useForm({
    ...SUBMIT_ONLY,
    defaultValues: before,
    resolver: updateResolver(before),
  });
  const values = watch();
  const nothingChanged = Object.keys(changedUserFields(before, values)).length === 0;

  const save = handleSubmit(async (changes: UserUpdateInput) => {
    if (Object.keys(changes).length === 0) return;
    const saved = await perform(() => updateUser(user.id, changes), {
      success: () => ({ title: TOAST.userUpdated, description: displayName(user) }),
      failure: TOAST.updateUserFailed,
    });
    if (saved) onClose();
  });

  return (
    <Modal title={`Manage ${displayName(user)}`} onClose={onClose} size="lg" testId="manage-user-dialog">
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        <p className="text-sm text-base-content/70 -mt-2">{user.email}</p>
        <div className="grid sm:grid-cols-2 gap-4">
          <SelectField
            id={`${id}-role`}
            label="Role"
            registration={register('role')}
            options={ROLES.map((role) => ({ value: role, label: tagLabel(role.replace('_', '-')) }))}
            refusal={roleRefused}
            refusalsId={`${id}-refusals`}
          />
          <SelectField
            id={`${id}-status`}
            label="Account Status"
            registration={register('accountStatus')}
            options={ACCOUNT_STATUSES.map((status) => ({ value: status, label: tagLabel(status) }))}
            refusal={statusRefused}
            refusalsId={`${id}-refusals`}
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 cursor-pointer" title={roleRefused}>
            <input
              {...register('isAdmin')}
              type="checkbox"
              className="checkbox"
              disabled={Boolean(roleRefused)}
              aria-describedby={roleRefused ? `${id}-refusals` : undefined}
            />
            <span className="label-text">Administrator (isAdmin)</span>
          </label>
          <label className="flex items-center gap-2 cursor-pointer">
            <input {...register('isPremium')} type="checkbox" className="checkbox checkbox-warning" />
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
              {...register('suspendedUntil')}
              id={`${id}-until`}
              type="date"
              className="input input-bordered w-full sm:w-60"
              min={dateInputValue(new Date().toISOString())}
            />
          </div>
        )}
        {values.accountStatus !== 'active' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="label-text font-medium">
              {values.accountStatus === 'banned' ? 'Ban Reason' : 'Suspension Reason'}
            </label>
            <textarea
              {...register('suspensionReason')}
              id={`${id}-reason`}
              rows={3}
              className="textarea textarea-bordered w-full"
            />
            <p className="text-xs text-base-content/70">The user is signed out everywhere at once.</p>
          </div>
        )}
        <PasswordResetAction user={user} />
        <FormActions
          error={firstMessage(formState.errors)}
          pending={formState.isSubmitting}
          disabled={nothingChanged}
          onCancel={onClose}
          submitLabel="Save Changes"
        />
      </form>
    </Modal>
  );
}

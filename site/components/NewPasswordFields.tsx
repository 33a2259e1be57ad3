// The new password and its confirmation, as both forms that set one ask for them: the reset page's and the change on
// /account (lib/account-password.ts checks them the same way for both).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MIN_PASSWORD } from '../../lib/constants';
import { ValidatedField } from './field-errors';

type NewPasswordField = 'password' | 'confirmPassword';

/** What the fields read of the form's useFieldErrors. */
interface NewPasswordControls {
  form: string;
  message: (field: NewPasswordField) => string | undefined;
  control: (field: NewPasswordField) => UseFormRegisterReturn & { id: string };
}

export function NewPasswordFields({ fields }: { fields: NewPasswordControls }) {
  return (
    <>
      <ValidatedField fields={fields} field="password" label="New password">
        <input
          {...fields.control('password')}
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
          placeholder={`At least ${MIN_PASSWORD} characters`}
          className="input input-bordered w-full"
        />
      </ValidatedField>
      <ValidatedField fields={fields} field="confirmPassword" label="Confirm new password">
        <input
          {...fields.control('confirmPassword')}
          type="password"
          required
          autoComplete="new-password"
          className="input input-bordered w-full"
        />
      </ValidatedField>
    </>
  );
}

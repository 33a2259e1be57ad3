// The /auth/forgot form: the address to send a reset link to. The answer is the same whether or not the address has
// an account. The form posts to the server as it stands, so it works before hydration and without JavaScript
// (docs/decisions/0068, 0093); hydrated, it asks through the API and says so in place.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../lib/account-password';
import { FORM_ACTIONS, type ForgotFormState } from '../../../lib/form-pages';
import { serverMessage } from '../../../lib/http';
import { ValidatedField, useFieldErrors } from '../../components/field-errors';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { FormRefusal } from '../../components/FormRefusal';
import { requestPasswordReset } from '../../stores/account-password';

/** `sent`: a post the server refused and answered with this page, the address as typed and why. */
export default function ForgotPasswordForm({ sent }: { sent?: ForgotFormState }) {
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    ...SUBMIT_ONLY,
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: sent?.email ?? '' },
  });
  const fields = useFieldErrors('forgot', form);
  const [refusal, setRefusal] = useState(sent?.error);
  const [done, setDone] = useState<string>();

  async function submit({ email }: ForgotPasswordInput) {
    setRefusal(undefined);
    try {
      setDone(await requestPasswordReset(email));
    } catch (error) {
      setRefusal(serverMessage(error));
    }
  }

  if (done)
    return (
      <div role="status" className="rounded-box border border-success/40 bg-success/10 px-4 py-3 text-sm">
        <p className="font-semibold">Check your e-mail</p>
        <p>{done}</p>
      </div>
    );
  return (
    <form
      method="post"
      action={FORM_ACTIONS.forgotPassword}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="forgot-title"
    >
      {refusal && (
        <FormRefusal>
          <p>{refusal}</p>
        </FormRefusal>
      )}
      <ValidatedField fields={fields} field="email" label="Email">
        <input
          {...fields.control('email')}
          defaultValue={sent?.email ?? ''}
          type="email"
          required
          autoComplete="email"
          className="input input-bordered w-full"
        />
      </ValidatedField>
      <button type="submit" className="btn btn-primary mt-2" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting && <span className="loading loading-spinner loading-sm" />}
        Send reset link
      </button>
    </form>
  );
}

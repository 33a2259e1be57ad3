// The /auth/reset form: the new password (the spec's rule) and its confirmation. The link's token is in a cookie only
// this page's post carries, so the form always posts to the server (303: signed in, on to the dashboard; or this page
// again with the message); hydrated, it checks the fields first (docs/decisions/0093).
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { resetPasswordSchema, type ResetPasswordInput } from '../../../lib/account-password';
import { FORM_ACTIONS, type ResetFormState } from '../../../lib/form-pages';
import { useFieldErrors } from '../../components/field-errors';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { FormRefusal } from '../../components/FormRefusal';
import { NewPasswordFields } from '../../components/NewPasswordFields';

/** `sent`: the server's refusal of a post (or of a used or expired link) that this page answers. */
export default function ResetPasswordForm({ sent }: { sent?: ResetFormState }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetPasswordInput>({
    ...SUBMIT_ONLY,
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const fields = useFieldErrors('reset', form);
  const { isSubmitting, isSubmitSuccessful } = form.formState;

  if (sent?.linkInvalid)
    return (
      <FormRefusal>
        <p>{ACCOUNT_MSG.linkInvalid}</p>
        <a className="btn btn-primary btn-sm mt-3" href={FORM_ACTIONS.forgotPassword}>
          Send me a new link
        </a>
      </FormRefusal>
    );
  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.resetPassword}
      // Valid: the browser posts the form itself (a native submit skips this handler), as it would without JavaScript.
      onSubmit={form.handleSubmit(() => formRef.current?.submit())}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="reset-title"
    >
      {sent?.error && (
        <FormRefusal>
          <p>{sent.error}</p>
        </FormRefusal>
      )}
      <NewPasswordFields fields={fields} />
      <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting || isSubmitSuccessful}>
        Set new password and sign in
      </button>
    </form>
  );
}

// One tab of the /auth screen: Login or Register, checked with the API's own schema and sent through the user store;
// the same form posts to the server as it stands, so it signs in before hydration and without JavaScript too.
import { useState, type RefObject } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../lib/constants';
import { serverMessage } from '../../../lib/http';
import { FORM_ACTIONS, type AuthFormState, type AuthTab as Tab } from '../../../lib/form-pages';
import { TOAST } from '../../../lib/messages';
import { NEXT_PARAM, withNext } from '../../../lib/return-to';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from '../../../lib/schemas';
import { ValidatedField, useFieldErrors } from '../../components/field-errors';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { FormRefusal } from '../../components/FormRefusal';
import { needsTwoFactor } from '../../stores/account-two-factor';
import { createAccount, invalidateUser, signIn, type CurrentUser } from '../../stores/user';
import { showToast } from '../../stores/toast';
import { RESTORE_PAGE, isRestoreStep } from '../../stores/account-closing';

/** The fields of both tabs: Register's are Login's plus the names. */
type CredentialsFields = z.input<typeof registerSchema>;

/** Login checks its two fields with loginSchema, Register all four with registerSchema (the API's schemas). */
const RESOLVERS: Record<Tab, Resolver<CredentialsFields, unknown, LoginInput | RegisterInput>> = {
  login: zodResolver(loginSchema),
  register: zodResolver(registerSchema),
};

interface CredentialsFormProps {
  tab: Tab;
  signingIn: RefObject<boolean>;
  landing: (user: Pick<CurrentUser, 'isAdmin'>) => string;
  next: string | undefined;
  sent: AuthFormState | undefined;
}

/**
 * One tab's form (mounted afresh for each tab, so switching tabs clears its values and messages). It posts to the
 * server as it stands (method, action, names, the values of a refused post), so a click before hydration or without
 * JavaScript signs in too; hydrated, the island sends it through the API instead.
 */
export default function CredentialsForm({ tab, signingIn, landing, next, sent }: CredentialsFormProps) {
  const initial = { email: sent?.email ?? '', firstName: sent?.firstName ?? '', lastName: sent?.lastName ?? '' };
  const form = useForm<CredentialsFields, unknown, LoginInput | RegisterInput>({
    ...SUBMIT_ONLY,
    resolver: RESOLVERS[tab],
    defaultValues: {
      email: initial.email,
      password: '',
      ...(tab === 'register' ? { firstName: initial.firstName, lastName: initial.lastName } : {}),
    },
  });
  // The refusal of a post the server answered with this page, until the next try.
  const [refusal, setRefusal] = useState(sent?.error);
  const { isSubmitting, isSubmitSuccessful } = form.formState;
  const fields = useFieldErrors('auth', form);

  async function submit(values: LoginInput | RegisterInput) {
    setRefusal(undefined);
    try {
      const result = await (tab === 'login' ? signIn(values) : createAccount(values));
      signingIn.current = true;
      invalidateUser();
      showToast(
        tab === 'login'
          ? { title: TOAST.welcomeBack, description: `Logged in as ${result.email}`, variant: 'success' }
          : {
              title: TOAST.accountCreated,
              description: `Welcome, ${result.firstName || result.email}!`,
              variant: 'success',
            },
        { next: landing(result) },
      );
      setTimeout(() => window.location.assign(landing(result)), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      // The password was right and the account asks for its code: on to the code step.
      if (needsTwoFactor(error)) {
        signingIn.current = true;
        window.location.assign(withNext(FORM_ACTIONS.twoFactor, next));
        return;
      }
      // A closed account: no session, but the restore step (its cookie is set).
      if (isRestoreStep(error)) return window.location.assign(RESTORE_PAGE);
      const message = serverMessage(error);
      // The refusal is the toast; as the form's error it also keeps the submit from counting as a success.
      form.setError('root.server', { message });
      showToast({
        title: tab === 'login' ? TOAST.loginFailed : TOAST.registrationFailed,
        description: message,
        variant: 'destructive',
      });
    }
  }

  // Signed in, the button stays disabled until the redirect.
  const pending = isSubmitting || isSubmitSuccessful;
  return (
    <form
      method="post"
      action={FORM_ACTIONS[tab]}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby={`auth-tab-${tab}`}
    >
      {refusal && (
        <FormRefusal title={tab === 'login' ? TOAST.loginFailed : TOAST.registrationFailed}>
          <p>{refusal}</p>
        </FormRefusal>
      )}
      {next && <input type="hidden" name={NEXT_PARAM} value={next} />}
      {tab === 'register' && (
        <div className="grid grid-cols-2 gap-3">
          <ValidatedField fields={fields} field="firstName" label="First Name">
            <input
              {...fields.control('firstName')}
              defaultValue={initial.firstName}
              autoComplete="given-name"
              className="input input-bordered w-full"
            />
          </ValidatedField>
          <ValidatedField fields={fields} field="lastName" label="Last Name">
            <input
              {...fields.control('lastName')}
              defaultValue={initial.lastName}
              autoComplete="family-name"
              className="input input-bordered w-full"
            />
          </ValidatedField>
        </div>
      )}
      <ValidatedField fields={fields} field="email" label="Email">
        <input
          {...fields.control('email')}
          defaultValue={initial.email}
          type="email"
          required
          autoComplete="email"
          className="input input-bordered w-full"
        />
      </ValidatedField>
      <ValidatedField fields={fields} field="password" label="Password">
        <input
          {...fields.control('password')}
          type="password"
          required
          minLength={6}
          autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
          placeholder={tab === 'register' ? 'Password (min 6 characters)' : undefined}
          className="input input-bordered w-full"
        />
      </ValidatedField>
      {tab === 'login' && (
        <a className="link text-sm self-end" href={FORM_ACTIONS.forgotPassword}>
          Forgot password?
        </a>
      )}
      <button type="submit" className="btn btn-primary mt-2" disabled={pending}>
        {pending && <span className="loading loading-spinner loading-sm" />}
        {tab === 'login' ? 'Sign In' : 'Create Account'}
      </button>
    </form>
  );
}

// The code step of a two-factor sign-in: one field for the authenticator app's code or a recovery code. The form posts
// to the server as it stands (before hydration and without JavaScript); hydrated, it goes through the API instead.
import { useEffect, useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { REDIRECT_AFTER_LOGIN_MS, UNAUTHORIZED_REDIRECT_MS } from '../../../lib/constants';
import { FORM_ACTIONS, type TwoFactorFormState } from '../../../lib/form-pages';
import { serverMessage } from '../../../lib/http';
import { TOAST } from '../../../lib/messages';
import { NEXT_PARAM, landingAfterSignIn, returnPath, withNext } from '../../../lib/return-to';
import { finishTwoFactorSignIn, signInExpired } from '../../stores/account-two-factor';
import { RESTORE_PAGE, isRestoreStep } from '../../stores/account-closing';
import { showToast } from '../../stores/toast';
import { invalidateUser } from '../../stores/user';
import { FormRefusal } from '../../components/FormRefusal';

interface TwoFactorFormProps {
  /** The page to go to after signing in (?next=), when the server rendered the page with it. */
  next?: string;
  /** A post the server refused: its message. */
  sent?: TwoFactorFormState;
}

export default function TwoFactorForm({ next: renderedNext, sent }: TwoFactorFormProps) {
  const [next, setNext] = useState(renderedNext);
  const [refusal, setRefusal] = useState(sent?.error);
  const [pending, setPending] = useState(false);

  // The static page is the same for every address: the page to return to is read from it here.
  useEffect(() => {
    const wanted = returnPath(new URLSearchParams(window.location.search).get(NEXT_PARAM));
    if (wanted) setNext(wanted);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setRefusal(ACCOUNT_MSG.twoFactorCodeMissing);
      return;
    }
    setPending(true);
    setRefusal(undefined);
    try {
      const user = await finishTwoFactorSignIn(code);
      invalidateUser();
      const landing = landingAfterSignIn(user, next);
      showToast(
        { title: TOAST.welcomeBack, description: `Logged in as ${user.email}`, variant: 'success' },
        { next: landing },
      );
      setTimeout(() => window.location.assign(landing), REDIRECT_AFTER_LOGIN_MS);
    } catch (failure) {
      // A closed account: the code was right, and restoring it is the last step (its cookie is set).
      if (isRestoreStep(failure)) return window.location.assign(RESTORE_PAGE);
      const message = serverMessage(failure);
      setPending(false);
      if (signInExpired(failure)) {
        // Nothing waits for a code any more: back to the password, saying why.
        const signIn = withNext('/auth', next);
        showToast({ title: TOAST.loginFailed, description: message, variant: 'destructive' }, { next: signIn });
        setTimeout(() => window.location.assign(signIn), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      setRefusal(message);
    }
  }

  return (
    <div className="card bg-base-100 shadow-xl w-full max-w-md border border-base-200">
      <form method="post" action={FORM_ACTIONS.twoFactor} onSubmit={submit} noValidate className="card-body gap-3">
        {refusal && (
          <FormRefusal title={TOAST.loginFailed}>
            <p>{refusal}</p>
          </FormRefusal>
        )}
        {next && <input type="hidden" name={NEXT_PARAM} value={next} />}
        <label htmlFor="two-factor-code" className="label-text font-medium">
          Authenticator code or recovery code
        </label>
        <input
          id="two-factor-code"
          name="code"
          required
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          placeholder="123456"
          aria-describedby="two-factor-code-hint"
          className="input input-bordered w-full font-mono tracking-widest text-lg"
        />
        <p id="two-factor-code-hint" className="text-xs text-base-content/80">
          Lost your phone? Enter one of the recovery codes you saved when you turned two-factor sign-in on.
        </p>
        <button type="submit" className="btn btn-primary mt-2" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" />}
          Verify and sign in
        </button>
        <p className="text-sm text-center">
          <a className="link" href={withNext('/auth', next)}>
            Back to sign in
          </a>
        </p>
      </form>
    </div>
  );
}

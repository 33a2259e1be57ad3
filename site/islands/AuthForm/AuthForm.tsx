// The /auth screen: Login and Register tabs wired to the API; signed-in visitors are sent on.
import { useEffect, useState, type FormEvent } from 'react';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../lib/constants';
import { send, serverMessage } from '../../../lib/http';
import { TOAST } from '../../../lib/messages';
import { loginSchema, registerSchema, firstIssue } from '../../../lib/schemas';
import { invalidateUser, type CurrentUser } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { showToast } from '../../stores/toast';

type Tab = 'login' | 'register';

function landing(user: Pick<CurrentUser, 'isAdmin'>): string {
  return user.isAdmin ? '/admin' : '/dashboard';
}

export default function AuthForm({ demoLogins }: { demoLogins: boolean }) {
  const { data: user } = useUser();
  const [tab, setTab] = useState<Tab>('login');
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('tab') === 'register') setTab('register');
    const error = params.get('error');
    if (error) showToast({ title: TOAST.loginFailed, description: error, variant: 'destructive' });
  }, []);

  useEffect(() => {
    if (user) window.location.replace(landing(user));
  }, [user]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldError(null);
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = (tab === 'login' ? loginSchema : registerSchema).safeParse(values);
    if (!parsed.success) {
      setFieldError(firstIssue(parsed.error));
      return;
    }
    setPending(true);
    try {
      const result = await send<CurrentUser>('POST', tab === 'login' ? '/api/login' : '/api/register', parsed.data);
      invalidateUser();
      showToast(
        tab === 'login'
          ? { title: TOAST.welcomeBack, description: `Logged in as ${result.email}`, variant: 'success' }
          : { title: TOAST.accountCreated, description: `Welcome, ${result.firstName || result.email}!`, variant: 'success' },
      );
      setTimeout(() => window.location.assign(landing(result)), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      showToast({
        title: tab === 'login' ? TOAST.loginFailed : TOAST.registrationFailed,
        description: serverMessage(error),
        variant: 'destructive',
      });
      setPending(false);
    }
  }

  return (
    <div className="card bg-base-100 shadow-xl w-full max-w-md border border-base-200">
      <div className="card-body">
        <div role="tablist" className="tabs tabs-box mb-4">
          <button type="button" role="tab" aria-selected={tab === 'login'} className={`tab flex-1 ${tab === 'login' ? 'tab-active' : 'text-base-content'}`} onClick={() => { setTab('login'); setFieldError(null); }}>
            Login
          </button>
          <button type="button" role="tab" aria-selected={tab === 'register'} className={`tab flex-1 ${tab === 'register' ? 'tab-active' : 'text-base-content'}`} onClick={() => { setTab('register'); setFieldError(null); }}>
            Register
          </button>
        </div>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" key={tab} aria-label={tab === 'login' ? 'Login' : 'Register'}>
          {tab === 'register' && (
            <div className="grid grid-cols-2 gap-3">
              <label className="form-control">
                <span className="label-text mb-1 block">First Name</span>
                <input name="firstName" autoComplete="given-name" className="input input-bordered w-full" />
              </label>
              <label className="form-control">
                <span className="label-text mb-1 block">Last Name</span>
                <input name="lastName" autoComplete="family-name" className="input input-bordered w-full" />
              </label>
            </div>
          )}
          <label className="form-control">
            <span className="label-text mb-1 block">Email</span>
            <input name="email" type="email" required autoComplete="email" className="input input-bordered w-full" />
          </label>
          <label className="form-control">
            <span className="label-text mb-1 block">Password</span>
            <input
              name="password"
              type="password"
              required
              minLength={6}
              autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
              placeholder={tab === 'register' ? 'Password (min 6 characters)' : undefined}
              className="input input-bordered w-full"
            />
          </label>
          {fieldError && (
            <p className="text-error text-sm" role="alert">
              {fieldError}
            </p>
          )}
          <button type="submit" className="btn btn-primary mt-2" disabled={pending}>
            {pending && <span className="loading loading-spinner loading-sm" />}
            {tab === 'login' ? 'Sign In' : 'Create Account'}
          </button>
        </form>
        {demoLogins && (
          <div className="mt-6 rounded-box border border-dashed border-warning p-4 text-sm" data-testid="demo-logins">
            <p className="font-semibold mb-2">Development only: demo accounts</p>
            <div className="flex gap-2">
              <a className="btn btn-sm btn-outline" href="/auth/demo/admin">
                Demo Admin
              </a>
              <a className="btn btn-sm btn-outline" href="/auth/demo/user">
                Demo User
              </a>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

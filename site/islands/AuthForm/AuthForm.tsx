// The /auth screen: Login and Register tabs wired to the API; signed-in visitors are sent on, to the page they were going
// to (`next`) when there is one. Each tab is a real form posting to the server too, so it works before hydration and
// without JavaScript (docs/decisions/0068).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AuthFormState, AuthTab } from '../../../lib/form-pages';
import { TOAST } from '../../../lib/messages';
import { NEXT_PARAM, landingAfterSignIn, returnPath, withNext } from '../../../lib/return-to';
import type { CurrentUser } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { showToast } from '../../stores/toast';
import CredentialsForm from './CredentialsForm';

type Tab = AuthTab;

const TABS: { id: Tab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

interface AuthFormProps {
  demoLogins: boolean;
  /** The tab to open: ?tab=register, or the tab of a refused post. */
  initialTab?: Tab;
  /** The page of this site to go to after signing in (?next=), when the server rendered the page with it. */
  next?: string;
  /** A form post the server refused: the fields as sent (no password) and its message. */
  sent?: AuthFormState;
}

export default function AuthForm({ demoLogins, initialTab = 'login', next: renderedNext, sent }: AuthFormProps) {
  const { data: user } = useUser();
  const [tab, setTab] = useState<Tab>(initialTab);
  const [next, setNext] = useState(renderedNext);
  const tabButtons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const landing = (signedIn: Pick<CurrentUser, 'isAdmin'>) => landingAfterSignIn(signedIn, next);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('tab') === 'register') setTab('register');
    // The static /auth file is the same for every address: the page to return to is read from it here.
    const wanted = returnPath(params.get(NEXT_PARAM));
    if (wanted) setNext(wanted);
    const error = params.get('error');
    if (error) showToast({ title: TOAST.loginFailed, description: error, variant: 'destructive' });
  }, []);

  // A visitor who arrives signed in is sent on at once. After signing in here the user store refetches too, but the
  // redirect 100 ms after the success toast is already on its way: a second navigation would abort the first.
  const signingIn = useRef(false);
  useEffect(() => {
    if (user && !signingIn.current) window.location.replace(landingAfterSignIn(user, next));
  }, [user, next]);

  // The tab list follows the ARIA tabs pattern: arrow keys, Home and End move between tabs and select them.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const chosen = TABS[(moves[event.key] + TABS.length) % TABS.length].id;
    setTab(chosen);
    tabButtons.current[chosen]?.focus();
  }

  return (
    <div className="card bg-base-100 shadow-xl w-full max-w-md border border-base-200">
      <div className="card-body">
        <div role="tablist" aria-label="Sign in or register" className="tabs tabs-box mb-4">
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabButtons.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`auth-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="auth-panel"
              tabIndex={tab === t.id ? 0 : -1}
              className={`tab flex-1 ${tab === t.id ? 'tab-active' : 'text-base-content'}`}
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
          <CredentialsForm
            key={tab}
            tab={tab}
            signingIn={signingIn}
            landing={landing}
            next={next}
            sent={sent?.tab === tab ? sent : undefined}
          />
          {/* Without JavaScript the tab buttons do nothing: the other tab is its own address. */}
          <noscript>
            <p className="mt-4 text-sm text-center">
              <a className="link" href={withNext(tab === 'login' ? '/auth?tab=register' : '/auth', next)}>
                {tab === 'login' ? 'No account yet? Register' : 'Have an account? Sign in'}
              </a>
            </p>
          </noscript>
        </div>
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

// Sign-in routes: register, login, logout, current user, Google, and the development demo logins.
import { Elysia, type Context } from 'elysia';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type User } from '../../db/schema';
import {
  currentUserSchema,
  demoParamsSchema,
  googleCallbackQuerySchema,
  loginSchema,
  okSchema,
  registerSchema,
  twoFactorCodeSchema,
  type DemoAccount,
} from '../../lib/contract';
import { FORM_ACTIONS, type AuthTab } from '../../lib/form-pages';
import { NEXT_PARAM, returnPath, withNext } from '../../lib/return-to';
import { config } from '../config';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { HttpError, errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { GOOGLE_CALLBACK_PATH, finishGoogleSignIn, googleConfigured, startGoogleSignIn } from './google';
import { login, publicUser, register } from './service';
import { cookieOptions } from './sessions';
import { signIn, signOut } from './sign-in';
import { beginSignIn, finishSignIn, stepRefusal } from './sign-in-step';
import { DEMO_ADMIN_EMAIL, DEMO_USER_EMAIL } from '../../db/demo-accounts';
import { log } from '../log';

const OAUTH_COOKIE = 'google_oauth';

/** The page to return to as the OAuth cookie keeps it (encoded); anything else, a tampered cookie included, is none. */
function storedNext(encoded: string): string | undefined {
  try {
    return returnPath(decodeURIComponent(encoded));
  } catch {
    return undefined;
  }
}

/** The account a form post names: Login's fields or Register's, checked by the JSON call's own schema. */
function signInFrom(tab: AuthTab, fields: Record<string, string>, ip: string): Promise<User> {
  return tab === 'login' ? login(loginSchema.parse(fields), ip) : register(registerSchema.parse(fields), ip);
}

/**
 * The Login and Register forms posted without JavaScript (docs/decisions/0068): the JSON calls' service, throttles,
 * messages and Origin check; 303 to where the island would go, or the page again with the message and the fields
 * (never the password).
 */
async function postSignInForm(
  tab: AuthTab,
  {
    body,
    cookie,
    request,
    ip,
    redirect,
    set,
  }: Pick<Context, 'body' | 'cookie' | 'request' | 'redirect' | 'set'> & { ip: string },
) {
  const fields = formFields(body);
  const next = returnPath(fields.next);
  try {
    const user = await signInFrom(tab, fields, ip);
    return redirect((await beginSignIn({ cookie, request, ip }, user, next)).to, 303);
  } catch (error) {
    const { email = '', firstName = '', lastName = '' } = fields;
    const page = withNext(`/auth?tab=${tab}`, next);
    return refusedPost({
      error,
      request,
      ip,
      set,
      page,
      locals: (message) => ({ authForm: { tab, email, firstName, lastName, error: message } }),
    });
  }
}

/**
 * The code step's form posted without JavaScript: 303 to where the sign-in was going, the page again with the message
 * for a wrong code, or /auth with it when there is no sign-in waiting (expired, spent by wrong codes, never started).
 */
async function postTwoFactorForm({
  body,
  cookie,
  request,
  ip,
  redirect,
  set,
}: Pick<Context, 'body' | 'cookie' | 'request' | 'redirect' | 'set'> & { ip: string }) {
  const fields = formFields(body);
  const formNext = returnPath(fields.next);
  try {
    const { code } = twoFactorCodeSchema.parse({ code: fields.code ?? '' });
    const { step } = await finishSignIn({ cookie, request, ip }, code, formNext);
    return redirect(step.to, 303);
  } catch (error) {
    const expired = error instanceof HttpError && error.status === 401;
    return refusedPost({
      error,
      request,
      ip,
      set,
      page: withNext(expired ? '/auth' : FORM_ACTIONS.twoFactor, formNext),
      locals: (message) =>
        expired
          ? { authForm: { tab: 'login', email: '', firstName: '', lastName: '', error: message } }
          : { twoFactorForm: { error: message } },
    });
  }
}

export const authRoutes = new Elysia({ name: 'auth-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/register',
    async ({ body, cookie, request, ip }) => {
      const user = await register(body, ip);
      await signIn(cookie, request, ip, user);
      return publicUser(user);
    },
    { body: jsonBody(registerSchema), response: answer(currentUserSchema) },
  )
  .post(
    '/api/login',
    async ({ body, cookie, request, ip, set }) => {
      const user = await login(body, ip);
      // The island learns from the header that a code is next (it keeps its own `next`); the body stays the spec's.
      const step = await beginSignIn({ cookie, request, ip }, user, undefined);
      if (!step.signedIn) throw stepRefusal(step, set);
      return publicUser(user);
    },
    { body: jsonBody(loginSchema), response: answer(currentUserSchema) },
  )
  .post(
    '/api/login/two-factor',
    async ({ body, cookie, request, ip, set }) => {
      const { user, step } = await finishSignIn({ cookie, request, ip }, body.code);
      if (!step.signedIn) throw stepRefusal(step, set);
      return publicUser(user);
    },
    { body: jsonBody(twoFactorCodeSchema), response: answer(currentUserSchema) },
  )
  .post(FORM_ACTIONS.twoFactor, (context) => postTwoFactorForm(context))
  .post(FORM_ACTIONS.login, (context) => postSignInForm('login', context))
  .post(FORM_ACTIONS.register, (context) => postSignInForm('register', context))
  // The page the visitor was sent from (redirectToLogin) rides along, so signing in returns there.
  .get('/api/login', ({ query, redirect }) => redirect(withNext('/auth', query[NEXT_PARAM]), 302))
  .post(
    '/api/logout',
    async ({ cookie }) => {
      await signOut(cookie);
      return { ok: true as const };
    },
    { response: answer(okSchema) },
  )
  .get('/api/user', ({ user }) => publicUser(user), { auth: true, response: answer(currentUserSchema) })
  .get('/auth/google', ({ query, cookie, redirect }) => {
    const next = returnPath(query[NEXT_PARAM]);
    if (!googleConfigured()) return redirect(withNext('/auth?tab=register', next), 302);
    const { url, state, codeVerifier } = startGoogleSignIn();
    // Where to return after Google's round trip travels with the state, in the cookie only this site reads.
    cookie[OAUTH_COOKIE].set({
      value: [state, codeVerifier, encodeURIComponent(next ?? '')].join('.'),
      ...cookieOptions(10 * 60),
      path: '/',
    });
    return redirect(url.toString(), 302);
  })
  .get(
    GOOGLE_CALLBACK_PATH,
    async ({ query, cookie, request, ip, redirect }) => {
      const stored = String(cookie[OAUTH_COOKIE]?.value ?? '');
      cookie[OAUTH_COOKIE].set({ value: '', ...cookieOptions(0) });
      const [state, codeVerifier, ...rest] = stored.split('.');
      if (!googleConfigured() || !query.code || !state || query.state !== state || !codeVerifier) {
        return redirect(`/auth?error=${encodeURIComponent('Google sign-in failed. Please try again.')}`, 302);
      }
      let user: User;
      try {
        user = await finishGoogleSignIn(query.code, codeVerifier);
      } catch (error) {
        // A refused account or a failed exchange goes back to /auth with a reason the page can show.
        const reason = error instanceof HttpError ? error.message : 'Google sign-in failed. Please try again.';
        if (!(error instanceof HttpError)) log.error({ err: error }, 'Google sign-in failed');
        return redirect(`/auth?error=${encodeURIComponent(reason)}`, 302);
      }
      return redirect((await beginSignIn({ cookie, request, ip }, user, storedNext(rest.join('.')))).to, 302);
    },
    { query: googleCallbackQuerySchema },
  );

const DEMO_EMAILS: Record<DemoAccount, string> = { admin: DEMO_ADMIN_EMAIL, user: DEMO_USER_EMAIL };

/** Demo logins for development; not registered at all in production. */
export const demoRoutes = new Elysia({ name: 'demo-routes' })
  .use(errors)
  .use(security)
  .get(
    '/auth/demo/:who',
    async ({ params, cookie, request, ip, redirect, status }) => {
      const user = await db.query.users.findFirst({ where: eq(users.email, DEMO_EMAILS[params.who]) });
      if (!user) return status(404, 'The demo accounts are not seeded: run npm run seed');
      return redirect((await beginSignIn({ cookie, request, ip }, user, undefined)).to, 302);
    },
    { params: demoParamsSchema },
  );

export const includeDemoRoutes = !config.isProduction;

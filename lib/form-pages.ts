// The forms that post without JavaScript (docs/decisions/0068): where each posts, and what a page shows again after a
// refused post (the server renders the page with it; the password is never part of it).
import type { ContactTopic } from './contact';

/** Where each form posts: the server answers 303 on success, or the page again with the message (api/form-post.ts). */
export const FORM_ACTIONS = {
  login: '/auth/login',
  register: '/auth/register',
  contact: '/contact',
  forgotPassword: '/auth/forgot',
  resetPassword: '/auth/reset',
} as const;

/** The paths a form posts to that are pages too (GET is the page): the server sends only their POSTs to the API. */
export const FORM_POST_PATHS: ReadonlySet<string> = new Set(Object.values(FORM_ACTIONS));

export type AuthTab = 'login' | 'register';

/** The /auth page after a refused sign-in or registration: the tab, the fields as sent (no password), the message. */
export interface AuthFormState {
  tab: AuthTab;
  email: string;
  firstName: string;
  lastName: string;
  error: string;
}

/** The /contact page after a refused message: the fields as sent and the message. */
export interface ContactFormState {
  name: string;
  email: string;
  topic: ContactTopic | '';
  message: string;
  error: string;
}

/** The query of /contact after a message was stored: the page says it was received. */
export const CONTACT_SENT_PARAM = 'sent';

/** The /auth/forgot page after a refused request: the address as sent and the message. */
export interface ForgotFormState {
  email: string;
  error: string;
}

/** The /auth/reset page after a refused new password, or for a link that is used or expired (`linkInvalid`). */
export interface ResetFormState {
  error: string;
  linkInvalid: boolean;
}

/** Where "Forgot password?" sends a visitor once the request is taken (its answer never says if the account exists). */
export const FORGOT_SENT_PATH = '/auth/forgot/sent';

// The forms that post without JavaScript (docs/decisions/0068): where each posts, and what a page shows again after a
// refused post (the server renders the page with it; the password is never part of it).
import type { ContactTopic } from './contact';

/** Where each form posts: the server answers 303 on success, or the page again with the message (api/form-post.ts). */
export const FORM_ACTIONS = {
  login: '/auth/login',
  register: '/auth/register',
  /** The code step of a two-factor sign-in: the page (GET) and its form (POST). */
  twoFactor: '/auth/two-factor',
  contact: '/contact',
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

/** The /auth/two-factor page after a refused code: the message (the code is never shown again). */
export interface TwoFactorFormState {
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

// The forms that post without JavaScript (docs/decisions/0068): where each posts, and what a page shows again after a
// refused post (the server renders the page with it; the password is never part of it).
import type { ContactTopic } from './contact';
import type { AlertCadence, FollowTarget, SubscriberStatus } from './newsletter';

/** Where each form posts: the server answers 303 on success, or the page again with the message (api/form-post.ts). */
export const FORM_ACTIONS = {
  login: '/auth/login',
  register: '/auth/register',
  /** The code step of a two-factor sign-in: the page (GET) and its form (POST). */
  twoFactor: '/auth/two-factor',
  contact: '/contact',
  verifyEmail: '/auth/verify',
  /** Restoring a closed account (docs/decisions/0097); its GET is rendered by the server too (below). */
  restore: '/auth/restore',
  forgotPassword: '/auth/forgot',
  resetPassword: '/auth/reset',
  /** A reader report (docs/decisions/0101): the page is /report?tool={slug}, the form posts here. */
  report: '/report',
  /** Follow or unfollow a tool or category (docs/decisions/0108): posted from its page, answered back to it. */
  follow: '/follow',
  /** Save or unsave a tool (docs/decisions/0108): a signed-out visitor is sent to sign in and back. */
  save: '/save',
  /** The newsletter (docs/decisions/0106): the footer's and /newsletter's form post to the page's own path. */
  subscribe: '/newsletter',
  /** The confirmation e-mail's page (?token=): its button confirms with a POST, so a mail scanner's GET does nothing. */
  newsletterConfirm: '/newsletter/confirm',
  /** The preference page every newsletter e-mail links to (?token=), no sign-in. */
  newsletterPreferences: '/newsletter/preferences',
  /** A follow asked by e-mail for an address already subscribed (?token=, docs/decisions/0112): confirmed by a POST. */
  followConfirm: '/follow/confirm',
} as const;

/** The paths a form posts to that are pages too (GET is the page): the server sends only their POSTs to the API. */
export const FORM_POST_PATHS: ReadonlySet<string> = new Set(Object.values(FORM_ACTIONS));

/**
 * Pages the server renders for each visitor from what a short-lived cookie of theirs holds, never exported or kept:
 * the API answers their GET too. /auth/restore shows the closed account's deletion date.
 */
export const PERSONAL_PAGE_PATHS: ReadonlySet<string> = new Set([
  FORM_ACTIONS.restore,
  // Three tools compared: an early-access feature, on or off for each viewer (docs/decisions/0108).
  '/compare',
  // The newsletter's pages of one subscriber, by the token in their address (docs/decisions/0106).
  FORM_ACTIONS.newsletterConfirm,
  FORM_ACTIONS.newsletterPreferences,
  FORM_ACTIONS.followConfirm,
]);

/** The /auth/restore page: the closed account's deletion date (null: no live restore step), and a refusal's message. */
export interface RestoreFormState {
  deletionDate: Date | null;
  withdrawnTools: boolean;
  error: string;
}

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

/** The /auth/verify page after a refused code, a dead link or a refused resend: the message (docs/decisions/0094). */
export interface VerifyFormState {
  error: string;
}

/** The /auth/verify form's second button: send a new link and code instead of checking one. */
export const VERIFY_RESEND_INTENT = 'resend';

/** The query of /auth/verify after a new link and code were sent. */
export const VERIFY_SENT_PARAM = 'sent';

/** The query of /auth/verify after a link or code worked: what it did. */
export const VERIFY_DONE_PARAM = 'done';
export const VERIFY_OUTCOMES = ['verified', 'changed'] as const;
export type VerifyOutcome = (typeof VERIFY_OUTCOMES)[number];

/** The address of /auth/verify saying what a link or code did. */
export const verifyDonePath = (outcome: VerifyOutcome) => `${FORM_ACTIONS.verifyEmail}?${VERIFY_DONE_PARAM}=${outcome}`;
/** The header of POST /api/login's 403 for a closed account ("restore"): the Auth island opens /auth/restore on it. */
export const ACCOUNT_CLOSED_HEADER = 'x-account-closed';
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

/** The query of /report (docs/decisions/0101): the tool, the type chosen (its form), the reference once sent. */
export const REPORT_PARAMS = { tool: 'tool', type: 'type', sent: 'sent' } as const;

/** The /report page after a refused report: the fields as sent (the type's details by name) and the message. */
export interface ReportFormState {
  fields: Record<string, string>;
  error: string;
}

/** A tool or category page after a refused follow: the address as sent and the message (docs/decisions/0108). */
export interface FollowFormState {
  email: string;
  error: string;
}

/** Where a subscribe posted without JavaScript lands: the one answer, whoever the address is (docs/decisions/0106). */
export const SUBSCRIBE_SENT_PATH = '/newsletter/sent';

/** The /newsletter page after a refused subscribe: the address as sent and the message. */
export interface SubscribeFormState {
  email: string;
  error: string;
}

/**
 * What a follow or save post did, as the fragment of the page it returns to: the static page shows the matching note
 * with CSS (:target), so it stays the same file for everyone and works without JavaScript.
 */
const FOLLOW_NOTES = ['following', 'pending', 'not-following', 'saved', 'unsaved'] as const;
export type FollowNote = (typeof FOLLOW_NOTES)[number];
export const followNoteId = (note: FollowNote) => `note-${note}`;
/** The /newsletter/confirm page: whether its token may still confirm, and a refusal's message. */
export interface ConfirmFormState {
  token: string;
  valid: boolean;
  error: string;
}

/** The /follow/confirm page (docs/decisions/0112): what its live token would follow (null: a dead link), a message. */
export interface FollowConfirmFormState {
  token: string;
  name: string | null;
  error: string;
}

/** One followed tool or category on the preference page. */
export interface FollowedItem {
  followId: number;
  kind: FollowTarget;
  name: string;
  href: string;
}

/** The /newsletter/preferences page of one subscriber (null: an unknown token, a 404), and its notice. */
export interface PreferencesFormState {
  token: string;
  subscriber: {
    email: string;
    status: SubscriberStatus;
    digest: boolean;
    cadence: AlertCadence;
  } | null;
  follows: FollowedItem[];
  /** What the last post did ("saved"), or a refusal's message. */
  notice: string;
  error: string;
  /** Reached from an e-mail's unsubscribe link: the one-button form comes first. */
  unsubscribeFirst: boolean;
}

/** The query of /newsletter/preferences after a post: what was done (a notice), or the e-mail's unsubscribe link. */
export const PREFERENCE_PARAMS = { token: 'token', done: 'done', unsubscribe: 'unsubscribe' } as const;
export const PREFERENCE_OUTCOMES = ['saved', 'unfollowed', 'unsubscribed', 'confirmed', 'followed'] as const;
export type PreferenceOutcome = (typeof PREFERENCE_OUTCOMES)[number];

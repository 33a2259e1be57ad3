// Every e-mail the product sends, as one async function per message: each renders its React Email
// template (api/emails/*.tsx) to HTML and plain text and returns the outbox's Email.
import { createElement, type FunctionComponent } from 'react';
import type { Tool, User } from '../../db/schema';
import { SITE_NAME } from '../../lib/constants';
import { type DigestContent, issueDateLabel, issueTitle } from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import type { FollowUpdate } from '../../lib/newsletter';
import type { ClaimMethod } from '../../lib/claims';
import { CONTACT_TOPIC_LABELS } from '../../lib/contact';
import { FORM_ACTIONS } from '../../lib/form-pages';
import type { RejectionCode } from '../../lib/review-queue';
import { hostOf, longDate } from '../../lib/format';
import {
  REPORT_RESOLUTION_LABELS,
  REPORT_TYPE_LABELS,
  type ReportResolution,
  type ReportType,
} from '../../lib/reports';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import type { Email, EmailKind } from '../services/email';
import { AccountClosedEmail } from './account-closed';
import { ChangeRequestApprovedEmail } from './change-request-approved';
import { ChangeRequestRejectedEmail } from './change-request-rejected';
import {
  ClaimCodeEmail,
  ClaimConfirmDueEmail,
  ClaimFailingEmail,
  ClaimLapsedEmail,
  ClaimSuspendedEmail,
  ClaimVerifiedEmail,
} from './claims';
import { ChangesRequestedEmail } from './changes-requested';
import { ClaimRevokedEmail } from './claim-revoked';
import { CloseAccountCodeEmail } from './close-account-code';
import { ContactConfirmationEmail } from './contact-confirmation';
import { ContactReceivedEmail, type ContactDetails } from './contact-received';
import { DigestEmail } from './digest';
import { EmailChangeAppliedEmail } from './email-change-applied';
import { EmailChangeRequestedEmail } from './email-change-requested';
import { EmailChangeVerifyEmail } from './email-change-verify';
import { FollowConfirmEmail } from './follow-confirm';
import { LinkUnreachableEmail } from './link-unreachable';
import { NewsletterConfirmEmail } from './newsletter-confirm';
import { ManagerMessageEmail, type ManagerMessageDetails } from './manager-message';
import { siteLink } from './layout';
import { PasswordChangedEmail } from './password-changed';
import { PaymentFailedEmail } from './payment-failed';
import { PremiumActivatedEmail } from './premium-activated';
import { ReportOnYourToolEmail } from './report-on-your-tool';
import { ReportOutcomeEmail } from './report-outcome';
import { ReportReceivedEmail } from './report-received';
import { ResetPasswordEmail } from './reset-password';
import { SubmissionReceivedEmail } from './submission-received';
import { ToolApprovedEmail } from './tool-approved';
import { ToolDiscontinuedEmail } from './tool-discontinued';
import { ToolRejectedEmail } from './tool-rejected';
import { FollowAlertEmail } from './follow-alert';
import { ToolRevivedEmail } from './tool-revived';
import { ToolUnlistedEmail } from './tool-unlisted';
import { VerifyEmailEmail } from './verify-email';
import { WelcomeEmail } from './welcome';

type Recipient = Pick<User, 'email' | 'firstName'>;

/** The heading as written (html-to-text shouts h1 in capitals by default). */
const PLAIN_TEXT = { selectors: [{ selector: 'h1', options: { uppercase: false } }] };

async function email<P extends object>(
  to: string,
  kind: EmailKind,
  subject: string,
  template: FunctionComponent<P>,
  props: P,
): Promise<Email> {
  // The renderer (React's server renderer and html-to-text) loads with the first e-mail: every process and every test
  // file imports this module, and most of them send none.
  const { render } = await import('@react-email/render');
  const element = createElement(template, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT }),
  ]);
  return { to, kind, subject, html, text };
}

const toolLink = (tool: Pick<Tool, 'slug'>) => siteLink(`/tool/${tool.slug}`);

export function welcomeEmail(user: Recipient): Promise<Email> {
  return email(user.email, 'welcome', `Welcome to ${SITE_NAME}`, WelcomeEmail, { firstName: user.firstName });
}

export function submissionReceivedEmail(user: Recipient, tool: Pick<Tool, 'name' | 'isPremium'>): Promise<Email> {
  return email(
    user.email,
    'submission-received',
    `We received your submission: ${tool.name}`,
    SubmissionReceivedEmail,
    {
      firstName: user.firstName,
      toolName: tool.name,
      isPremium: tool.isPremium,
    },
  );
}

export function toolApprovedEmail(user: Recipient, tool: Pick<Tool, 'name' | 'slug'>): Promise<Email> {
  return email(user.email, 'tool-approved', `${tool.name} is now live in the directory`, ToolApprovedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    toolUrl: toolLink(tool),
  });
}

/** The reason from the list (what it says about resubmitting) and the editor's note. */
export function toolRejectedEmail(
  user: Recipient,
  tool: Pick<Tool, 'id' | 'name'>,
  code: RejectionCode,
  reason: string,
): Promise<Email> {
  return email(user.email, 'tool-rejected', `Your submission ${tool.name} was not approved`, ToolRejectedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    toolId: tool.id,
    code,
    reason,
  });
}

/** An editor asked for changes to a pending submission instead of deciding (docs/decisions/0104). */
export function changesRequestedEmail(user: Recipient, tool: Pick<Tool, 'name'>, note: string): Promise<Email> {
  return email(user.email, 'changes-requested', `Changes requested for ${tool.name}`, ChangesRequestedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    note,
  });
}

export function toolUnlistedEmail(user: Recipient, tool: Pick<Tool, 'name'>, reason: string): Promise<Email> {
  return email(user.email, 'tool-unlisted', `${tool.name} was removed from the directory`, ToolUnlistedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    reason,
  });
}

/** The owner of a tool an admin marked discontinued: when, why, and that its page stays. */
export function toolDiscontinuedEmail(
  user: Recipient,
  tool: Pick<Tool, 'name' | 'slug'>,
  details: { date: string; reason: string },
): Promise<Email> {
  return email(user.email, 'tool-discontinued', `${tool.name} is now marked discontinued`, ToolDiscontinuedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    toolUrl: toolLink(tool),
    ...details,
  });
}

/** The owner of a discontinued tool an admin listed again. */
export function toolRevivedEmail(user: Recipient, tool: Pick<Tool, 'name' | 'slug'>): Promise<Email> {
  return email(user.email, 'tool-revived', `${tool.name} is listed in the directory again`, ToolRevivedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    toolUrl: toolLink(tool),
  });
}

/** A verified owner's claim was revoked by an admin: why, and what they lose. */
export function claimRevokedEmail(user: Recipient, tool: Pick<Tool, 'name'>, reason: string): Promise<Email> {
  return email(user.email, 'claim-revoked', `Your ownership of ${tool.name} was revoked`, ClaimRevokedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    reason,
  });
}

export function changeRequestApprovedEmail(
  user: Recipient,
  tool: Pick<Tool, 'name' | 'slug' | 'status'>,
): Promise<Email> {
  return email(
    user.email,
    'change-request-approved',
    `Your changes to ${tool.name} were approved`,
    ChangeRequestApprovedEmail,
    {
      firstName: user.firstName,
      toolName: tool.name,
      toolUrl: tool.status === PUBLIC_TOOL_STATUS ? toolLink(tool) : null,
    },
  );
}

export function changeRequestRejectedEmail(
  user: Recipient,
  tool: Pick<Tool, 'name'>,
  reason: string | null,
): Promise<Email> {
  return email(
    user.email,
    'change-request-rejected',
    `Your changes to ${tool.name} were not approved`,
    ChangeRequestRejectedEmail,
    {
      firstName: user.firstName,
      toolName: tool.name,
      reason,
    },
  );
}

/** To a tool's owners when its site failed three daily checks in a row, and again at seven (docs/decisions/0102). */
export function linkUnreachableEmail(
  user: Recipient,
  tool: Pick<Tool, 'name' | 'slug' | 'url'>,
  state: 'failing' | 'down',
  since: Date,
): Promise<Email> {
  const host = hostOf(tool.url);
  const subject = state === 'down' ? `${host} has been unreachable for a week` : `We cannot reach ${host}`;
  return email(user.email, 'link-unreachable', subject, LinkUnreachableEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    host,
    since: longDate(since),
    down: state === 'down',
    toolUrl: toolLink(tool),
  });
}

export function premiumActivatedEmail(user: Recipient): Promise<Email> {
  return email(user.email, 'premium-activated', 'Welcome to Premium', PremiumActivatedEmail, {
    firstName: user.firstName,
  });
}

export function paymentFailedEmail(
  user: Recipient,
  details: { invoiceUrl: string | null; nextAttemptAt: Date | null },
): Promise<Email> {
  return email(user.email, 'payment-failed', 'Your Premium payment did not go through', PaymentFailedEmail, {
    firstName: user.firstName,
    ...details,
  });
}

/** To the team's support address: a contact form message. */
export async function contactReceivedEmail(to: string, message: ContactDetails): Promise<Email> {
  const subject = `${message.priority ? '[Priority] ' : ''}${CONTACT_TOPIC_LABELS[message.topic]}: message from ${message.name}`;
  // Answering is replying: the visitor's address, not the site's sender.
  return { ...(await email(to, 'contact-received', subject, ContactReceivedEmail, message)), replyTo: message.email };
}

/** To a Premium member's account manager: the member's direct message; replying answers the member. */
export async function managerMessageEmail(to: string, details: ManagerMessageDetails): Promise<Email> {
  const subject = `[Priority] Message from ${details.name}, a member you look after`;
  return { ...(await email(to, 'manager-message', subject, ManagerMessageEmail, details)), replyTo: details.email };
}

/** To the sender: a short confirmation that the message arrived, with nothing the sender wrote in it. */
export function contactConfirmationEmail(message: Pick<ContactDetails, 'email' | 'priority'>): Promise<Email> {
  return email(message.email, 'contact-confirmation', 'We received your message', ContactConfirmationEmail, {
    priority: message.priority,
  });
}

/** The link (answered by the API, lib/routes.ts) that proves an address: its verification or a change to it. */
const verifyLink = (token: string) => siteLink(`/auth/verify-link/${token}`);

/** The link and 6-digit code that verify the account's address (after registering, or asked for again). */
export function verifyEmailEmail(user: Recipient, proof: { token: string; code: string }): Promise<Email> {
  return email(user.email, 'verify-email', `Verify your email address: ${proof.code}`, VerifyEmailEmail, {
    firstName: user.firstName,
    link: verifyLink(proof.token),
    code: proof.code,
  });
}

/** Double opt-in (docs/decisions/0106): the confirmation page's link, whose button confirms (api/newsletter). */
export function newsletterConfirmEmail(to: string, token: string): Promise<Email> {
  return email(to, 'newsletter-confirm', `Confirm your subscription to ${SITE_NAME}`, NewsletterConfirmEmail, {
    link: siteLink(`/newsletter/confirm?token=${encodeURIComponent(token)}`),
  });
}

/** A follow asked by e-mail for an address already subscribed (docs/decisions/0112): the link to confirm it. */
export function followConfirmEmail(to: string, name: string, token: string): Promise<Email> {
  return email(to, 'follow-confirm', `Confirm: follow ${name} on ${SITE_NAME}`, FollowConfirmEmail, {
    name,
    link: siteLink(`${FORM_ACTIONS.followConfirm}?token=${encodeURIComponent(token)}`),
  });
}

/** To the new address of a change: the link that applies it. */
export function emailChangeVerifyEmail(user: Pick<User, 'firstName'>, newEmail: string, token: string): Promise<Email> {
  return email(newEmail, 'email-change-verify', 'Confirm your new email address', EmailChangeVerifyEmail, {
    firstName: user.firstName,
    link: verifyLink(token),
  });
}

/** To the current address: a change to `newEmail` was asked for. */
export function emailChangeRequestedEmail(user: Recipient, newEmail: string): Promise<Email> {
  return email(
    user.email,
    'email-change-requested',
    'A change of your email address was asked for',
    EmailChangeRequestedEmail,
    { firstName: user.firstName, newEmail },
  );
}

/** To the old address once the change applied. */
export function emailChangeAppliedEmail(user: Recipient, newEmail: string): Promise<Email> {
  return email(user.email, 'email-change-applied', 'Your email address was changed', EmailChangeAppliedEmail, {
    firstName: user.firstName,
    newEmail,
  });
}

/** The account is closed: when its personal data goes, and how to restore it until then (docs/decisions/0097). */
export function accountClosedEmail(user: Recipient, deletionDate: Date, withdrawnTools: number): Promise<Email> {
  return email(user.email, 'account-closed', `Your ${SITE_NAME} account is closed`, AccountClosedEmail, {
    firstName: user.firstName,
    deletionDate,
    withdrawnTools,
  });
}

/** The code a Google-only account (no password) confirms closing with. */
export function closeAccountCodeEmail(user: Recipient, code: string): Promise<Email> {
  return email(user.email, 'close-account-code', `${code} is your code to close your account`, CloseAccountCodeEmail, {
    firstName: user.firstName,
    code,
  });
}

/** The reset link of "Forgot password?", "Set a password" or the admin's "Send password reset" (`byAdmin`). */
export function resetPasswordEmail(user: Recipient, resetUrl: string, byAdmin = false): Promise<Email> {
  return email(user.email, 'reset-password', 'Reset your password', ResetPasswordEmail, {
    firstName: user.firstName,
    resetUrl,
    byAdmin,
  });
}

/** The notice after a password was reset or changed. */
export function passwordChangedEmail(user: Recipient, how: 'reset' | 'change'): Promise<Email> {
  return email(user.email, 'password-changed', 'Your password was changed', PasswordChangedEmail, {
    firstName: user.firstName,
    how,
  });
}

// ---- Claiming a listing (docs/decisions/0099) ----

type ClaimedTool = Pick<Tool, 'name' | 'slug'>;

/** How each method proved a claim, in the owner's words. */
const PROVED_BY: Record<ClaimMethod, string> = {
  email: 'a code sent to an address on its domain',
  dns: 'a DNS TXT record',
  meta: 'a meta tag on its page',
  file: 'a file under /.well-known/',
};

/** To an address on the tool's domain (not the member's own): the 6-digit code that proves it. */
export function claimCodeEmail(address: string, tool: Pick<Tool, 'name'>, code: string): Promise<Email> {
  return email(address, 'claim-code', `${code} is your code to claim ${tool.name}`, ClaimCodeEmail, {
    toolName: tool.name,
    code,
  });
}

export function claimVerifiedEmail(user: Recipient, tool: ClaimedTool, method: ClaimMethod): Promise<Email> {
  return email(user.email, 'claim-verified', `You are a verified owner of ${tool.name}`, ClaimVerifiedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    slug: tool.slug,
    how: PROVED_BY[method],
  });
}

/** A re-check did not find the proof (its first day of grace, and again near its end). */
export function claimFailingEmail(
  user: Recipient,
  tool: ClaimedTool,
  details: { found: string; graceUntil: Date },
): Promise<Email> {
  return email(
    user.email,
    'claim-recheck-failing',
    `Your proof of owning ${tool.name} could not be found`,
    ClaimFailingEmail,
    { firstName: user.firstName, toolName: tool.name, slug: tool.slug, ...details },
  );
}

/** An e-mail owner's year is up: confirm with a new code before the grace ends. */
export function claimConfirmDueEmail(
  user: Recipient,
  tool: ClaimedTool,
  details: { address: string | null; graceUntil: Date },
): Promise<Email> {
  return email(user.email, 'claim-confirm-due', `Confirm that you still own ${tool.name}`, ClaimConfirmDueEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    slug: tool.slug,
    ...details,
  });
}

export function claimLapsedEmail(user: Recipient, tool: ClaimedTool, reason: string): Promise<Email> {
  return email(user.email, 'claim-lapsed', `Your claim of ${tool.name} has lapsed`, ClaimLapsedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    slug: tool.slug,
    reason,
  });
}

/** The tool's address moved to another domain: the claim is suspended until proved again. */
export function claimSuspendedEmail(user: Recipient, tool: ClaimedTool, domain: string): Promise<Email> {
  return email(user.email, 'claim-suspended', `${tool.name} moved: prove your ownership again`, ClaimSuspendedEmail, {
    firstName: user.firstName,
    toolName: tool.name,
    slug: tool.slug,
    domain,
  });
}
type ReportedTool = Pick<Tool, 'name' | 'slug'>;

/** To a reporter who left an address: the report's reference (nothing they wrote: the address is unverified). */
export function reportReceivedEmail(
  to: string,
  tool: ReportedTool,
  report: { reference: string; type: ReportType },
): Promise<Email> {
  return email(to, 'report-received', `We received your report ${report.reference}`, ReportReceivedEmail, {
    toolName: tool.name,
    toolSlug: tool.slug,
    reference: report.reference,
    typeLabel: REPORT_TYPE_LABELS[report.type],
  });
}

/** To a reporter who left an address: how the report was resolved, and the editor's note. */
export function reportOutcomeEmail(
  to: string,
  tool: ReportedTool,
  report: { reference: string; resolution: ReportResolution; note: string },
): Promise<Email> {
  const outcome = REPORT_RESOLUTION_LABELS[report.resolution];
  return email(to, 'report-outcome', `Your report ${report.reference} is resolved`, ReportOutcomeEmail, {
    toolName: tool.name,
    toolSlug: tool.slug,
    reference: report.reference,
    outcome,
    note: report.note,
  });
}

/** To a verified owner of the tool: a new report (its type and structured fields, never the reader's message). */
export function reportOnYourToolEmail(
  owner: Recipient,
  tool: ReportedTool,
  report: { type: ReportType; details: string[] },
): Promise<Email> {
  return email(
    owner.email,
    'report-on-your-tool',
    `A reader reported a problem with ${tool.name}`,
    ReportOnYourToolEmail,
    {
      firstName: owner.firstName,
      toolName: tool.name,
      typeLabel: REPORT_TYPE_LABELS[report.type],
      details: report.details,
    },
  );
}

/** The daily alert of updates to what an address follows, with the list headers (RFC 8058) and the preference link. */
export async function followAlertEmail(
  to: string,
  updates: FollowUpdate[],
  links: { preferencesUrl: string; headers: Record<string, string> },
): Promise<Email> {
  const message = await email(to, 'follow-alert', ENGAGE_MSG.followAlertSubject(updates.length), FollowAlertEmail, {
    updates,
    preferencesUrl: links.preferencesUrl,
  });
  return { ...message, headers: links.headers };
}

// ---- The weekly digest (docs/decisions/0107) ----

/** One reader's copy of a digest issue (`test`: the editor's "Send a test to me", said so in the subject). */
export async function digestEmail(
  to: string,
  issue: { issueDate: string; intro: string; content: DigestContent },
  reader: { updates: readonly FollowUpdate[]; preferencesUrl: string; unsubscribeUrl: string },
  test = false,
): Promise<Email> {
  const dateLabel = issueDateLabel(issue.issueDate);
  const subject = issueTitle(issue.issueDate);
  return email(to, 'digest', test ? ENGAGE_MSG.digestTestSubject(subject) : subject, DigestEmail, {
    dateLabel,
    intro: issue.intro,
    content: issue.content,
    archiveUrl: siteLink(`/newsletter/${issue.issueDate}`),
    ...reader,
  });
}

// Every e-mail with sample data, for the preview command (scripts/email-preview.ts) and its test.
import { contactEmails } from '../../lib/contact';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { config } from '../config';
import { listLinks } from '../newsletter/subscribers';
import type { Email, EmailKind } from '../services/email';
import {
  accountClosedEmail,
  claimCodeEmail,
  claimConfirmDueEmail,
  claimFailingEmail,
  claimLapsedEmail,
  claimSuspendedEmail,
  claimVerifiedEmail,
  changeRequestApprovedEmail,
  changeRequestRejectedEmail,
  claimRevokedEmail,
  changesRequestedEmail,
  closeAccountCodeEmail,
  contactConfirmationEmail,
  contactReceivedEmail,
  managerMessageEmail,
  emailChangeAppliedEmail,
  emailChangeRequestedEmail,
  emailChangeVerifyEmail,
  linkUnreachableEmail,
  newsletterConfirmEmail,
  followConfirmEmail,
  passwordChangedEmail,
  paymentFailedEmail,
  premiumActivatedEmail,
  submissionReceivedEmail,
  resetPasswordEmail,
  reportOnYourToolEmail,
  reportOutcomeEmail,
  reportReceivedEmail,
  toolApprovedEmail,
  toolDiscontinuedEmail,
  toolRejectedEmail,
  toolRevivedEmail,
  toolUnlistedEmail,
  verifyEmailEmail,
  welcomeEmail,
  followAlertEmail,
  digestEmail,
} from './index';

const member = { email: 'ada@example.com', firstName: 'Ada' };
const tool = {
  id: 7,
  name: 'Acme Writer',
  slug: 'acme-writer',
  url: 'https://acme-writer.example.com',
  isPremium: true,
  status: PUBLIC_TOOL_STATUS,
};
const message = {
  name: 'Ada Lovelace',
  email: member.email,
  topic: 'billing' as const,
  message: 'Hello,\nI was charged twice this month. Could you check?',
  priority: true,
};

const digestIssue = {
  issueDate: '2026-11-30',
  intro: 'A quiet week for launches, a loud one for re-reviews.\nThree tools changed their scores.',
  content: {
    approved: [
      {
        name: tool.name,
        slug: tool.slug,
        qualityScore: 8,
        curatorTake: 'The fastest long-form drafting we tried this year.',
        approvedAt: '2026-11-25T10:00:00.000Z',
      },
    ],
    rereviews: [
      {
        name: 'Pixel Forge',
        slug: 'pixel-forge',
        oldScore: 6,
        newScore: 8,
        curatorTake: 'The new editor fixed what held it back.',
        reviewedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
    discontinued: [
      {
        name: 'Old Scribe',
        slug: 'old-scribe',
        discontinuedAt: '2026-11-24T00:00:00.000Z',
        reason: 'The company shut the service down.',
      },
    ],
    corrections: [
      {
        name: 'Clip Cutter',
        slug: 'clip-cutter',
        text: 'Pricing corrected after a reader report',
        at: '2026-11-27T10:00:00.000Z',
      },
    ],
    featured: [
      {
        slotId: 1,
        toolName: 'Deck Wizard',
        toolSlug: 'deck-wizard',
        description: 'Slides from an outline in a minute.',
        logoUrl: null,
        clickUrl: `${config.siteUrl}/tool/deck-wizard?ref=newsletter`,
      },
    ],
  },
};
const digestUpdates = [
  {
    eventId: 1,
    kind: 'score' as const,
    toolName: 'Pixel Forge',
    toolSlug: 'pixel-forge',
    category: null,
    text: 'Score changed from 6 to 8',
  },
];

export const EMAIL_SAMPLES: Record<EmailKind, () => Promise<Email>> = {
  welcome: () => welcomeEmail(member),
  'submission-received': () => submissionReceivedEmail(member, tool),
  'tool-approved': () => toolApprovedEmail(member, tool),
  'tool-rejected': () =>
    toolRejectedEmail(
      member,
      tool,
      'site-unreachable',
      'The site was unreachable during our review.\nPlease check it and submit again.',
    ),
  'changes-requested': () =>
    changesRequestedEmail(member, tool, 'Please add a pricing page link and say which models the tool runs on.'),
  'tool-unlisted': () => toolUnlistedEmail(member, tool, 'The site has redirected to a parked domain for two weeks.'),
  'tool-discontinued': () =>
    toolDiscontinuedEmail(member, tool, {
      date: 'November 27, 2026',
      reason: 'The company shut the service down and its address now shows a parked page.',
    }),
  'tool-revived': () => toolRevivedEmail(member, tool),
  'change-request-approved': () => changeRequestApprovedEmail(member, tool),
  'change-request-rejected': () =>
    changeRequestRejectedEmail(member, tool, 'The new description reads as an advertisement.'),
  'link-unreachable': () => linkUnreachableEmail(member, tool, 'failing', new Date('2026-11-24T06:00:00Z')),
  'premium-activated': () => premiumActivatedEmail(member),
  'payment-failed': () =>
    paymentFailedEmail(member, {
      invoiceUrl: 'https://invoice.stripe.com/i/acct_sample/inv_sample',
      nextAttemptAt: new Date('2026-12-03T00:00:00Z'),
    }),
  'contact-received': () => contactReceivedEmail(contactEmails(config.siteUrl).support, message),
  'contact-confirmation': () => contactConfirmationEmail(message),
  'newsletter-confirm': () => newsletterConfirmEmail(member.email, 'sample-token'),
  'follow-confirm': () => followConfirmEmail(member.email, 'Acme Writer', 'sample-token'),
  'manager-message': () =>
    managerMessageEmail('sam.staff@example.com', {
      managerFirstName: 'Sam',
      name: message.name,
      email: message.email,
      message: message.message,
    }),
  'verify-email': () => verifyEmailEmail(member, { token: 'sample-token', code: '042917' }),
  'email-change-verify': () => emailChangeVerifyEmail(member, 'ada.lovelace@example.org', 'sample-token'),
  'email-change-requested': () => emailChangeRequestedEmail(member, 'ada.lovelace@example.org'),
  'email-change-applied': () => emailChangeAppliedEmail(member, 'ada.lovelace@example.org'),
  'account-closed': () => accountClosedEmail(member, new Date('2026-12-27T00:00:00Z'), 1),
  'close-account-code': () => closeAccountCodeEmail(member, '042917'),
  'reset-password': () => resetPasswordEmail(member, `${config.siteUrl}/auth/reset-link/sample-token`),
  'password-changed': () => passwordChangedEmail(member, 'reset'),
  'claim-revoked': () => claimRevokedEmail(member, tool, 'The DNS record that proved it now names another company.'),
  'claim-code': () => claimCodeEmail('ada@acme-writer.com', tool, '042917'),
  'claim-verified': () => claimVerifiedEmail(member, tool, 'dns'),
  'claim-recheck-failing': () =>
    claimFailingEmail(member, tool, {
      found: 'No TXT record was found at _aitools-verify.acme-writer.com.',
      graceUntil: new Date('2026-12-11T00:00:00Z'),
    }),
  'claim-confirm-due': () =>
    claimConfirmDueEmail(member, tool, {
      address: 'ada@acme-writer.com',
      graceUntil: new Date('2026-12-11T00:00:00Z'),
    }),
  'claim-lapsed': () => claimLapsedEmail(member, tool, 'No TXT record was found at _aitools-verify.acme-writer.com.'),
  'claim-suspended': () => claimSuspendedEmail(member, tool, 'acme-writer.io'),
  'report-received': () => reportReceivedEmail(member.email, tool, { reference: 'R-7KQ2M9', type: 'pricing-wrong' }),
  'report-outcome': () =>
    reportOutcomeEmail(member.email, tool, {
      reference: 'R-7KQ2M9',
      resolution: 'fixed',
      note: 'The listing now says Freemium, as the pricing page does.',
    }),
  'report-on-your-tool': () =>
    reportOnYourToolEmail(member, tool, { type: 'pricing-wrong', details: ['The right pricing: Freemium'] }),
  'follow-alert': () =>
    followAlertEmail(
      member.email,
      [
        {
          eventId: 1,
          kind: 'score',
          toolName: tool.name,
          toolSlug: tool.slug,
          category: null,
          text: 'Score changed from 7 to 8',
        },
        {
          eventId: 2,
          kind: 'approved',
          toolName: 'Quill Notes',
          toolSlug: 'quill-notes',
          category: 'productivity',
          text: 'Newly listed in Productivity',
        },
      ],
      listLinks('sample-manage-token'),
    ),
  digest: () => digestEmail(member.email, digestIssue, { updates: digestUpdates, ...listLinks('sample-token') }),
};

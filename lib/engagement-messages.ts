// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
import { SITE_NAME } from './constants';
import { SLOT_LOCK_HOURS } from './newsletter';

export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  /** The one answer to every subscribe, whoever the address is (who is subscribed is never told). */
  subscribeSent: 'Check your inbox: we sent a link to confirm your subscription. Nothing is sent until you confirm.',
  subscribeTooMany: 'Too many subscription requests. Please wait an hour and try again.',
  subscribeAddressTooMany: 'Too many subscription requests for this address. Please try again tomorrow.',
  /** A confirmation link that is unknown, used, or older than FORGET_UNCONFIRMED_DAYS. */
  confirmLinkInvalid: 'This confirmation link is not valid any more. Subscribe again to get a new one.',
  confirmed: 'You are subscribed. Welcome! You can change what you receive here at any time.',
  /** A preference link with an unknown token. */
  manageLinkInvalid: 'This link is not valid. Use the link in the newest e-mail from us, or subscribe again.',
  preferencesSaved: 'Your preferences are saved.',
  stoppedFollowing: 'Stopped following.',
  unsubscribed: 'You are unsubscribed from everything. We will not e-mail you again unless you subscribe again.',
  notSubscribed: 'This address is not subscribed: confirm it first, or subscribe again.',
  tokenTooMany: 'Too many requests. Please wait 15 minutes and try again.',
  unknownFollow: 'You do not follow that any more.',
  invalidPreference: 'Unknown preference.',
  oneClickExpected: 'Expected the body List-Unsubscribe=One-Click',
  // --- digest (the admin Newsletter tab, the archive) ---
  digestTitle: 'The weekly digest',
  digestIssueTitle: (date: string) => `The weekly digest of ${date}`,
  digestArchiveIntro:
    "Every issue of the weekly digest: the tools our editors approved, re-reviews and score changes, tools that closed, and listings corrected after a reader's report.",
  digestArchiveEmpty: 'No issue has been sent yet.',
  digestApproved: 'New in the directory',
  digestRereviews: 'Re-reviewed',
  digestDiscontinued: 'Discontinued',
  digestCorrections: 'Corrected after a reader report',
  digestFollowUpdates: 'Updates to what you follow',
  digestScore: (score: number | null) => (score === null ? 'Not scored' : `Score ${score}/10`),
  digestScoreChange: (oldScore: number | null, newScore: number) =>
    oldScore === null || oldScore === newScore
      ? `Score ${newScore}/10, unchanged`
      : `Score changed from ${oldScore} to ${newScore}/10`,
  digestTestSubject: (subject: string) => `[Test] ${subject}`,
  digestNotDraft: 'The next issue is already scheduled or sent: unschedule it to draft it again.',
  digestNotFound: 'No such issue.',
  digestNotEditable: 'Only a draft or a scheduled issue can be changed.',
  digestNotScheduled: 'This issue is not scheduled.',
  digestThin: (items: number, min: number) =>
    `This week has ${items} news item${items === 1 ? '' : 's'}, fewer than ${min}: it rolls into the next issue instead of being sent.`,
  digestScheduleInPast: 'Choose a time that is still ahead.',
  digestScheduleOtherDay: (date: string) => `An issue is sent on its own day: choose a time on ${date} (UTC).`,
  digestScheduleInvalid: 'Choose a date and time to send it.',
  digestTestSent: (email: string) => `A test was sent to ${email}.`,
  digestDrafted: 'Drafted from the data',
  digestDraftFailed: 'Could not draft the issue',
  digestIntroSaved: 'Intro saved',
  digestIntroFailed: 'Could not save the intro',
  digestTestFailed: 'Could not send the test',
  digestScheduled: 'Issue scheduled',
  digestScheduleFailed: 'Could not schedule the issue',
  digestUnscheduled: 'Issue unscheduled',
  digestSentNow: (recipients: number) => `Sent to ${recipients} reader${recipients === 1 ? '' : 's'}`,
  digestSendNowFailed: 'Could not send the issue',
  digestSentToday: 'An issue was already sent today: schedule this one for its own day instead.',
  digestUnscheduleFailed: 'Could not unschedule the issue',
  digestPreviewFailed: 'Could not load the preview',
  digestNoDraft: 'No issue is being prepared. Draft the next one from the data.',
  // --- follow (follow, save, compare) ---
  followAddressNeeded: 'Enter your e-mail address to follow, or sign in.',
  followTargetUnknown: 'Choose a tool or a category to follow.',
  followTooMany: 'Too many follow requests from here. Try again in an hour.',
  followAddressTooMany: 'Too many follow requests for this address. Please try again tomorrow.',
  /** A follow confirmation link that is unknown, used, or older than FOLLOW_CONFIRM_DAYS (docs/decisions/0112). */
  followConfirmLinkInvalid: 'This link is not valid any more. Follow again from the page to get a new one.',
  /** The preference page after a follow was confirmed from its e-mail. */
  followConfirmed: 'Follow confirmed. Its news arrives with your other updates.',
  /** Signed in: the follow counts at once. */
  followed: (name: string) => `You follow ${name}. Its news arrives in the weekly digest, or daily if you choose.`,
  /**
   * By e-mail: never says whether the address was known. A new address confirms itself, one already confirmed confirms
   * this follow (docs/decisions/0112): either way, a link in an e-mail.
   */
  followPending: 'Check your inbox: we sent a link to confirm, and the follow starts when you do.',
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  unsaveFailed: 'Could not remove it. Try again.',
  saveTooMany: 'Too many changes to your saved tools. Try again in an hour.',
  saved: (name: string) => `${name} is in your saved tools.`,
  unsaved: (name: string) => `${name} is no longer in your saved tools.`,
  compareToolsInvalid: 'Name two or three different listed tools to compare.',
  /** The three-tool compare for a viewer it is not on for. */
  threeWayLocked: 'Comparing three tools side by side is an early-access feature for Premium members for now.',
  threeWayOff: 'Comparing three tools side by side is not available right now.',
  updateRereview: 'Reviewed again by our editors',
  updateScore: (from: number | null, to: number) => `Score changed from ${from ?? 'none'} to ${to}`,
  updatePricing: (from: string, to: string) => `Now ${to} (was ${from})`,
  updateDiscontinued: 'Discontinued: no longer available',
  updateRevived: 'Listed again: available once more',
  updateAlternative: (name: string) => `New alternative listed: ${name}`,
  updateApproved: (category: string) => `Newly listed in ${category}`,
  followAlertSubject: (count: number) =>
    count === 1 ? 'An update to what you follow' : `${count} updates to what you follow`,
  // --- badges ---
  badgeListedOn: 'Listed on',
  badgeRated: (score: number) => `Rated ${score}/10 on ${SITE_NAME}`,
  badgeReviewed: (month: string) => `reviewed ${month}`,
  badgeVerifiedOwner: 'Verified owner',
  badgeOwnerTitle: (name: string) => `${name}: verified owner on ${SITE_NAME}`,
  badgeNotListed: 'Not currently listed',
  badgeNotListedTitle: `Not currently listed on ${SITE_NAME}`,
  badgeNotFound: 'A badge address ends in .svg: /badge/{slug}.svg',
  badgesTitle: 'Badges for your tools',
  badgesIntro:
    "Link back to your listing from your site or README. Each badge links to the tool's page, and the visits it brings show as Badge visits in Tool Performance.",
  badgeStyleLabels: { listed: 'Listed', rated: 'Rated', owner: 'Verified owner' },
  badgeThemeLabels: { auto: 'Automatic', light: 'Light', dark: 'Dark' },
  badgeAutoNote: 'Automatic follows the colour scheme of the person viewing it.',
  badgeCopied: 'Copied',
  badgeCopyFailed: 'Could not copy: select the snippet and copy it yourself',
  badgeStyleInvalid: 'style must be listed, rated or owner',
  badgeThemeInvalid: 'theme must be auto, light or dark',
  // --- premium benefits (featured slots, early access, account managers) ---
  premiumOnly: 'Featured slots and an account manager come with Premium.',
  slotToolNotYours: 'You can feature only your own tools that are listed in the directory.',
  slotToolNotFound: 'No such tool.',
  slotNotFound: 'No such featured slot.',
  slotNotAnIssue: 'Choose one of the coming issues on the calendar.',
  slotLocked: `That issue is being prepared: bookings close ${SLOT_LOCK_HOURS} hours before it is sent.`,
  slotIssueFull: 'That issue is full. Choose another week.',
  slotAlreadyBooked: 'This tool already has that issue.',
  slotAllowanceUsed: "You have used this quarter's featured slots. Cancel one, or choose an issue in the next quarter.",
  slotsTooMany: 'You have changed your featured slots many times in the last hour. Please wait an hour.',
  flagUnknown: 'No such early-access feature.',
  managerNotPremium: 'Only Premium members have an account manager.',
  managerNotStaff: 'An account manager must be a member of staff.',
  memberNotFound: 'No such member.',
  noAccountManager: 'You have no account manager yet. Write to us from the contact page.',
  managerMessageTooMany: 'You have sent several messages in the last hour. Please wait an hour.',
  slotBooked: 'Featured slot booked',
  slotMoved: 'Featured slot moved',
  slotCancelled: 'Featured slot cancelled',
  slotChangeFailed: 'Could not change your featured slot',
  managerMessageSent: 'Message sent to your account manager',
  managerMessageFailed: 'Could not send your message',
  flagSaved: 'Early access updated',
  flagFailed: 'Could not update early access',
  managerSaved: 'Account manager updated',
  managerFailed: 'Could not update the account manager',
} as const;

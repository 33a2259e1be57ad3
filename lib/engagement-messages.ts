// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
import { SLOT_LOCK_HOURS } from './newsletter';

export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  // --- digest (the admin Newsletter tab, the archive) ---
  // --- follow (follow, save, compare) ---
  // --- badges ---
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

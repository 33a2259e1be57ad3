// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
import { SITE_NAME } from './constants';

export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  // --- digest (the admin Newsletter tab, the archive) ---
  // --- follow (follow, save, compare) ---
  // --- badges ---
  badgeListedOn: 'Listed on',
  badgeRated: (score: number) => `Rated ${score}/10 on ${SITE_NAME}`,
  badgeReviewed: (month: string) => `reviewed ${month}`,
  badgeVerifiedOwner: 'Verified owner',
  badgeOwnerTitle: (name: string) => `${name}: verified owner on ${SITE_NAME}`,
  badgeNotListed: 'Not currently listed',
  badgeNotListedTitle: `Not currently listed on ${SITE_NAME}`,
  badgeNotFound: 'A badge address ends in .svg: /badge/{slug}.svg',
  badgeStyleInvalid: 'style must be listed, rated or owner',
  badgeThemeInvalid: 'theme must be auto, light or dark',
  // --- premium benefits (featured slots, early access, account managers) ---
} as const;

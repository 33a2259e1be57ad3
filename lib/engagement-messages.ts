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
} as const;

// The "Verified owner" mark in words (docs/decisions/0099), one wording for the tool page, its Markdown and the card.
// Pure: the pages and the islands read it.
import type { ClaimMethod } from './claims';
import { longDate } from './format';
import { LISTING_MSG } from './listing-messages';

export interface OwnerMarkInput {
  method: ClaimMethod;
  verifiedAt: Date | string;
}

/**
 * The mark's label and how and when it was verified (`detail` says both): one owner "Verified owner" / "by DNS record
 * since November 3, 2026"; several "2 verified owners" / the first's. Null without a verified owner (the list is first
 * verified first).
 */
export function ownerMarkText(
  owners: readonly OwnerMarkInput[],
): { label: string; how: string; date: string; detail: string } | null {
  const first = owners[0];
  if (!first) return null;
  const how = LISTING_MSG.ownerMethod[first.method];
  const date = longDate(first.verifiedAt);
  return {
    label: owners.length === 1 ? LISTING_MSG.verifiedOwner : LISTING_MSG.verifiedOwners(owners.length),
    how,
    date,
    detail: LISTING_MSG.ownerSince(how, date),
  };
}

/**
 * GET /api/tools's answer is SPEC.md's array and keeps its shape: the slugs of its tools that have a verified owner
 * (their cards' mark) travel beside it in this header, comma-separated; absent when none has one.
 */
export const OWNERS_HEADER = 'X-Verified-Owners';

/** The slugs an answer's OWNERS_HEADER names (slugs hold no comma). */
export function ownedSlugsFrom(headers: Headers): Set<string> {
  return new Set((headers.get(OWNERS_HEADER) ?? '').split(',').filter(Boolean));
}

// Featured slots in the digest (docs/decisions/0105): what the digest reads. Placeholder contract: the Premium
// benefits work fills it (booking, the calendar, the allowance, the clicks); keep the signature.
import type { FeaturedSlot } from '../../lib/newsletter';

/** The slots booked into the issue of `issueDate` (YYYY-MM-DD), in booking order, for the e-mail and the archive. */
export async function featuredSlotsFor(issueDate: string): Promise<FeaturedSlot[]> {
  void issueDate;
  return [];
}

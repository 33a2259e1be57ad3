// Reader reports (docs/decisions/0101): a report of a problem with a listing, taken from anyone; a repeat of an open
// report of the same tool and type is a "+1" on it. The reporter gets a reference and, with an address, the outcome;
// the tool's verified owners hear of each new report.
import { and, eq, inArray } from 'drizzle-orm';
import { db, type Transaction } from '../../db/client';
import { reports, reportVotes, toolOwners, tools, users, type Tool, type User } from '../../db/schema';
import type { ReportInput, ReportSent } from '../../lib/contract';
import { urlKey } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { detailLines, OPEN_REPORT_STATES, REPORT_REFERENCE_ALPHABET } from '../../lib/reports';
import { isSlugShaped } from '../../lib/slug';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { reportOnYourToolEmail, reportReceivedEmail } from '../emails';
import { badRequest, notFound } from '../plugins/errors';
import { addressBucket, rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';

/** The statuses whose tools take reports: the listed ones, and the discontinued ones whose pages stay. */

/** A new random reference (R- and six characters: about a billion of them). */
function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `R-${[...bytes].map((b) => REPORT_REFERENCE_ALPHABET[b % REPORT_REFERENCE_ALPHABET.length]).join('')}`;
}

/**
 * Who reported, as a key that counts them once on a report (and once on a merge of two): their account when signed in,
 * else their address's bucket (an IPv6 /64 is one client), hashed so the address itself is never stored.
 */
function voterKey(reporter: User | null, ip: string): string {
  const who = reporter ? `account:${reporter.id}` : `address:${addressBucket(ip)}`;
  return new Bun.CryptoHasher('sha256').update(`report-voter|${who}`).digest('hex');
}

/**
 * The other listing a "duplicate" report names: its page's address on this site, its slug, or the tool's own website;
 * the slug of a listed tool other than this one, or a 400.
 */
async function otherListingSlug(text: string, tool: Tool, tx: Transaction): Promise<string> {
  const path = /\/tool\/([^/?#.]+)/.exec(text)?.[1];
  const slug = path ?? (isSlugShaped(text.toLowerCase()) ? text.toLowerCase() : null);
  const where = slug ? eq(tools.slug, slug) : /^https?:\/\//i.test(text) ? eq(tools.urlKey, urlKey(text)) : null;
  const other = where
    ? await tx.query.tools.findFirst({ where: and(where, inArray(tools.status, [...PAGE_TOOL_STATUSES])) })
    : undefined;
  if (!other) throw badRequest(LISTING_MSG.reportOtherListingUnknown);
  if (other.id === tool.id) throw badRequest(LISTING_MSG.reportOtherListingSame);
  return other.slug;
}

/** A new report row with a fresh reference (another try in the rare case one is taken). */
async function insertReport(tx: Transaction, values: Omit<typeof reports.$inferInsert, 'reference'>) {
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    const taken = await tx.query.reports.findFirst({ where: eq(reports.reference, reference) });
    if (!taken)
      return (
        await tx
          .insert(reports)
          .values({ ...values, reference })
          .returning()
      )[0];
    if (attempt >= 5) throw new Error('no free report reference');
  }
}

/**
 * Takes a report. The honeypot filled: answered as a success, nothing counted or written. Counted per address (and
 * per account when signed in) before any work; only listed (or discontinued) tools take reports.
 */
export async function submitReport(
  input: ReportInput,
  reporter: User | null,
  ip: string,
  now = new Date(),
): Promise<ReportSent> {
  if (input.website?.trim()) return { reference: newReference() };
  const bucket = addressBucket(ip);
  await requireAttempt(
    [
      rateKey('report-address', bucket),
      rateKey('report-address-day', bucket),
      ...(reporter ? [rateKey('report-account', reporter.id)] : []),
    ],
    LISTING_MSG.reportTooMany,
  );
  return db.transaction(async (tx) => {
    const tool = await tx.query.tools.findFirst({
      where: and(eq(tools.slug, input.toolSlug.toLowerCase()), inArray(tools.status, [...PAGE_TOOL_STATUSES])),
    });
    if (!tool) throw notFound(LISTING_MSG.reportToolNotReportable);
    const details: Record<string, string> = Object.fromEntries(
      Object.entries(input.details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    if (input.type === 'duplicate') details.otherListing = await otherListingSlug(details.otherListing, tool, tx);
    const email = input.email ?? null;

    const open = await tx.query.reports.findFirst({
      where: and(eq(reports.toolId, tool.id), eq(reports.type, input.type), inArray(reports.state, OPEN_REPORT_STATES)),
    });
    if (open) {
      // A "+1": counted once per voter; the same voter again changes nothing and is given the same reference.
      const [vote] = await tx
        .insert(reportVotes)
        .values({ reportId: open.id, voterKey: voterKey(reporter, ip), userId: reporter?.id, email, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reportVotes.id });
      if (vote) {
        await tx
          .update(reports)
          .set({ votes: open.votes + 1, lastReportedAt: now })
          .where(eq(reports.id, open.id));
        if (email) await enqueueEmail(await reportReceivedEmail(email, tool, open), tx);
      }
      return { reference: open.reference };
    }

    const report = await insertReport(tx, {
      toolId: tool.id,
      type: input.type,
      details,
      message: input.message,
      createdAt: now,
      lastReportedAt: now,
    });
    await tx
      .insert(reportVotes)
      .values({ reportId: report.id, voterKey: voterKey(reporter, ip), userId: reporter?.id, email, createdAt: now });
    if (email) await enqueueEmail(await reportReceivedEmail(email, tool, report), tx);
    const owners = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(toolOwners)
      .innerJoin(users, eq(users.id, toolOwners.userId))
      .where(and(eq(toolOwners.toolId, tool.id), eq(toolOwners.status, 'verified')));
    const lines = detailLines(report.type, details, false);
    for (const owner of owners)
      await enqueueEmail(await reportOnYourToolEmail(owner, tool, { type: report.type, details: lines }), tx);
    return { reference: report.reference };
  });
}

// The weekly digest built from the directory's own data (docs/decisions/0107): what happened in a week, as the content
// snapshot the e-mail and the archive render, and the next issue's draft (its week carrying on from the last issue
// sent, or from the start of a rolled one, so no news is lost).
import { and, asc, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { editorialReviews, newsletterIssues, reports, toolNotes, tools, type NewsletterIssue } from '../../db/schema';
import {
  type DigestContent,
  EMPTY_DIGEST,
  WEEK_MS,
  digestContentOf,
  issueWeekEnd,
  nextIssueDate,
} from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { LISTING_CHANGING_RESOLUTIONS, REPORT_NOTE_TEXT } from '../../lib/reports';
import { PUBLIC_TOOL_STATUS, TOOL_STATUS } from '../../lib/tool-status';
import { conflict } from '../plugins/errors';
import { featuredSlotsFor } from '../premium/slots';

interface Period {
  periodStart: Date;
  periodEnd: Date;
}

const iso = (at: Date) => at.toISOString();

/**
 * What happened in [periodStart, periodEnd): tools approved (highest score first), follow-up reviews with the score
 * before, tools discontinued, and listings corrected after a reader report. Only tools still public now, but a
 * discontinued tool (its page stays). Featured slots are added when the issue is sent.
 */
async function buildDigest(tx: Executor, { periodStart, periodEnd }: Period): Promise<DigestContent> {
  const approvedRows = await tx
    .select({
      name: tools.name,
      slug: tools.slug,
      qualityScore: tools.qualityScore,
      curatorTake: tools.curatorTake,
      approvedAt: tools.approvedAt,
    })
    .from(tools)
    .where(
      and(eq(tools.status, PUBLIC_TOOL_STATUS), gte(tools.approvedAt, periodStart), lt(tools.approvedAt, periodEnd)),
    )
    .orderBy(desc(tools.qualityScore), asc(tools.approvedAt), asc(tools.name));
  const approvedSlugs = new Set(approvedRows.map((t) => t.slug));

  const followUps = await tx
    .select({
      id: editorialReviews.id,
      toolId: editorialReviews.toolId,
      name: tools.name,
      slug: tools.slug,
      curatorTake: editorialReviews.curatorTake,
      qualityScore: editorialReviews.qualityScore,
      reviewedAt: editorialReviews.reviewedAt,
    })
    .from(editorialReviews)
    .innerJoin(tools, eq(tools.id, editorialReviews.toolId))
    .where(
      and(
        eq(editorialReviews.isFollowUp, true),
        eq(tools.status, PUBLIC_TOOL_STATUS),
        gte(editorialReviews.reviewedAt, periodStart),
        lt(editorialReviews.reviewedAt, periodEnd),
      ),
    )
    .orderBy(asc(editorialReviews.reviewedAt), asc(editorialReviews.id));
  // Every review of those tools, to find the score each tool had before the week's first re-review.
  const history = followUps.length
    ? await tx
        .select({
          id: editorialReviews.id,
          toolId: editorialReviews.toolId,
          qualityScore: editorialReviews.qualityScore,
          reviewedAt: editorialReviews.reviewedAt,
        })
        .from(editorialReviews)
        .where(inArray(editorialReviews.toolId, [...new Set(followUps.map((r) => r.toolId))]))
        .orderBy(asc(editorialReviews.reviewedAt), asc(editorialReviews.id))
    : [];
  // One line per tool: its newest re-review of the week against the score before the first one.
  const byTool = new Map<number, { first: (typeof followUps)[number]; last: (typeof followUps)[number] }>();
  for (const review of followUps) {
    const seen = byTool.get(review.toolId);
    byTool.set(review.toolId, { first: seen?.first ?? review, last: review });
  }
  const rereviews = [...byTool.values()]
    .filter(({ last }) => !approvedSlugs.has(last.slug))
    .map(({ first, last }) => {
      const earlier = history.filter(
        (h) =>
          h.toolId === first.toolId &&
          (h.reviewedAt < first.reviewedAt ||
            (h.reviewedAt.getTime() === first.reviewedAt.getTime() && h.id < first.id)),
      );
      return {
        name: last.name,
        slug: last.slug,
        oldScore: earlier.at(-1)?.qualityScore ?? null,
        newScore: last.qualityScore,
        curatorTake: last.curatorTake,
        reviewedAt: iso(last.reviewedAt),
      };
    })
    .sort((a, b) => b.newScore - a.newScore || a.name.localeCompare(b.name));

  const discontinuedRows = await tx
    .select({
      name: tools.name,
      slug: tools.slug,
      discontinuedAt: tools.discontinuedAt,
      reason: tools.discontinuedReason,
    })
    .from(tools)
    .where(
      and(
        eq(tools.status, TOOL_STATUS.discontinued),
        gte(tools.discontinuedAt, periodStart),
        lt(tools.discontinuedAt, periodEnd),
      ),
    )
    .orderBy(asc(tools.discontinuedAt), asc(tools.name));

  // A resolved report that changed the listing wrote a line of the tool's public history: the digest repeats it.
  const correctionRows = await tx
    .select({
      name: tools.name,
      slug: tools.slug,
      type: reports.type,
      note: toolNotes.text,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .innerJoin(tools, eq(tools.id, reports.toolId))
    .leftJoin(toolNotes, and(eq(toolNotes.source, 'report'), eq(toolNotes.sourceId, reports.id)))
    .where(
      and(
        eq(reports.state, 'resolved'),
        inArray(reports.resolution, [...LISTING_CHANGING_RESOLUTIONS]),
        eq(tools.status, PUBLIC_TOOL_STATUS),
        gte(reports.resolvedAt, periodStart),
        lt(reports.resolvedAt, periodEnd),
      ),
    )
    .orderBy(asc(reports.resolvedAt), asc(reports.id));
  const seenCorrections = new Set<string>();
  const corrections = correctionRows.flatMap((row) => {
    const text = row.note ?? REPORT_NOTE_TEXT[row.type];
    const key = `${row.slug}\n${text}`;
    if (seenCorrections.has(key) || !row.resolvedAt) return [];
    seenCorrections.add(key);
    return [{ name: row.name, slug: row.slug, text, at: iso(row.resolvedAt) }];
  });

  return {
    ...EMPTY_DIGEST,
    approved: approvedRows.map((t) => ({ ...t, approvedAt: iso(t.approvedAt ?? periodStart) })),
    rereviews,
    discontinued: discontinuedRows.map((t) => ({ ...t, discontinuedAt: iso(t.discontinuedAt ?? periodStart) })),
    corrections,
  };
}

/** An issue's content now: the week's news and the featured slots booked into its day. */
export async function issueSnapshot(tx: Executor, issueDate: string, period: Period): Promise<DigestContent> {
  return { ...(await buildDigest(tx, period)), featured: await featuredSlotsFor(issueDate, tx) };
}

/**
 * The week the issue of `issueDate` covers: up to its day's midnight, from where the last issue before it left off (a
 * sent or scheduled issue's end, or a rolled issue's start, whose news carries on), or a week back for the first one.
 */
export async function periodFor(tx: Executor, issueDate: string): Promise<Period> {
  const periodEnd = issueWeekEnd(issueDate);
  const [previous] = await tx
    .select()
    .from(newsletterIssues)
    .where(and(lt(newsletterIssues.issueDate, issueDate), ne(newsletterIssues.status, 'draft')))
    .orderBy(desc(newsletterIssues.issueDate))
    .limit(1);
  const start = previous
    ? previous.status === 'rolled'
      ? previous.periodStart
      : previous.periodEnd
    : new Date(periodEnd.getTime() - WEEK_MS);
  return { periodStart: start, periodEnd };
}

/**
 * "Draft from the data": the next issue's draft, made or refreshed (its content built again, its intro kept). A
 * scheduled next issue must be unscheduled first, so what was previewed is what goes out.
 */
export async function draftNextIssue(tx: Executor, now: Date, actorId: number | null): Promise<NewsletterIssue> {
  const issueDate = nextIssueDate(now);
  const period = await periodFor(tx, issueDate);
  const content = await issueSnapshot(tx, issueDate, period);
  const [existing] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, issueDate));
  if (existing && existing.status !== 'draft') throw conflict(ENGAGE_MSG.digestNotDraft);
  if (existing) {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ ...period, content, updatedById: actorId, updatedAt: now })
      .where(eq(newsletterIssues.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await tx
    .insert(newsletterIssues)
    .values({ issueDate, status: 'draft', ...period, content, updatedById: actorId, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/** An issue's snapshot, read back through its schema. */
export const issueContent = (issue: Pick<NewsletterIssue, 'content'>): DigestContent => digestContentOf(issue.content);

// The admin Reports tab (docs/decisions/0101): reader reports grouped by tool, and the editors' steps on them
// (acknowledge, resolve, dismiss, merge), each audit-logged in its transaction. A resolution that changed the listing
// writes a line of the tool's public history; resolving tells every reporter who left an address (never for spam).
import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db, type Transaction } from '../../db/client';
import { reports, reportVotes, toolNotes, tools, users, type Report, type Tool } from '../../db/schema';
import { REPORTS_TAG, toolTag } from '../../lib/cache-tags';
import type { AdminReport, AdminReportGroup, AdminReportsQuery, ResolveReportInput } from '../../lib/contract';
import type { ReportAge } from '../../lib/reports';
import { LISTING_MSG } from '../../lib/listing-messages';
import {
  LISTING_CHANGING_RESOLUTIONS,
  OPEN_REPORT_STATES,
  REPORT_NOTE_TEXT,
  type ReportResolution,
} from '../../lib/reports';
import { recordAudit } from '../audit';
import { reportOutcomeEmail } from '../emails';
import { requestRebuild } from '../publishing/rebuild-queue';
import { conflict, notFound } from '../plugins/errors';
import { enqueueEmail } from '../services/email';
import { personColumns, personOf } from './shared';

const DAY = 24 * 60 * 60 * 1000;
/** The most reports one answer lists: the tab is for triage, the oldest open ones stay until handled. */
const MAX_LISTED = 500;

/** The age filter as a condition on when a report was last made. */
function ageCondition(age: ReportAge, now: Date): SQL {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  if (age === 'day') return gte(reports.lastReportedAt, before(1));
  if (age === 'week') return gte(reports.lastReportedAt, before(7));
  if (age === 'month') return gte(reports.lastReportedAt, before(30));
  return lt(reports.lastReportedAt, before(30));
}

const handler = alias(users, 'handler');
const target = alias(reports, 'target');

/** The reports the filters keep, grouped by tool; the tool with the most recent report first. */
export async function listReports(query: AdminReportsQuery, now = new Date()): Promise<AdminReportGroup[]> {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(reports.type, query.type));
  if (query.state === 'open') conditions.push(inArray(reports.state, OPEN_REPORT_STATES));
  else if (query.state !== 'all') conditions.push(eq(reports.state, query.state));
  if (query.age) conditions.push(ageCondition(query.age, now));
  const followers = db
    .select({ reportId: reportVotes.reportId, n: sql<number>`count(*)`.as('n') })
    .from(reportVotes)
    .where(isNotNull(reportVotes.email))
    .groupBy(reportVotes.reportId)
    .as('followers');
  const rows = await db
    .select({
      report: reports,
      tool: { id: tools.id, name: tools.name, slug: tools.slug, url: tools.url, status: tools.status },
      handler: personColumns(handler),
      duplicateOf: target.reference,
      followers: followers.n,
    })
    .from(reports)
    .innerJoin(tools, eq(tools.id, reports.toolId))
    .leftJoin(handler, eq(handler.id, reports.handledById))
    .leftJoin(target, eq(target.id, reports.duplicateOfId))
    .leftJoin(followers, eq(followers.reportId, reports.id))
    .where(and(...conditions))
    .orderBy(desc(reports.lastReportedAt), desc(reports.id))
    .limit(MAX_LISTED);
  const groups = new Map<number, AdminReportGroup>();
  for (const row of rows) {
    const group = groups.get(row.tool.id) ?? { tool: row.tool, reports: [] };
    groups.set(row.tool.id, group);
    group.reports.push(adminReport(row.report, row.handler, row.duplicateOf, row.followers ?? 0));
  }
  return [...groups.values()];
}

function adminReport(
  report: Report,
  handledBy: Parameters<typeof personOf>[0],
  duplicateOf: string | null,
  followers: number,
): AdminReport {
  const { toolId: _, handledById: __, changedListing: ___, duplicateOfId: ____, ...rest } = report;
  return { ...rest, followers, duplicateOf, handledBy: personOf(handledBy) };
}

/** One report as the tab shows it, read after a change. */
async function reportById(id: number, tx: Transaction): Promise<AdminReport> {
  const followers = await tx.$count(reportVotes, and(eq(reportVotes.reportId, id), isNotNull(reportVotes.email)));
  const [row] = await tx
    .select({ report: reports, handler: personColumns(handler), duplicateOf: target.reference })
    .from(reports)
    .leftJoin(handler, eq(handler.id, reports.handledById))
    .leftJoin(target, eq(target.id, reports.duplicateOfId))
    .where(eq(reports.id, id));
  return adminReport(row.report, row.handler, row.duplicateOf, followers);
}

async function openReport(tx: Transaction, id: number): Promise<{ report: Report; tool: Tool }> {
  const report = await tx.query.reports.findFirst({ where: eq(reports.id, id) });
  if (!report) throw notFound(LISTING_MSG.reportNotFound);
  if (report.state === 'resolved') throw conflict(LISTING_MSG.reportAlreadyResolved);
  const tool = await tx.query.tools.findFirst({ where: eq(tools.id, report.toolId) });
  // The foreign key cascades: a report's tool is always there.
  return { report, tool: tool! };
}

/** new → acknowledged, with an optional note; a report already acknowledged or resolved is a 409. */
export async function acknowledgeReport(
  id: number,
  note: string | undefined,
  actorId: number,
  now = new Date(),
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const { report } = await openReport(tx, id);
    if (report.state !== 'new') throw conflict(LISTING_MSG.reportAlreadyAcknowledged);
    const after = {
      state: 'acknowledged' as const,
      note: note || report.note,
      acknowledgedAt: now,
      handledById: actorId,
    };
    await tx.update(reports).set(after).where(eq(reports.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'report.acknowledge',
      entityType: 'report',
      entityId: id,
      before: { state: report.state, note: report.note },
      after: { state: after.state, note: after.note },
    });
    return reportById(id, tx);
  });
}

/**
 * An open report → resolved with its resolution and note (dismissing is resolving as no-change or spam). A fixing
 * resolution adds its line to the tool's public history and names the tool's tag; every resolution names the
 * figures' tag. The reporters who left an address hear the outcome (spam: nobody), and their addresses are then
 * forgotten: they were kept for that one e-mail.
 */
export async function resolveReport(
  id: number,
  { resolution, note }: ResolveReportInput,
  actorId: number,
  now = new Date(),
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const { report, tool } = await openReport(tx, id);
    const changedListing = (LISTING_CHANGING_RESOLUTIONS as readonly ReportResolution[]).includes(resolution);
    await tx
      .update(reports)
      .set({ state: 'resolved', resolution, note, changedListing, resolvedAt: now, handledById: actorId })
      .where(eq(reports.id, id));
    const tags = [REPORTS_TAG];
    if (changedListing) {
      await tx.insert(toolNotes).values({
        toolId: tool.id,
        text: REPORT_NOTE_TEXT[report.type],
        source: 'report',
        sourceId: id,
        createdAt: now,
      });
      tags.push(toolTag(tool.slug));
    }
    await requestRebuild(`report ${report.reference} resolved: ${tool.slug}`, tx, tags);
    await tellReporters(tx, report, tool, resolution, note);
    await recordAudit(tx, {
      actorId,
      action: 'report.resolve',
      entityType: 'report',
      entityId: id,
      before: { state: report.state, resolution: null, note: report.note },
      after: { state: 'resolved', resolution, note, changedListing },
    });
    return reportById(id, tx);
  });
}

/** The outcome to every vote's address (none for spam), then the addresses dropped. */
async function tellReporters(
  tx: Transaction,
  report: Report,
  tool: Tool,
  resolution: ReportResolution,
  note: string,
): Promise<void> {
  const votes = await tx
    .select({ email: reportVotes.email })
    .from(reportVotes)
    .where(and(eq(reportVotes.reportId, report.id), isNotNull(reportVotes.email)));
  if (resolution !== 'spam') {
    for (const email of new Set(votes.map((vote) => vote.email!)))
      await enqueueEmail(await reportOutcomeEmail(email, tool, { reference: report.reference, resolution, note }), tx);
  }
  await tx.update(reportVotes).set({ email: null }).where(eq(reportVotes.reportId, report.id));
}

/**
 * Merges an open report into another open report of the same tool (named by its reference): its voters move over (a
 * voter already on the other counts once) and will hear that report's outcome; it is resolved as a duplicate.
 */
export async function mergeReport(id: number, into: string, actorId: number, now = new Date()): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const { report, tool } = await openReport(tx, id);
    const other = await tx.query.reports.findFirst({ where: eq(reports.reference, into) });
    if (other?.id === report.id) throw conflict(LISTING_MSG.reportMergeSelf);
    if (!other || other.toolId !== report.toolId || other.state === 'resolved')
      throw conflict(LISTING_MSG.reportMergeTargetUnknown);
    const votes = await tx.select().from(reportVotes).where(eq(reportVotes.reportId, report.id));
    const theirs = await tx.select().from(reportVotes).where(eq(reportVotes.reportId, other.id));
    const already = new Map(theirs.map((vote) => [vote.voterKey, vote]));
    // A voter on both reports counts once; the address they left on this one is kept for the outcome.
    for (const vote of votes) {
      const twin = already.get(vote.voterKey);
      if (twin && !twin.email && vote.email)
        await tx.update(reportVotes).set({ email: vote.email }).where(eq(reportVotes.id, twin.id));
    }
    const moved = votes.filter((vote) => !already.has(vote.voterKey));
    if (moved.length > 0)
      await tx
        .update(reportVotes)
        .set({ reportId: other.id })
        .where(
          inArray(
            reportVotes.id,
            moved.map((vote) => vote.id),
          ),
        );
    const lastReportedAt = new Date(Math.max(report.lastReportedAt.getTime(), other.lastReportedAt.getTime()));
    await tx
      .update(reports)
      .set({ votes: other.votes + moved.length, lastReportedAt })
      .where(eq(reports.id, other.id));
    const note = `Merged into ${other.reference}`;
    await tx
      .update(reports)
      .set({
        state: 'resolved',
        resolution: 'duplicate',
        note,
        duplicateOfId: other.id,
        resolvedAt: now,
        handledById: actorId,
      })
      .where(eq(reports.id, report.id));
    await requestRebuild(`report ${report.reference} merged: ${tool.slug}`, tx, [REPORTS_TAG]);
    await recordAudit(tx, {
      actorId,
      action: 'report.merge',
      entityType: 'report',
      entityId: report.id,
      before: { state: report.state, votes: report.votes },
      after: { state: 'resolved', resolution: 'duplicate', duplicateOf: other.reference, movedVotes: moved.length },
    });
    return reportById(report.id, tx);
  });
}

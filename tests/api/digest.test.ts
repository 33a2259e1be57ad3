// The weekly digest: built from a seeded week of the directory's data, a thin week rolling into the next, the admin
// Newsletter tab's calls, the send enqueueing one outbox row per eligible reader (never twice), and the archive.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  editorialReviews,
  newsletterIssues,
  reports,
  toolNotes,
  tools,
  type NewsletterIssue,
  type Tool,
} from '../../db/schema';
import { draftNextIssue } from '../../api/newsletter/digest';
import { sendDueIssues } from '../../api/newsletter/digest-send';
import { digestContentOf } from '../../lib/digest';
import { makeTool } from '../helpers/admin';

const at = (iso: string) => new Date(iso);
const draft = (now: Date) => db.transaction((tx) => draftNextIssue(tx, now, null));
const reloadIssue = async (id: number) =>
  (await db.query.newsletterIssues.findFirst({ where: eq(newsletterIssues.id, id) })) as NewsletterIssue;

async function review(tool: Tool, qualityScore: number, reviewedAt: Date, isFollowUp: boolean) {
  await db
    .insert(editorialReviews)
    .values({ toolId: tool.id, qualityScore, curatorTake: `Take at ${qualityScore}.`, reviewedAt, isFollowUp });
}

async function resolvedReport(tool: Tool, resolution: 'fixed' | 'no-change', resolvedAt: Date) {
  const [report] = await db
    .insert(reports)
    .values({
      reference: `R-${crypto.randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`,
      toolId: tool.id,
      type: 'pricing-wrong',
      state: 'resolved',
      resolution,
      changedListing: resolution === 'fixed',
      resolvedAt,
    })
    .returning();
  if (resolution === 'fixed')
    await db.insert(toolNotes).values({
      toolId: tool.id,
      text: 'Pricing corrected after a reader report',
      source: 'report',
      sourceId: report.id,
    });
}

describe('building a digest from the week', () => {
  // The week of the issue of Monday 2030-01-07: [2029-12-31, 2030-01-07).
  let best: Tool;
  let good: Tool;
  let rereviewed: Tool;
  let gone: Tool;
  let corrected: Tool;
  beforeAll(async () => {
    await db.delete(newsletterIssues);
    good = await makeTool({
      status: 'approved',
      name: 'Good Glyph',
      qualityScore: 6,
      approvedAt: at('2030-01-02T10:00:00Z'),
    });
    best = await makeTool({
      status: 'approved',
      name: 'Best Brush',
      qualityScore: 9,
      approvedAt: at('2030-01-03T10:00:00Z'),
      curatorTake: 'The best.',
    });
    // Approved in the week but unlisted since; approved the week before: neither is news.
    await makeTool({
      status: 'unlisted',
      name: 'Hidden Hue',
      qualityScore: 10,
      approvedAt: at('2030-01-04T10:00:00Z'),
    });
    await makeTool({
      status: 'approved',
      name: 'Early Easel',
      qualityScore: 10,
      approvedAt: at('2029-12-30T10:00:00Z'),
    });
    rereviewed = await makeTool({
      status: 'approved',
      name: 'Re Render',
      qualityScore: 8,
      approvedAt: at('2029-06-01T10:00:00Z'),
    });
    await review(rereviewed, 5, at('2029-06-01T10:00:00Z'), false);
    await review(rereviewed, 8, at('2030-01-05T10:00:00Z'), true);
    // A re-review outside the week is not news.
    const old = await makeTool({ status: 'approved', name: 'Old Oak', approvedAt: at('2029-01-01T10:00:00Z') });
    await review(old, 6, at('2029-12-20T10:00:00Z'), true);
    gone = await makeTool({
      status: 'discontinued',
      name: 'Gone Gadget',
      approvedAt: at('2029-01-01T10:00:00Z'),
      discontinuedAt: at('2030-01-02T00:00:00Z'),
      discontinuedReason: 'The company shut down.',
    });
    corrected = await makeTool({ status: 'approved', name: 'Fixed Flow', approvedAt: at('2029-01-01T10:00:00Z') });
    await resolvedReport(corrected, 'fixed', at('2030-01-04T12:00:00Z'));
    // Dismissed without a change to the listing: not a correction.
    await resolvedReport(good, 'no-change', at('2030-01-04T12:00:00Z'));
  });

  it('lists the approved tools by score with their take, re-reviews with the score before, discontinued tools and corrections', async () => {
    const issue = await draft(at('2030-01-06T12:00:00Z'));
    expect(issue).toMatchObject({
      issueDate: '2030-01-07',
      status: 'draft',
      periodStart: at('2029-12-31T00:00:00Z'),
      periodEnd: at('2030-01-07T00:00:00Z'),
    });
    const content = digestContentOf(issue.content);
    expect(content.approved.map((t) => [t.name, t.qualityScore])).toEqual([
      ['Best Brush', 9],
      ['Good Glyph', 6],
    ]);
    expect(content.approved[0].curatorTake).toBe('The best.');
    expect(content.rereviews).toEqual([
      expect.objectContaining({ slug: rereviewed.slug, oldScore: 5, newScore: 8, curatorTake: 'Take at 8.' }),
    ]);
    expect(content.discontinued).toEqual([
      expect.objectContaining({ slug: gone.slug, reason: 'The company shut down.' }),
    ]);
    expect(content.corrections).toEqual([
      expect.objectContaining({ slug: corrected.slug, text: 'Pricing corrected after a reader report' }),
    ]);
  });

  it('keeps its snapshot when a tool changes later, and refreshing the draft keeps the intro', async () => {
    const issue = await draft(at('2030-01-06T12:00:00Z'));
    await db.update(newsletterIssues).set({ intro: 'Hello.' }).where(eq(newsletterIssues.id, issue.id));
    await db.update(tools).set({ name: 'Renamed Brush' }).where(eq(tools.id, best.id));
    expect(digestContentOf((await reloadIssue(issue.id)).content).approved[0].name).toBe('Best Brush');
    const refreshed = await draft(at('2030-01-06T13:00:00Z'));
    expect(refreshed.id).toBe(issue.id);
    expect(refreshed.intro).toBe('Hello.');
    expect(digestContentOf(refreshed.content).approved[0].name).toBe('Renamed Brush');
  });
});

describe('a thin week', () => {
  beforeEach(async () => {
    await db.delete(newsletterIssues);
  });

  it('rolls into the next issue: its week carries on, and nothing is sent', async () => {
    // The issue of Monday 2031-01-06 covers [2030-12-30, 2031-01-06): one tool only.
    await makeTool({ status: 'approved', name: 'Lone Lamp', qualityScore: 7, approvedAt: at('2031-01-02T10:00:00Z') });
    const thin = await draft(at('2031-01-05T10:00:00Z'));
    expect(thin.issueDate).toBe('2031-01-06');
    await sendDueIssues(at('2031-01-06T09:00:00Z'));
    expect(await reloadIssue(thin.id)).toMatchObject({ status: 'rolled', sentAt: null, recipients: 0 });
    // The next week brings two more: the next issue has all three, from the rolled one's start.
    await makeTool({ status: 'approved', name: 'Next Nib', qualityScore: 8, approvedAt: at('2031-01-08T10:00:00Z') });
    await makeTool({ status: 'approved', name: 'New Node', qualityScore: 6, approvedAt: at('2031-01-09T10:00:00Z') });
    const next = await draft(at('2031-01-10T10:00:00Z'));
    expect(next).toMatchObject({
      issueDate: '2031-01-13',
      periodStart: at('2030-12-30T00:00:00Z'),
      periodEnd: at('2031-01-13T00:00:00Z'),
    });
    expect(digestContentOf(next.content).approved.map((t) => t.name)).toEqual(['Next Nib', 'Lone Lamp', 'New Node']);
  });
});

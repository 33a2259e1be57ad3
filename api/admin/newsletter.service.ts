// The admin Newsletter tab's work (docs/decisions/0107): the issues, "Draft from the data", the intro, the preview, a
// test to the editor, scheduling and unscheduling. Every move but reading is audited.
import { and, desc, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { newsletterIssues, type NewsletterIssue } from '../../db/schema';
import type { AdminIssue } from '../../lib/contract';
import { type DigestContent, digestItemCount, isOnIssueDay, isThinDigest } from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { DIGEST_MIN_ITEMS } from '../../lib/newsletter';
import { utcDay } from '../../lib/metrics';
import { recordAudit } from '../audit';
import { digestEmail } from '../emails';
import { draftNextIssue, issueContent, issueSnapshot, periodFor } from '../newsletter/digest';
import { finishSending, sendTestIssue } from '../newsletter/digest-send';
import { listLinks } from '../newsletter/subscribers';
import { badRequest, conflict, notFound } from '../plugins/errors';

function adminIssue(issue: NewsletterIssue): AdminIssue {
  const content = issueContent(issue);
  return {
    id: issue.id,
    issueDate: issue.issueDate,
    status: issue.status,
    intro: issue.intro,
    periodStart: issue.periodStart,
    periodEnd: issue.periodEnd,
    scheduledFor: issue.scheduledFor,
    sentAt: issue.sentAt,
    recipients: issue.recipients,
    items: digestItemCount(content),
    content,
  };
}

async function issueById(tx: Executor, id: number): Promise<NewsletterIssue> {
  const issue = await tx.query.newsletterIssues.findFirst({ where: eq(newsletterIssues.id, id) });
  if (!issue) throw notFound(ENGAGE_MSG.digestNotFound);
  return issue;
}

/** Only a draft or a scheduled issue may still change (409 once it is sending, sent or rolled). */
function requireEditable(issue: NewsletterIssue): void {
  if (issue.status !== 'draft' && issue.status !== 'scheduled') throw conflict(ENGAGE_MSG.digestNotEditable);
}

/** A week with too little news is not sent: it rolls into the next issue (409 with the count). */
function requireNotThin(content: DigestContent): void {
  if (isThinDigest(content)) throw conflict(ENGAGE_MSG.digestThin(digestItemCount(content), DIGEST_MIN_ITEMS));
}

/** Every issue, the newest day first: the next one's draft, then what was sent (with its recipients) or rolled. */
export async function listIssues(): Promise<AdminIssue[]> {
  const rows = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.issueDate));
  return rows.map(adminIssue);
}

export async function draftIssue(actorId: number, now = new Date()): Promise<AdminIssue> {
  return adminIssue(await db.transaction((tx) => draftNextIssue(tx, now, actorId)));
}

/** The intro can change until the issue starts sending. */
export async function setIntro(id: number, intro: string, actorId: number, now = new Date()): Promise<AdminIssue> {
  return db.transaction(async (tx) => {
    const issue = await issueById(tx, id);
    requireEditable(issue);
    const [row] = await tx
      .update(newsletterIssues)
      .set({ intro, updatedById: actorId, updatedAt: now })
      .where(eq(newsletterIssues.id, id))
      .returning();
    return adminIssue(row);
  });
}

/** The e-mail as a reader without follow updates gets it, with links that lead nowhere personal. */
export async function previewIssue(id: number): Promise<{ subject: string; html: string }> {
  const issue = await issueById(db, id);
  const { subject, html } = await digestEmail(
    '',
    { issueDate: issue.issueDate, intro: issue.intro, content: issueContent(issue) },
    { updates: [], ...listLinks('preview') },
  );
  return { subject, html };
}

export async function sendTest(id: number, editor: { id: number; email: string }): Promise<{ message: string }> {
  const issue = await issueById(db, id);
  await sendTestIssue(issue, editor);
  await recordAudit(db, {
    actorId: editor.id,
    action: 'newsletter.send',
    entityType: 'newsletter_issue',
    entityId: issue.id,
    before: null,
    after: { test: true, to: editor.email },
  });
  return { message: ENGAGE_MSG.digestTestSent(editor.email) };
}

/**
 * Schedules a draft (or moves a scheduled issue) to a moment ahead on its own day; a week with too little news is
 * refused, since it rolls into the next issue instead.
 */
export async function scheduleIssue(
  id: number,
  scheduledFor: Date,
  actorId: number,
  now = new Date(),
): Promise<AdminIssue> {
  return db.transaction(async (tx) => {
    const issue = await issueById(tx, id);
    requireEditable(issue);
    if (scheduledFor.getTime() <= now.getTime()) throw badRequest(ENGAGE_MSG.digestScheduleInPast);
    if (!isOnIssueDay(issue.issueDate, scheduledFor))
      throw badRequest(ENGAGE_MSG.digestScheduleOtherDay(issue.issueDate));
    const content = issueContent(issue);
    requireNotThin(content);
    const [row] = await tx
      .update(newsletterIssues)
      .set({ status: 'scheduled', scheduledFor, updatedById: actorId, updatedAt: now })
      .where(eq(newsletterIssues.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'newsletter.schedule',
      entityType: 'newsletter_issue',
      entityId: id,
      before: { status: issue.status, scheduledFor: issue.scheduledFor },
      after: { status: 'scheduled', scheduledFor },
    });
    return adminIssue(row);
  });
}

export async function unscheduleIssue(id: number, actorId: number, now = new Date()): Promise<AdminIssue> {
  return db.transaction(async (tx) => {
    const issue = await issueById(tx, id);
    if (issue.status !== 'scheduled') throw conflict(ENGAGE_MSG.digestNotScheduled);
    const [row] = await tx
      .update(newsletterIssues)
      .set({ status: 'draft', scheduledFor: null, updatedById: actorId, updatedAt: now })
      .where(eq(newsletterIssues.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'newsletter.unschedule',
      entityType: 'newsletter_issue',
      entityId: id,
      before: { status: 'scheduled', scheduledFor: issue.scheduledFor },
      after: { status: 'draft' },
    });
    return adminIssue(row);
  });
}

/**
 * "Send now": a draft or scheduled issue goes out at once instead of on its day (docs/decisions/0105). It is dated
 * today, so its archive address says when it was sent, and covers its news up to now; the next issue starts there. A
 * thin week is refused as for scheduling, and so is a second issue on one day (the archive has one per day).
 */
export async function sendIssueNow(id: number, actorId: number, now = new Date()): Promise<AdminIssue> {
  const today = utcDay(now);
  const sending = await db.transaction(async (tx) => {
    const issue = await issueById(tx, id);
    requireEditable(issue);
    const [other] = await tx
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(and(eq(newsletterIssues.issueDate, today), ne(newsletterIssues.id, id)));
    if (other) throw conflict(ENGAGE_MSG.digestSentToday);
    const period = { periodStart: (await periodFor(tx, issue.issueDate)).periodStart, periodEnd: now };
    const content = await issueSnapshot(tx, today, period);
    requireNotThin(content);
    const [row] = await tx
      .update(newsletterIssues)
      .set({
        issueDate: today,
        status: 'sending',
        ...period,
        content,
        scheduledFor: now,
        updatedById: actorId,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'newsletter.send',
      entityType: 'newsletter_issue',
      entityId: id,
      before: { status: issue.status, issueDate: issue.issueDate },
      after: { status: 'sending', issueDate: today },
    });
    return row;
  });
  await finishSending(sending, now);
  return adminIssue(await issueById(db, id));
}

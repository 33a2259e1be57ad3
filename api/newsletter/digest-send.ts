// Sending the weekly digest (docs/decisions/0107): a due issue is snapshotted and enqueued in batches, one outbox row per
// eligible subscriber with its List-Unsubscribe headers and an idempotency key per recipient and issue, so a send that
// stopped half way resumes without writing anyone twice. N's batch sender delivers the rows; this only enqueues.
import { and, asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { emailOutbox, newsletterIssues, subscribers, type NewsletterIssue } from '../../db/schema';
import { NEWSLETTER_TAG, SITEMAP_TAG } from '../../lib/cache-tags';
import { type DigestContent, isThinDigest } from '../../lib/digest';
import { BATCH_SIZE, type FollowUpdate, issueSendTime } from '../../lib/newsletter';
import { recordAudit } from '../audit';
import { digestEmail } from '../emails';
import { followUpdatesFor, markUpdatesSent, newestEventId } from '../follows/updates';
import { log } from '../log';
import { requestRebuild } from '../publishing/rebuild-queue';
import { enqueueEmail, enqueueEmails, type Email } from '../services/email';
import { issueContent, issueSnapshot, periodFor } from './digest';
import { listLinks, mailableSubscriber, subscriberByEmail } from './subscribers';

/** The key the provider dedupes a recipient's copy of an issue by; also what marks the recipient as already enqueued. */
const digestIdempotencyKey = (issueId: number, subscriberId: number) => `digest-${issueId}-${subscriberId}`;

type Recipient = { id: number; email: string; manageToken: string; cadence: 'weekly' | 'daily' };
type IssueFields = Pick<NewsletterIssue, 'issueDate' | 'intro'> & { content: DigestContent };

// Rendering the same React tree for every reader is most of a send's time: readers without follow updates share one
// render, made with a stand-in token that each copy's own replaces.
const TOKEN_STAND_IN = 'DIGEST-READER-TOKEN';

async function readerCopy(
  issue: IssueFields,
  reader: Recipient,
  updates: readonly FollowUpdate[],
  shared: Map<string, Promise<Email>>,
): Promise<Email> {
  if (updates.length > 0) return digestEmail(reader.email, issue, { updates, ...listLinks(reader.manageToken) });
  let base = shared.get(issue.issueDate);
  if (!base) {
    base = digestEmail('', issue, { updates: [], ...listLinks(TOKEN_STAND_IN) });
    shared.set(issue.issueDate, base);
  }
  const { html, text, subject, kind } = await base;
  const token = encodeURIComponent(reader.manageToken);
  return {
    to: reader.email,
    subject,
    kind,
    html: html.replaceAll(TOKEN_STAND_IN, token),
    text: text.replaceAll(TOKEN_STAND_IN, token),
  };
}

/** Confirmed subscribers who take the digest and whose address never bounced or complained, after `afterId`. */
function recipientsAfter(afterId: number): Promise<Recipient[]> {
  return db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      manageToken: subscribers.manageToken,
      cadence: subscribers.cadence,
    })
    .from(subscribers)
    .where(and(mailableSubscriber(), eq(subscribers.digest, true), gt(subscribers.id, afterId)))
    .orderBy(asc(subscribers.id))
    .limit(BATCH_SIZE);
}

/** One batch: each reader not yet enqueued gets a row; their follow updates are marked sent in the same transaction. */
async function enqueueBatch(
  issue: NewsletterIssue,
  content: DigestContent,
  batch: Recipient[],
  shared: Map<string, Promise<Email>>,
) {
  const keys = batch.map((r) => digestIdempotencyKey(issue.id, r.id));
  const done = new Set(
    (
      await db
        .select({ key: emailOutbox.idempotencyKey })
        .from(emailOutbox)
        .where(inArray(emailOutbox.idempotencyKey, keys))
    ).map((r) => r.key),
  );
  const readers = batch.filter((r) => !done.has(digestIdempotencyKey(issue.id, r.id)));
  if (readers.length === 0) return;
  // "Updates to what you follow" ride in the digest only for readers who chose the weekly cadence.
  const updates = await followUpdatesFor(readers.filter((r) => r.cadence === 'weekly').map((r) => r.id));
  const fields = { issueDate: issue.issueDate, intro: issue.intro, content };
  const copies = await Promise.all(readers.map((r) => readerCopy(fields, r, updates.get(r.id) ?? [], shared)));
  await db.transaction(async (tx) => {
    const again = await tx
      .select({ key: emailOutbox.idempotencyKey })
      .from(emailOutbox)
      .where(inArray(emailOutbox.idempotencyKey, keys));
    const enqueued = new Set(again.map((r) => r.key));
    const fresh = readers.flatMap((reader, i) => {
      const idempotencyKey = digestIdempotencyKey(issue.id, reader.id);
      if (enqueued.has(idempotencyKey)) return [];
      return [{ reader, email: { ...copies[i], headers: listLinks(reader.manageToken).headers, idempotencyKey } }];
    });
    await enqueueEmails(
      fresh.map(({ email }) => ({ ...email, issueId: issue.id })),
      tx,
    );
    for (const { reader } of fresh) {
      const sent = updates.get(reader.id);
      if (sent?.length) await markUpdatesSent(tx, reader.id, newestEventId(sent));
    }
  });
}

/** Enqueues an issue in 'sending' for every eligible reader not yet enqueued, then marks it sent and publishes it. */
export async function finishSending(issue: NewsletterIssue, now: Date): Promise<void> {
  const content = issueContent(issue);
  const shared = new Map<string, Promise<Email>>();
  for (let afterId = 0; ; ) {
    const batch = await recipientsAfter(afterId);
    if (batch.length === 0) break;
    await enqueueBatch(issue, content, batch, shared);
    afterId = batch[batch.length - 1].id;
  }
  await db.transaction(async (tx) => {
    const [{ recipients }] = await tx
      .select({ recipients: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.issueId, issue.id));
    // "Send now" finishes its issue in the request while the scheduler may pick it up too: the first to close it does.
    const [closed] = await tx
      .update(newsletterIssues)
      .set({ status: 'sent', sentAt: now, recipients, updatedAt: now })
      .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, 'sending')))
      .returning({ id: newsletterIssues.id });
    if (!closed) return;
    await recordAudit(tx, {
      actorId: null,
      action: 'newsletter.send',
      entityType: 'newsletter_issue',
      entityId: issue.id,
      before: { status: 'sending' },
      after: { status: 'sent', recipients },
    });
    // The archive, the issue's page, the feed and the sitemap show it from now on.
    await requestRebuild(`newsletter sent: ${issue.issueDate}`, tx, [NEWSLETTER_TAG, SITEMAP_TAG]);
  });
  log.info({ issueDate: issue.issueDate }, 'digest issue enqueued');
}

/** Rolls an issue into the next one: its week's news carries on (digest.ts periodFor), nothing is sent. */
async function roll(tx: Executor, issue: NewsletterIssue, now: Date, content?: DigestContent): Promise<void> {
  await tx
    .update(newsletterIssues)
    .set({ status: 'rolled', scheduledFor: null, updatedAt: now, ...(content ? { content } : {}) })
    .where(eq(newsletterIssues.id, issue.id));
  if (issue.status === 'scheduled')
    await recordAudit(tx, {
      actorId: null,
      action: 'newsletter.unschedule',
      entityType: 'newsletter_issue',
      entityId: issue.id,
      before: { status: 'scheduled' },
      after: { status: 'rolled', reason: 'too little news' },
    });
}

/**
 * The scheduler's work at `now`: drafts whose day passed unscheduled roll into the next issue; a scheduled issue that
 * is due is snapshotted from the data once more (a tool unlisted since the draft drops out) and sent, or rolled when
 * its week turned out too thin; an issue left in 'sending' (a crash) resumes.
 */
export async function sendDueIssues(now: Date): Promise<void> {
  const drafts = await db.select().from(newsletterIssues).where(eq(newsletterIssues.status, 'draft'));
  for (const draft of drafts)
    if (issueSendTime(draft.issueDate).getTime() <= now.getTime()) await db.transaction((tx) => roll(tx, draft, now));

  const due = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, 'scheduled'), lte(newsletterIssues.scheduledFor, now)));
  for (const issue of due)
    await db.transaction(async (tx) => {
      // Its week again too: an issue before it may have rolled since it was drafted.
      const period = await periodFor(tx, issue.issueDate);
      const content = await issueSnapshot(tx, issue.issueDate, period);
      if (isThinDigest(content)) return roll(tx, issue, now, content);
      await tx
        .update(newsletterIssues)
        .set({ status: 'sending', ...period, content, updatedAt: now })
        .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, 'scheduled')));
    });

  const sending = await db.select().from(newsletterIssues).where(eq(newsletterIssues.status, 'sending'));
  for (const issue of sending) await finishSending(issue, now);
}

/** "Send a test to me": one copy of the issue as it stands to the editor's own address, said so in its subject. */
export async function sendTestIssue(issue: NewsletterIssue, editor: { email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // The editor's own preference links when they subscribe; else links that lead to the preference page's notice.
    const own = await subscriberByEmail(tx, editor.email);
    const links = listLinks(own?.manageToken ?? 'test');
    const email = await digestEmail(
      editor.email,
      { issueDate: issue.issueDate, intro: issue.intro, content: issueContent(issue) },
      { updates: [], ...links },
      true,
    );
    await enqueueEmail({ ...email, headers: own ? links.headers : null }, tx);
  });
}

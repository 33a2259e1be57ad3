// The weekly digest: built from a seeded week of the directory's data, a thin week rolling into the next, the admin
// Newsletter tab's calls, the send enqueueing one outbox row per eligible reader (never twice), and the archive.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import {
  editorialReviews,
  emailOutbox,
  emailSuppressions,
  newsletterIssues,
  subscribers,
  type Subscriber,
  type User,
  reports,
  toolNotes,
  tools,
  type NewsletterIssue,
  type Tool,
} from '../../db/schema';
import { draftNextIssue } from '../../api/newsletter/digest';
import { sendDueIssues } from '../../api/newsletter/digest-send';
import { listLinks, newManageToken } from '../../api/newsletter/subscribers';
import { NEWSLETTER_TAG, SITEMAP_TAG } from '../../lib/cache-tags';
import type { AdminIssue, Json } from '../../lib/contract';
import { EMPTY_DIGEST, MAX_DIGEST_INTRO, digestContentOf, nextIssueDate } from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { DIGEST_MIN_ITEMS, FEATURED_LABEL } from '../../lib/newsletter';
import { handleRequest } from '../../api/handler';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { buildSite } from '../../api/publishing/site-build';
import { BASE, call, signedIn } from '../helpers/api';
import { parseRss, readSitemap } from '../helpers/xml';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor } from '../helpers/admin';

// The archive's test builds the static site first, as a deployment has it, into a folder of its own.
const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/digest-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

type AdminIssueJson = Json<AdminIssue>;
const digestRows = () => db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'digest'));
const rowsOf = (issueId: number) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.issueId, issueId)).orderBy(emailOutbox.id);

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

describe('the admin Newsletter tab', () => {
  let admin: { user: User; cookie: string };
  let staff: { user: User; cookie: string };
  let issue: AdminIssueJson;
  const as = (who: { cookie: string }, method: string, path: string, body?: unknown) =>
    call(method, `/api/admin/newsletter${path}`, { body, cookie: who.cookie });

  beforeAll(async () => {
    await db.delete(newsletterIssues);
    admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
  });

  it('drafts the next issue from the data, and refreshes it', async () => {
    const res = await as(admin, 'POST', '/draft');
    expect(res.status).toBe(200);
    issue = await res.json();
    expect(issue).toMatchObject({ status: 'draft', issueDate: nextIssueDate(new Date()), items: 0 });
    // Three tools approved in its week: drafting again finds them.
    const inWeek = new Date(new Date(issue.periodStart).getTime() + 3_600_000);
    for (const score of [6, 9, 7]) await makeTool({ status: 'approved', qualityScore: score, approvedAt: inWeek });
    const again: AdminIssueJson = await (await as(admin, 'POST', '/draft')).json();
    expect(again.id).toBe(issue.id);
    expect(again.items).toBe(3);
    expect(again.content.approved.map((t) => t.qualityScore)).toEqual([9, 7, 6]);
    issue = again;
  });

  it('refuses the tab to staff', async () => {
    expect((await as(staff, 'POST', '/draft')).status).toBe(403);
    expect((await as(staff, 'GET', '/issues')).status).toBe(403);
  });

  it('keeps the intro as plain text, refusing one too long or with control characters', async () => {
    const tooLong = await as(admin, 'PATCH', `/issues/${issue.id}`, { intro: 'x'.repeat(MAX_DIGEST_INTRO + 1) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(`${MAX_DIGEST_INTRO}`);
    expect((await as(admin, 'PATCH', `/issues/${issue.id}`, { intro: 'Bad\u0007bell' })).status).toBe(400);
    expect((await reloadIssue(issue.id)).intro).toBe('');
    const res = await as(admin, 'PATCH', `/issues/${issue.id}`, { intro: '  <b>Big</b> week & more\nSee below.  ' });
    expect(res.status).toBe(200);
    expect((await res.json()).intro).toBe('<b>Big</b> week & more\nSee below.');
    const preview = await (await as(admin, 'GET', `/issues/${issue.id}/preview`)).json();
    expect(preview.html).toContain('&lt;b&gt;Big&lt;/b&gt; week &amp; more');
    expect(preview.html).not.toContain('<b>Big</b>');
    expect(preview.html).toContain(issue.content.approved[0].name);
  });

  it('sends a test only to the admin, marked as a test', async () => {
    const before = await digestRows();
    const res = await as(admin, 'POST', `/issues/${issue.id}/test`);
    expect(res.status).toBe(200);
    const after = await digestRows();
    expect(after.length).toBe(before.length + 1);
    const [mail] = await emailsTo(admin.user.email);
    expect(mail).toMatchObject({ kind: 'digest', issueId: null });
    expect(mail.subject).toMatch(/^\[Test\] /);
    expect((await auditOf('newsletter_issue', issue.id))[0]).toMatchObject({
      action: 'newsletter.send',
      actorId: admin.user.id,
    });
  });

  it('schedules for a time ahead on the issue day, audited, and unschedules', async () => {
    const past = await as(admin, 'POST', `/issues/${issue.id}/schedule`, { scheduledFor: '2020-01-06T09:00:00Z' });
    expect(past.status).toBe(400);
    expect(await past.text()).toBe(ENGAGE_MSG.digestScheduleInPast);
    const nextDay = new Date(new Date(`${issue.issueDate}T10:00:00Z`).getTime() + 86_400_000).toISOString();
    const otherDay = await as(admin, 'POST', `/issues/${issue.id}/schedule`, { scheduledFor: nextDay });
    expect(otherDay.status).toBe(400);
    expect((await as(admin, 'POST', `/issues/${issue.id}/schedule`, { scheduledFor: 'soon' })).status).toBe(400);
    expect((await reloadIssue(issue.id)).status).toBe('draft');
    const when = `${issue.issueDate}T23:00:00.000Z`;
    const res = await as(admin, 'POST', `/issues/${issue.id}/schedule`, { scheduledFor: when });
    expect(res.status).toBe(200);
    expect(await reloadIssue(issue.id)).toMatchObject({ status: 'scheduled', scheduledFor: new Date(when) });
    expect((await auditOf('newsletter_issue', issue.id))[0]).toMatchObject({ action: 'newsletter.schedule' });
    // A scheduled issue is not drafted over.
    expect((await as(admin, 'POST', '/draft')).status).toBe(409);
    expect((await as(admin, 'POST', `/issues/${issue.id}/unschedule`)).status).toBe(200);
    expect(await reloadIssue(issue.id)).toMatchObject({ status: 'draft', scheduledFor: null });
    expect((await auditOf('newsletter_issue', issue.id))[0]).toMatchObject({ action: 'newsletter.unschedule' });
    expect((await as(admin, 'POST', `/issues/${issue.id}/unschedule`)).status).toBe(409);
  });

  it('refuses to schedule a week with too little news', async () => {
    await db.update(newsletterIssues).set({ content: EMPTY_DIGEST }).where(eq(newsletterIssues.id, issue.id));
    const res = await as(admin, 'POST', `/issues/${issue.id}/schedule`, {
      scheduledFor: `${issue.issueDate}T23:00:00Z`,
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(ENGAGE_MSG.digestThin(0, DIGEST_MIN_ITEMS));
    expect((await reloadIssue(issue.id)).status).toBe('draft');
  });

  it('lists the issues with their recipients', async () => {
    const list: AdminIssueJson[] = await (await as(admin, 'GET', '/issues')).json();
    expect(list.map((i) => [i.id, i.recipients])).toContainEqual([issue.id, 0]);
  });

  it('sends now: dated today, its news up to now, one row per reader; a second issue today is refused', async () => {
    const justNow = new Date(Date.now() - 60_000);
    for (const score of [6, 9, 7]) await makeTool({ status: 'approved', qualityScore: score, approvedAt: justNow });
    const [reader] = await db
      .insert(subscribers)
      .values({
        email: `now-${crypto.randomUUID().slice(0, 8)}@example.com`,
        status: 'confirmed',
        manageToken: newManageToken(),
        consentAt: justNow,
        consentSource: 'footer',
        consentTextVersion: 'test',
      })
      .returning();
    const res = await as(admin, 'POST', `/issues/${issue.id}/send-now`);
    expect(res.status, await res.clone().text()).toBe(200);
    const sent: AdminIssueJson = await res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(sent).toMatchObject({ status: 'sent', issueDate: today, recipients: 1 });
    expect(new Date(sent.periodEnd).getTime()).toBeGreaterThan(justNow.getTime());
    expect(sent.items).toBeGreaterThanOrEqual(3);
    expect((await rowsOf(issue.id)).map((r) => r.to)).toEqual([reader.email]);
    expect((await auditOf('newsletter_issue', issue.id)).map((a) => a.action)).toContain('newsletter.send');
    // The next draft starts where this one ended; sending it today too is refused.
    const next: AdminIssueJson = await (await as(admin, 'POST', '/draft')).json();
    expect(next.periodStart).toBe(sent.periodEnd);
    const again = await as(admin, 'POST', `/issues/${next.id}/send-now`);
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(ENGAGE_MSG.digestSentToday);
    // The sends below count their own readers.
    await db.delete(subscribers).where(eq(subscribers.id, reader.id));
  });
});

describe('sending an issue', () => {
  // The issue of Monday 2032-01-05 covers [2031-12-29, 2032-01-05).
  const sendAt = at('2032-01-05T09:00:00Z');
  let reader: Subscriber;
  let scheduled: NewsletterIssue;

  async function subscriber(values: Partial<typeof subscribers.$inferInsert> = {}): Promise<Subscriber> {
    const [row] = await db
      .insert(subscribers)
      .values({
        email: `reader-${crypto.randomUUID().slice(0, 8)}@example.com`,
        status: 'confirmed',
        manageToken: newManageToken(),
        consentAt: at('2031-01-01T00:00:00Z'),
        consentSource: 'footer',
        consentTextVersion: 'test',
        ...values,
      })
      .returning();
    return row;
  }

  beforeAll(async () => {
    await db.delete(newsletterIssues);
    for (const score of [5, 8, 7])
      await makeTool({ status: 'approved', qualityScore: score, approvedAt: at('2032-01-01T10:00:00Z') });
    reader = await subscriber();
    await subscriber({ digest: false });
    await subscriber({ status: 'pending' });
    await subscriber({ status: 'unsubscribed', unsubscribedAt: at('2031-06-01T00:00:00Z') });
    const bounced = await subscriber();
    await db.insert(emailSuppressions).values({ email: bounced.email, reason: 'bounce' });
    scheduled = await draft(at('2032-01-04T10:00:00Z'));
    await db
      .update(newsletterIssues)
      .set({ status: 'scheduled', scheduledFor: sendAt })
      .where(eq(newsletterIssues.id, scheduled.id));
  });

  it('waits for its time', async () => {
    await sendDueIssues(at('2032-01-05T08:59:00Z'));
    expect((await reloadIssue(scheduled.id)).status).toBe('scheduled');
    expect(await rowsOf(scheduled.id)).toHaveLength(0);
  });

  it('enqueues one row per confirmed, digest-taking, unsuppressed reader, with its headers and key, then publishes it', async () => {
    await sendDueIssues(sendAt);
    const rows = await rowsOf(scheduled.id);
    expect(rows.map((r) => r.to)).toEqual([reader.email]);
    const links = listLinks(reader.manageToken);
    expect(rows[0]).toMatchObject({
      kind: 'digest',
      issueId: scheduled.id,
      idempotencyKey: `digest-${scheduled.id}-${reader.id}`,
      headers: links.headers,
    });
    expect(rows[0].html).toContain(`href="${links.preferencesUrl.replaceAll('&', '&amp;')}"`);
    expect(rows[0].html).toContain(`href="${links.unsubscribeUrl.replaceAll('&', '&amp;')}"`);
    expect(rows[0].text).toContain(links.preferencesUrl);
    expect(await reloadIssue(scheduled.id)).toMatchObject({ status: 'sent', sentAt: sendAt, recipients: 1 });
    const [rebuild] = await rebuildsFor('newsletter sent: 2032-01-05');
    expect(rebuild.tags).toEqual(expect.arrayContaining([NEWSLETTER_TAG, SITEMAP_TAG]));
  });

  it('never enqueues a reader twice: a send that stopped half way resumes with the others only', async () => {
    const late = await subscriber();
    await db.update(newsletterIssues).set({ status: 'sending' }).where(eq(newsletterIssues.id, scheduled.id));
    await sendDueIssues(at('2032-01-05T09:01:00Z'));
    expect((await rowsOf(scheduled.id)).map((r) => r.to).sort()).toEqual([reader.email, late.email].sort());
    expect(await reloadIssue(scheduled.id)).toMatchObject({ status: 'sent', recipients: 2 });
    await sendDueIssues(at('2032-01-05T09:02:00Z'));
    expect(await rowsOf(scheduled.id)).toHaveLength(2);
  });
});

describe('the archive', () => {
  const get = (path: string) => handleRequest(new Request(`${BASE}${path}`));
  let sent: NewsletterIssue;

  beforeAll(async () => {
    await db.delete(newsletterIssues);
    // The issue of Monday 2033-01-03 covers [2032-12-27, 2033-01-03).
    for (const [name, score] of [
      ['Archive Atlas', 9],
      ['Archive Beam', 8],
      ['Archive Cove', 7],
    ] as const)
      await makeTool({ status: 'approved', name, qualityScore: score, approvedAt: at('2032-12-29T10:00:00Z') });
    sent = await draft(at('2033-01-02T10:00:00Z'));
    const featured = {
      slotId: 1,
      toolName: 'Paid Pilot',
      toolSlug: 'paid-pilot',
      description: 'Flies itself.',
      logoUrl: null,
      clickUrl: 'https://example.com/paid-pilot',
    };
    const content = { ...digestContentOf(sent.content), featured: [featured] };
    const built = await buildSite(dist);
    if (!built.ok) throw new Error(built.log);
    expect(await (await get('/newsletter/archive')).text()).toContain(ENGAGE_MSG.digestArchiveEmpty);
    // Sent after the build: every page shows it at once.
    await db
      .update(newsletterIssues)
      .set({ status: 'sent', sentAt: at('2033-01-03T09:00:00Z'), intro: 'Three <new> tools.', content })
      .where(eq(newsletterIssues.id, sent.id));
    await requestRebuild('a test sent an issue', db, [NEWSLETTER_TAG, SITEMAP_TAG]);
    await db.insert(newsletterIssues).values({
      issueDate: '2033-01-10',
      status: 'draft',
      intro: 'Not yet.',
      periodStart: at('2033-01-03T00:00:00Z'),
      periodEnd: at('2033-01-10T00:00:00Z'),
    });
  });

  it('shows a sent issue from its snapshot, its featured slot labelled after the editorial list', async () => {
    await db.update(tools).set({ name: 'Atlas Renamed' }).where(eq(tools.name, 'Archive Atlas'));
    const res = await get('/newsletter/2033-01-03');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Three &lt;new&gt; tools.');
    expect(html).toContain('Archive Atlas');
    expect(html).not.toContain('Atlas Renamed');
    expect(html.indexOf('Archive Atlas')).toBeLessThan(html.indexOf('Archive Beam'));
    const featuredAt = html.indexOf(FEATURED_LABEL);
    expect(featuredAt).toBeGreaterThan(html.indexOf('Archive Cove'));
    expect(html.indexOf('href="https://example.com/paid-pilot"')).toBeGreaterThan(featuredAt);
  });

  it('answers 404 for a draft and for a day without an issue', async () => {
    expect((await get('/newsletter/2033-01-10')).status).toBe(404);
    expect((await get('/newsletter/2033-01-17')).status).toBe(404);
  });

  it('lists sent issues only, in the archive, its feed and the sitemap', async () => {
    const archive = await (await get('/newsletter/archive')).text();
    expect(archive).toContain('href="/newsletter/2033-01-03"');
    expect(archive).not.toContain('href="/newsletter/2033-01-10"');
    const feed = parseRss(await (await get('/newsletter/rss.xml')).text());
    expect(feed.items.map((item) => item.link)).toEqual([`${BASE}/newsletter/2033-01-03`]);
    const files = await readSitemap(`${BASE}/sitemap-index.xml`, async (url) =>
      (await get(new URL(url).pathname)).text(),
    );
    const urls = files.flatMap((file) => file.urls.map((u) => new URL(u.loc).pathname));
    expect(urls).toEqual(expect.arrayContaining(['/newsletter/archive', '/newsletter/2033-01-03']));
    expect(urls).not.toContain('/newsletter/2033-01-10');
  });
});

// Admin tool moderation: lists, stats, approve/reject, edit, premium, unlist/list, follow-up reviews, history.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { app } from '../../api/app';
import { config } from '../../api/config';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { db } from '../../db/client';
import type { User } from '../../db/schema';
import { DEFAULT_UNLIST_REASON, PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { BASE, call, makeUser, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor, reloadTool, reviewsOf } from '../helpers/admin';

let staff: { user: User; cookie: string };
let admin: { user: User; cookie: string };

beforeAll(async () => {
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff', firstName: 'Sam', lastName: 'Staff' });
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
});

const post = (path: string, body?: unknown, cookie = staff.cookie) => call('POST', path, { body, cookie });
const patch = (path: string, body: unknown, cookie = staff.cookie) => call('PATCH', path, { body, cookie });
const get = (path: string, cookie = admin.cookie) => call('GET', path, { cookie });

describe('GET /api/admin/stats', () => {
  it('counts all tools, pending, the approved side (unlisted included), its premium tools and users', async () => {
    const before = await (await get('/api/admin/stats')).json();
    await makeTool({ status: 'pending', isPremium: true });
    await makeTool({ status: 'approved', isPremium: true });
    await makeTool({ status: 'unlisted' });
    await makeTool({ status: 'rejected', isPremium: true });
    const after = await (await get('/api/admin/stats')).json();
    expect(after.total - before.total).toBe(4);
    expect(after.pending - before.pending).toBe(1);
    expect(after.approved - before.approved).toBe(2);
    expect(after.premium - before.premium).toBe(1);
    expect(after.users - before.users).toBe(4); // one submitter per tool
  });
});

describe('GET /api/admin/tools/pending', () => {
  it('lists pending tools oldest first with the submitter name and e-mail', async () => {
    const submitter = await makeUser({ ...NO_PASSWORD, firstName: 'Grace', lastName: 'Hopper' });
    const older = await makeTool({ submittedById: submitter.id, submittedAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await makeTool({ submittedById: submitter.id, submittedAt: new Date('2020-01-02T00:00:00Z') });
    const approved = await makeTool({ status: 'approved' });
    const res = await get('/api/admin/tools/pending', staff.cookie);
    expect(res.status).toBe(200);
    const list: { id: number; submittedBy: unknown; tags: string[]; url: string; submittedById: number }[] =
      await res.json();
    const ids = list.map((t) => t.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(approved.id);
    const row = list.find((t) => t.id === older.id)!;
    expect(row).toMatchObject({ submittedById: submitter.id, tags: ['design'], url: older.url });
    expect(row.submittedBy).toEqual({ name: 'Grace Hopper', email: submitter.email });
  });

  it('shows a guest reviewer who submitted, but not their e-mail', async () => {
    const submitter = await makeUser({ firstName: 'Ada', lastName: 'Byron', ...NO_PASSWORD });
    const tool = await makeTool({ submittedById: submitter.id });
    const reviewer = await signedIn({ role: 'guest_reviewer', ...NO_PASSWORD });
    const list: { id: number; submittedBy: unknown }[] = await (
      await get('/api/admin/tools/pending', reviewer.cookie)
    ).json();
    expect(list.find((t) => t.id === tool.id)?.submittedBy).toEqual({ name: 'Ada Byron', email: null });
  });
});

describe('POST /api/admin/tools/:id/approve', () => {
  it('refuses a missing or blank curator take and an out-of-range score with the spec messages', async () => {
    const tool = await makeTool();
    const path = `/api/admin/tools/${tool.id}/approve`;
    for (const body of [{ qualityScore: 8 }, { curatorTake: '   ', qualityScore: 8 }]) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(MSG.curatorTakeRequired);
    }
    for (const qualityScore of [0, 11, 7.5, 'abc', null]) {
      const res = await post(path, { curatorTake: 'Fine', qualityScore });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(MSG.qualityScoreRange);
    }
    expect((await reloadTool(tool.id))?.status).toBe('pending');
    expect(await reviewsOf(tool.id)).toHaveLength(0);
  });

  it('approves in one go: status, approvedAt, take and score, first review, e-mail, rebuild and audit', async () => {
    const submitter = await makeUser({ ...NO_PASSWORD, firstName: 'Lin' });
    const tool = await makeTool({ submittedById: submitter.id });
    const res = await post(`/api/admin/tools/${tool.id}/approve`, {
      curatorTake: '  Excellent for designers.  ',
      qualityScore: '8',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: tool.id,
      status: 'approved',
      qualityScore: 8,
      curatorTake: 'Excellent for designers.',
    });

    const stored = (await reloadTool(tool.id))!;
    expect(stored.status).toBe('approved');
    expect(stored.approvedAt).toBeInstanceOf(Date);
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(tool.updatedAt.getTime());

    const reviews = await reviewsOf(tool.id);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      curatorTake: 'Excellent for designers.',
      qualityScore: 8,
      isFollowUp: false,
      reviewedBy: staff.user.id,
    });

    const mails = await emailsTo(submitter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe('tool-approved');
    expect(mails[0].text).toContain(`/tool/${tool.slug}`);

    expect(await rebuildsFor(`tool approved: ${tool.slug}`)).toHaveLength(1);

    const [audit] = await auditOf('tool', tool.id);
    expect(audit).toMatchObject({ action: 'tool.approve', actorId: staff.user.id });
    expect(audit.before).toMatchObject({ status: 'pending' });
    expect(audit.after).toMatchObject({ status: 'approved', qualityScore: 8 });
  });

  it('changes nothing when any write of the approval fails', async () => {
    const submitter = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ submittedById: submitter.id });
    // The last write of the transaction (the audit row) fails: everything before it must roll back.
    await db.run(
      sql`create trigger fail_approve_audit before insert on audit_log when new.action = 'tool.approve' begin select raise(abort, 'audit unavailable'); end`,
    );
    try {
      const res = await post(`/api/admin/tools/${tool.id}/approve`, { curatorTake: 'Great', qualityScore: 8 });
      expect(res.status).toBe(500);
    } finally {
      await db.run(sql`drop trigger fail_approve_audit`);
    }
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'pending', approvedAt: null, qualityScore: null });
    expect(await reviewsOf(tool.id)).toHaveLength(0);
    expect(await emailsTo(submitter.email)).toHaveLength(0);
    expect(await rebuildsFor(tool.slug)).toHaveLength(0);
  });

  it('answers 409 for a tool that is not pending, and 404 for an unknown one', async () => {
    for (const status of ['approved', 'rejected', 'unlisted'] as const) {
      const tool = await makeTool({ status });
      const res = await post(`/api/admin/tools/${tool.id}/approve`, { curatorTake: 'Again', qualityScore: 5 });
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(MSG.onlyPendingApproved);
      expect(await reviewsOf(tool.id)).toHaveLength(0);
    }
    expect((await post('/api/admin/tools/999999/approve', { curatorTake: 'x', qualityScore: 5 })).status).toBe(404);
    expect((await post('/api/admin/tools/abc/approve', { curatorTake: 'x', qualityScore: 5 })).status).toBe(404);
  });
});

describe('POST /api/admin/tools/:id/reject', () => {
  it('needs a reason', async () => {
    const tool = await makeTool();
    for (const body of [{}, { rejectionReason: '  ' }]) {
      const res = await post(`/api/admin/tools/${tool.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Rejection reason is required');
    }
  });

  it('rejects with the reason, e-mails it and records the audit row', async () => {
    const submitter = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ submittedById: submitter.id });
    const res = await post(`/api/admin/tools/${tool.id}/reject`, { rejectionReason: 'Not an AI-powered tool' });
    expect(res.status).toBe(200);
    const stored = (await reloadTool(tool.id))!;
    expect(stored).toMatchObject({ status: 'rejected', rejectionReason: 'Not an AI-powered tool' });
    const [mail] = await emailsTo(submitter.email);
    expect(mail.kind).toBe('tool-rejected');
    expect(mail.text).toContain('Not an AI-powered tool');
    const [audit] = await auditOf('tool', tool.id);
    expect(audit).toMatchObject({
      action: 'tool.reject',
      actorId: staff.user.id,
      after: { status: 'rejected', rejectionReason: 'Not an AI-powered tool' },
    });
    expect(await rebuildsFor(tool.slug)).toHaveLength(0); // never public
  });

  it('gives a rejected premium submission its premium slot back', async () => {
    const submitter = await makeUser({
      ...NO_PASSWORD,
      isPremium: true,
      premiumToolsAllowed: PREMIUM_SUBMISSIONS,
      premiumToolsUsed: 1,
    });
    const tool = await makeTool({ submittedById: submitter.id, isPremium: true });
    expect((await post(`/api/admin/tools/${tool.id}/reject`, { rejectionReason: 'Duplicate' })).status).toBe(200);
    expect((await reloadUser(submitter.id))?.premiumToolsUsed).toBe(0);
  });

  it('answers 409 for a tool that is not pending', async () => {
    const tool = await makeTool({ status: 'approved' });
    const res = await post(`/api/admin/tools/${tool.id}/reject`, { rejectionReason: 'Changed my mind' });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.onlyPendingRejected);
    expect((await reloadTool(tool.id))?.status).toBe('approved');
  });
});

describe('PATCH /api/admin/tools/:id', () => {
  it('splits comma lists, trims them and drops empty items, and answers the tool', async () => {
    const tool = await makeTool({ status: 'approved', isPremium: true });
    const res = await patch(`/api/admin/tools/${tool.id}`, {
      tags: 'design, marketing, ,',
      // Our own images: one given by a new address is copied first (tests/api/remote-tool-images.test.ts).
      screenshots: ' /uploads/seed/1.png ,, /uploads/seed/2.png,',
      targetAudience: ' Designers , ,Marketers ',
      pricingModel: 'freemium',
      videoUrl: '',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: tool.id,
      tags: ['design', 'marketing'],
      screenshots: ['/uploads/seed/1.png', '/uploads/seed/2.png'],
      targetAudience: ['Designers', 'Marketers'],
      pricingModel: 'freemium',
      videoUrl: null,
    });
    expect((await reloadTool(tool.id))?.tags).toEqual(['design', 'marketing']);
  });

  it('keeps an approved tool’s slug when renamed, moves urlKey with the url, rebuilds and audits only what changed', async () => {
    const tool = await makeTool({ status: 'approved' });
    const res = await patch(`/api/admin/tools/${tool.id}`, {
      name: 'Renamed Tool',
      url: 'https://www.renamed-tool.example.com/',
      description: tool.description,
      qualityScore: 9,
    });
    expect(res.status).toBe(200);
    const stored = (await reloadTool(tool.id))!;
    expect(stored).toMatchObject({ name: 'Renamed Tool', slug: tool.slug, qualityScore: 9 });
    expect(stored.urlKey).toBe(urlKey('https://www.renamed-tool.example.com/'));
    expect(await rebuildsFor(`tool edited: ${tool.slug}`)).toHaveLength(1);
    const [audit] = await auditOf('tool', tool.id);
    expect(audit.action).toBe('tool.update');
    expect(audit.before).toEqual({ name: tool.name, url: tool.url, qualityScore: 7 });
    expect(audit.after).toEqual({
      name: 'Renamed Tool',
      url: 'https://www.renamed-tool.example.com/',
      qualityScore: 9,
    });
  });

  it('re-slugs a pending tool when renamed, without a rebuild', async () => {
    await makeTool({ slug: 'fresh-name' });
    const tool = await makeTool();
    const res = await patch(`/api/admin/tools/${tool.id}`, { name: 'Fresh Name' });
    expect(res.status).toBe(200);
    expect((await reloadTool(tool.id))?.slug).toBe('fresh-name-2');
    expect(await rebuildsFor('fresh-name')).toHaveLength(0);
  });

  it('refuses a url another live tool has, bad input, and rejected tools', async () => {
    const other = await makeTool({ status: 'approved', name: 'Other Tool', url: 'https://taken.example.com' });
    const tool = await makeTool({ status: 'approved' });
    const taken = await patch(`/api/admin/tools/${tool.id}`, { url: 'https://www.taken.example.com/' });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toBe(MSG.toolAlreadyListed(other.name));

    const badTags = await patch(`/api/admin/tools/${tool.id}`, { tags: ' , ' });
    expect(badTags.status).toBe(400);
    expect(await badTags.text()).toBe(MSG.categoryRequired);
    const badScore = await patch(`/api/admin/tools/${tool.id}`, { qualityScore: 12 });
    expect(await badScore.text()).toBe(MSG.qualityScoreRange);
    expect(await auditOf('tool', tool.id)).toHaveLength(0);

    const rejected = await makeTool({ status: 'rejected' });
    const res = await patch(`/api/admin/tools/${rejected.id}`, { name: 'Anything' });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.rejectedToolNotEditable);
  });

  it('changes nothing and records nothing when no value differs', async () => {
    const tool = await makeTool({ status: 'approved' });
    const res = await patch(`/api/admin/tools/${tool.id}`, { name: tool.name, tags: tool.tags.join(',') });
    expect(res.status).toBe(200);
    expect(await auditOf('tool', tool.id)).toHaveLength(0);
    expect(await rebuildsFor(tool.slug)).toHaveLength(0);
  });
});

describe('POST /api/admin/tools/:id/premium', () => {
  it('toggles premium on an approved tool and answers isPremium and name', async () => {
    const tool = await makeTool({ status: 'approved' });
    const on = await post(`/api/admin/tools/${tool.id}/premium`, { isPremium: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ isPremium: true, name: tool.name });
    expect((await reloadTool(tool.id))?.isPremium).toBe(true);
    const off = await post(`/api/admin/tools/${tool.id}/premium`, { isPremium: false });
    expect(await off.json()).toEqual({ isPremium: false, name: tool.name });
    expect((await reloadTool(tool.id))?.isPremium).toBe(false);
    expect((await auditOf('tool', tool.id)).map((a) => a.after)).toEqual([{ isPremium: false }, { isPremium: true }]);
    expect(await rebuildsFor(tool.slug)).toHaveLength(2);
  });

  it('works on unlisted tools, refuses pending ones (409) and a non-boolean (400)', async () => {
    const unlisted = await makeTool({ status: 'unlisted' });
    expect((await post(`/api/admin/tools/${unlisted.id}/premium`, { isPremium: true })).status).toBe(200);
    const pending = await makeTool();
    const res = await post(`/api/admin/tools/${pending.id}/premium`, { isPremium: true });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.premiumNeedsApprovedTool);
    expect((await post(`/api/admin/tools/${unlisted.id}/premium`, { isPremium: 'yes' })).status).toBe(400);
  });
});

describe('unlist and list', () => {
  it('unlists with the default reason when none or a blank one is given', async () => {
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const tool = await makeTool({ status: 'approved' });
      const res = await post(`/api/admin/tools/${tool.id}/unlist`, body);
      expect(res.status).toBe(200);
      expect(await reloadTool(tool.id)).toMatchObject({ status: 'unlisted', unlistReason: DEFAULT_UNLIST_REASON });
    }
  });

  it('unlists with a given reason, e-mails it to the owner, lists again clearing it, rebuilding and auditing both', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: owner.id });
    expect((await post(`/api/admin/tools/${tool.id}/unlist`, { reason: 'Site is down' })).status).toBe(200);
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'unlisted', unlistReason: 'Site is down' });
    const [mail] = await emailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'tool-unlisted', subject: `${tool.name} was removed from the directory` });
    expect(mail.text).toContain('Site is down');
    expect(mail.text).toContain(`${config.siteUrl}/dashboard`);
    expect((await post(`/api/admin/tools/${tool.id}/list`)).status).toBe(200);
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'approved', unlistReason: null });
    expect(await rebuildsFor(`tool unlisted: ${tool.slug}`)).toHaveLength(1);
    expect(await rebuildsFor(`tool listed again: ${tool.slug}`)).toHaveLength(1);
    expect((await auditOf('tool', tool.id)).map((a) => a.action)).toEqual(['tool.list', 'tool.unlist']);
  });

  it('answers 409 for the wrong starting status, and e-mails nobody', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const unlisted = await makeTool({ status: 'unlisted', submittedById: owner.id });
    const again = await post(`/api/admin/tools/${unlisted.id}/unlist`, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(MSG.onlyApprovedUnlisted);
    expect(await emailsTo(owner.email)).toEqual([]);
    expect((await post(`/api/admin/tools/${(await makeTool()).id}/unlist`, {})).status).toBe(409);
    const approved = await makeTool({ status: 'approved' });
    const list = await post(`/api/admin/tools/${approved.id}/list`);
    expect(list.status).toBe(409);
    expect(await list.text()).toBe(MSG.onlyUnlistedListed);
    expect((await post(`/api/admin/tools/${(await makeTool()).id}/list`)).status).toBe(409);
  });
});

describe('POST /api/admin/tools/:id/review', () => {
  it('adds follow-up reviews, keeps the history and makes the newest take and score the tool’s', async () => {
    const tool = await makeTool();
    await post(`/api/admin/tools/${tool.id}/approve`, { curatorTake: 'First look: good.', qualityScore: 6 });
    const res = await post(
      `/api/admin/tools/${tool.id}/review`,
      { curatorTake: 'Much improved.', qualityScore: '9' },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      curatorTake: 'Much improved.',
      qualityScore: 9,
      isFollowUp: true,
      reviewerName: 'Ada Admin',
    });
    const reviews = await reviewsOf(tool.id);
    expect(reviews.map((r) => [r.qualityScore, r.isFollowUp])).toEqual([
      [9, true],
      [6, false],
    ]);
    expect(await reloadTool(tool.id)).toMatchObject({ qualityScore: 9, curatorTake: 'Much improved.' });
    expect(await rebuildsFor(`tool reviewed: ${tool.slug}`)).toHaveLength(1);
    const [audit] = await auditOf('tool', tool.id);
    expect(audit).toMatchObject({ action: 'tool.review', before: { qualityScore: 6 }, after: { qualityScore: 9 } });
  });

  it('accepts the review sent as JSON text', async () => {
    const tool = await makeTool({ status: 'approved' });
    const res = await app.handle(
      new Request(`${BASE}/api/admin/tools/${tool.id}/review`, {
        method: 'POST',
        headers: { cookie: staff.cookie, 'content-type': 'text/plain', [CLIENT_IP_HEADER]: '203.0.113.1' },
        body: JSON.stringify({ curatorTake: 'Sent as text.', qualityScore: '4' }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await reloadTool(tool.id))?.qualityScore).toBe(4);
  });

  it('validates like approval and refuses tools that are not approved', async () => {
    const tool = await makeTool({ status: 'approved' });
    const blank = await post(`/api/admin/tools/${tool.id}/review`, { curatorTake: '', qualityScore: 5 });
    expect(await blank.text()).toBe(MSG.curatorTakeRequired);
    const pending = await makeTool();
    const res = await post(`/api/admin/tools/${pending.id}/review`, { curatorTake: 'Early', qualityScore: 5 });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.reviewNeedsApprovedTool);
    expect(await reviewsOf(pending.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/tools/approved and the history', () => {
  it('lists approved and unlisted tools with their reviews newest first and reviewer names', async () => {
    const tool = await makeTool();
    await post(`/api/admin/tools/${tool.id}/approve`, { curatorTake: 'Good.', qualityScore: 7 });
    await post(`/api/admin/tools/${tool.id}/review`, { curatorTake: 'Better.', qualityScore: 8 }, admin.cookie);
    await post(`/api/admin/tools/${tool.id}/unlist`, { reason: 'Paused' });
    const pending = await makeTool();
    const res = await get('/api/admin/tools/approved', staff.cookie);
    expect(res.status).toBe(200);
    const list: {
      id: number;
      status: string;
      unlistReason: string | null;
      editorialReviews: { reviewerName: string; qualityScore: number }[];
    }[] = await res.json();
    expect(list.map((t) => t.id)).not.toContain(pending.id);
    const row = list.find((t) => t.id === tool.id)!;
    expect(row).toMatchObject({
      status: 'unlisted',
      unlistReason: 'Paused',
      qualityScore: 8,
      curatorTake: 'Better.',
      slug: tool.slug,
    });
    expect(row.editorialReviews.map((r) => [r.qualityScore, r.reviewerName])).toEqual([
      [8, 'Ada Admin'],
      [7, 'Sam Staff'],
    ]);
  });

  it('the history holds the reviews and the audit rows, newest first, with who acted', async () => {
    const tool = await makeTool();
    await post(`/api/admin/tools/${tool.id}/approve`, { curatorTake: 'Good.', qualityScore: 7 });
    await post(`/api/admin/tools/${tool.id}/premium`, { isPremium: true }, admin.cookie);
    const guest = await signedIn({ ...NO_PASSWORD, role: 'guest_reviewer' });
    const res = await get(`/api/admin/tools/${tool.id}/history`, guest.cookie);
    expect(res.status).toBe(200);
    const history = await res.json();
    expect(history.editorialReviews).toHaveLength(1);
    expect(history.auditLog.map((a: { action: string; actorName: string }) => [a.action, a.actorName])).toEqual([
      ['tool.premium', 'Ada Admin'],
      ['tool.approve', 'Sam Staff'],
    ]);
    expect((await get('/api/admin/tools/999999/history')).status).toBe(404);
  });
});

describe('premium on pending tools', () => {
  it('cannot be switched through PATCH, so a rejection never refunds a slot that was not taken', async () => {
    const tool = await makeTool();
    const res = await call('PATCH', `/api/admin/tools/${tool.id}`, { cookie: staff.cookie, body: { isPremium: true } });
    expect(res.status).toBe(409);
    expect((await reloadTool(tool.id))?.isPremium).toBe(false);
  });
});

describe('nobody but an isAdmin account judges a tool they submitted', () => {
  const refusedAsOwn = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.ownToolModeration);
  };

  it('staff cannot approve their own submission, and it stays pending; they may still reject it', async () => {
    const own = await makeTool({ submittedById: staff.user.id });
    await refusedAsOwn(
      await post(`/api/admin/tools/${own.id}/approve`, { curatorTake: 'My own: great.', qualityScore: 10 }),
    );
    expect(await reloadTool(own.id)).toMatchObject({ status: 'pending', qualityScore: null, curatorTake: null });
    expect(await reviewsOf(own.id)).toHaveLength(0);
    expect(
      (await post(`/api/admin/tools/${own.id}/reject`, { rejectionReason: 'Withdrawn by its submitter' })).status,
    ).toBe(200);
  });

  it('staff cannot score, list again or change premium of their own approved tool', async () => {
    const own = await makeTool({ submittedById: staff.user.id, status: 'approved' });
    await refusedAsOwn(
      await post(`/api/admin/tools/${own.id}/review`, { curatorTake: 'Even better now.', qualityScore: 10 }),
    );
    await refusedAsOwn(await post(`/api/admin/tools/${own.id}/premium`, { isPremium: true }));
    await refusedAsOwn(await patch(`/api/admin/tools/${own.id}`, { qualityScore: 10 }));
    await refusedAsOwn(await patch(`/api/admin/tools/${own.id}`, { curatorTake: 'A better take.' }));
    await refusedAsOwn(await patch(`/api/admin/tools/${own.id}`, { isPremium: true }));
    expect(await reloadTool(own.id)).toMatchObject({ qualityScore: 7, curatorTake: 'Solid.', isPremium: false });
    expect(await reviewsOf(own.id)).toHaveLength(0);

    // Unlisting takes nothing from anyone; listing it again would be approving it again.
    expect((await post(`/api/admin/tools/${own.id}/unlist`, {})).status).toBe(200);
    await refusedAsOwn(await post(`/api/admin/tools/${own.id}/list`));
    expect((await reloadTool(own.id))?.status).toBe('unlisted');
  });

  it('staff may edit the other fields of their own tool; the take and score the dialog sends back unchanged are no change', async () => {
    const own = await makeTool({ submittedById: staff.user.id, status: 'approved' });
    const res = await patch(`/api/admin/tools/${own.id}`, {
      description: 'A clearer description of what the tool does.',
      curatorTake: ' Solid. ',
      qualityScore: 7,
      isPremium: false,
    });
    expect(res.status).toBe(200);
    expect((await reloadTool(own.id))?.description).toBe('A clearer description of what the tool does.');
  });

  it('holds for the admin role without the isAdmin flag too', async () => {
    const roleAdmin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const own = await makeTool({ submittedById: roleAdmin.user.id });
    await refusedAsOwn(
      await post(`/api/admin/tools/${own.id}/approve`, { curatorTake: 'Mine.', qualityScore: 9 }, roleAdmin.cookie),
    );
    expect((await reloadTool(own.id))?.status).toBe('pending');
  });

  it('an isAdmin account may approve and score its own tool: a one-admin directory has nobody else', async () => {
    const own = await makeTool({ submittedById: admin.user.id });
    expect(
      (await post(`/api/admin/tools/${own.id}/approve`, { curatorTake: 'Ours.', qualityScore: 8 }, admin.cookie))
        .status,
    ).toBe(200);
    expect((await post(`/api/admin/tools/${own.id}/premium`, { isPremium: true }, admin.cookie)).status).toBe(200);
  });

  it('staff judge tools others submitted as before', async () => {
    const other = await makeTool();
    expect((await post(`/api/admin/tools/${other.id}/approve`, { curatorTake: 'Good.', qualityScore: 7 })).status).toBe(
      200,
    );
  });
});

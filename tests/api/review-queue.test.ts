// The review queue a submitter sees: their place in the one order (Premium first, then oldest first), the expected
// decision date from the editors' last 30 days, rejection reasons from a list, and "changes requested" (issue 27).
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { userQueue } from '../../api/submissions/queue';
import { db } from '../../db/client';
import { auditLog, tools, type User } from '../../db/schema';
import { LISTING_MSG } from '../../lib/listing-messages';
import { REJECTION_CODES, REJECTION_REASONS } from '../../lib/review-queue';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, reloadTool } from '../helpers/admin';
import { submissionForm, submissionValues } from '../helpers/submission-form';

const DAY = 24 * 60 * 60 * 1000;

let addresses = 0;
const nextIp = () => `10.27.${(++addresses >> 8) & 255}.${addresses & 255}`;

const staff = () => signedIn({ ...NO_PASSWORD, role: 'staff' });
const owner = () => signedIn(NO_PASSWORD);

/** Each test reads the queue from an empty start: earlier tests' pending tools are decided, their decisions forgotten. */
beforeEach(async () => {
  await db.update(tools).set({ status: 'rejected' }).where(eq(tools.status, 'pending'));
  await db.delete(auditLog).where(inArray(auditLog.action, ['tool.approve', 'tool.reject']));
});

/** Decisions recorded `daysAgo` before `now`, as approving or rejecting writes them. */
async function decisionsAt(now: Date, daysAgo: number, howMany: number): Promise<void> {
  const rows = Array.from({ length: howMany }, (_, i) => ({
    action: i % 2 ? 'tool.approve' : 'tool.reject',
    entityType: 'tool',
    entityId: 1,
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  }));
  await db.insert(auditLog).values(rows);
}

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

interface QueueAnswer {
  queueLength: number;
  pending: {
    id: number;
    position: number;
    isPremium: boolean;
    expectedBy: string | null;
    changesRequestedAt: string | null;
    changesRequestedNote: string | null;
  }[];
  rejected: { id: number; code: string; label: string; resubmit: boolean; advice: string }[];
}

async function myQueue(cookie: string): Promise<QueueAnswer> {
  const res = await call('GET', '/api/user/tools/queue', { cookie });
  expect(res.status).toBe(200);
  return res.json();
}

async function adminQueue(cookie: string) {
  const res = await call('GET', '/api/admin/tools/pending/queue', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    toolId: number;
    position: number;
    isPremium: boolean;
    changesRequestedAt: string | null;
    changesRequestedNote: string | null;
  }[];
}

describe('the queue order and places', () => {
  it('puts Premium first, then oldest first, in the admin list and in each submitter’s places alike', async () => {
    const a = await owner();
    const b = await owner();
    const oldest = await makeTool({ submittedById: a.user.id, submittedAt: at(1) });
    const newer = await makeTool({ submittedById: b.user.id, submittedAt: at(2) });
    const premium = await makeTool({ submittedById: b.user.id, submittedAt: at(3), isPremium: true });
    const newest = await makeTool({ submittedById: a.user.id, submittedAt: at(4) });
    const { cookie } = await staff();

    const pending: { id: number }[] = await (await call('GET', '/api/admin/tools/pending', { cookie })).json();
    expect(pending.map((t) => t.id)).toEqual([premium.id, oldest.id, newer.id, newest.id]);
    expect(await adminQueue(cookie)).toEqual([
      { toolId: premium.id, position: 1, isPremium: true, changesRequestedAt: null, changesRequestedNote: null },
      { toolId: oldest.id, position: 2, isPremium: false, changesRequestedAt: null, changesRequestedNote: null },
      { toolId: newer.id, position: 3, isPremium: false, changesRequestedAt: null, changesRequestedNote: null },
      { toolId: newest.id, position: 4, isPremium: false, changesRequestedAt: null, changesRequestedNote: null },
    ]);

    const mine = await myQueue(a.cookie);
    expect(mine.queueLength).toBe(4);
    expect(mine.pending.map((t) => [t.id, t.position])).toEqual([
      [oldest.id, 2],
      [newest.id, 4],
    ]);
    expect((await myQueue(b.cookie)).pending.map((t) => [t.id, t.position, t.isPremium])).toEqual([
      [premium.id, 1, true],
      [newer.id, 3, false],
    ]);
  });

  it('keeps a tool with changes requested in its place, and the tools behind it in theirs', async () => {
    const a = await owner();
    const first = await makeTool({ submittedById: a.user.id, submittedAt: at(1) });
    const second = await makeTool({ submittedById: a.user.id, submittedAt: at(2) });
    const { cookie } = await staff();
    const res = await call('POST', `/api/admin/tools/${first.id}/request-changes`, {
      cookie,
      body: { note: 'Add a pricing page link.' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      toolId: first.id,
      position: 1,
      changesRequestedNote: 'Add a pricing page link.',
    });
    const mine = await myQueue(a.cookie);
    expect(mine.pending.map((t) => [t.id, t.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect(mine.pending[0]).toMatchObject({ changesRequestedNote: 'Add a pricing page link.' });
    expect(mine.pending[0].changesRequestedAt).toEqual(expect.any(String));
    expect(mine.pending[1]).toMatchObject({ changesRequestedAt: null, changesRequestedNote: null });
  });

  it('is only the member’s own: 401 signed out, and no one else’s tools', async () => {
    expect((await call('GET', '/api/user/tools/queue')).status).toBe(401);
    const other = await owner();
    await makeTool({ submittedById: other.user.id });
    const me = await owner();
    expect(await myQueue(me.cookie)).toEqual({ queueLength: 1, pending: [], rejected: [] });
  });

  it('answers the admin queue to guest reviewers, and not to members', async () => {
    const reviewer = await signedIn({ ...NO_PASSWORD, role: 'guest_reviewer' });
    expect((await call('GET', '/api/admin/tools/pending/queue', { cookie: reviewer.cookie })).status).toBe(200);
    const member = await owner();
    expect((await call('GET', '/api/admin/tools/pending/queue', { cookie: member.cookie })).status).toBe(403);
  });
});

describe('the expected decision date', () => {
  it('is now plus the place over the last 30 days’ decisions per day, rounded up to a day', async () => {
    const now = new Date(Date.UTC(2040, 5, 15, 9, 30));
    const a = await owner();
    await makeTool({ submittedAt: at(1) });
    await makeTool({ submittedAt: at(2) });
    const third = await makeTool({ submittedById: a.user.id, submittedAt: at(3) });
    // 60 decisions in the window: 2 a day. Older ones, and ones after now, are no part of the pace.
    await decisionsAt(now, 1, 20);
    await decisionsAt(now, 29, 40);
    await decisionsAt(now, 31, 50);
    await decisionsAt(now, -1, 50);
    const queue = await userQueue(a.user.id, now);
    // Third in the queue at 2 a day: 1.5 days, rounded up to 2.
    expect(queue.pending).toEqual([expect.objectContaining({ id: third.id, position: 3 })]);
    expect(queue.pending[0].expectedBy).toEqual(new Date(now.getTime() + 2 * DAY));
  });

  it('gives no date, only the spec’s 48 hours, without a pace to go by', async () => {
    const now = new Date(Date.UTC(2041, 0, 10));
    const a = await owner();
    const tool = await makeTool({ submittedById: a.user.id });
    expect((await userQueue(a.user.id, now)).pending[0]).toMatchObject({ id: tool.id, expectedBy: null });
    // A handful is not a pace either.
    await decisionsAt(now, 2, 4);
    expect((await userQueue(a.user.id, now)).pending[0].expectedBy).toBeNull();
    await decisionsAt(now, 3, 1);
    expect((await userQueue(a.user.id, now)).pending[0].expectedBy).toEqual(new Date(now.getTime() + 6 * DAY));
    // Through the API (today's clock, no decisions since the reset above).
    expect((await myQueue(a.cookie)).pending[0].expectedBy).toBeNull();
    expect(LISTING_MSG.queueNoPace).toContain('48 hours');
  });

  it('counts decisions made through the API', async () => {
    const a = await owner();
    const mine = await makeTool({ submittedById: a.user.id, submittedAt: at(9) });
    const { cookie } = await staff();
    for (let i = 0; i < 5; i++) {
      const tool = await makeTool({ submittedAt: at(1) });
      const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, { cookie, body: { rejectionReason: 'No' } });
      expect(res.status).toBe(200);
    }
    // 5 decisions in 30 days: 1/6 a day; first in the queue: 6 days.
    const [entry] = (await myQueue(a.cookie)).pending;
    expect(entry).toMatchObject({ id: mine.id, position: 1 });
    const days = (new Date(entry.expectedBy!).getTime() - Date.now()) / DAY;
    expect(Math.round(days)).toBe(6);
  });
});

async function pendingOf(user: User) {
  return makeTool({ submittedById: user.id });
}

describe('rejecting with a reason from the list', () => {
  it('stores the code beside the note, and the e-mail shows both and says how to resubmit', async () => {
    const a = await owner();
    const tool = await pendingOf(a.user);
    const { cookie } = await staff();
    const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, {
      cookie,
      body: { rejectionReason: 'The site returned 502 all week.', rejectionCode: 'site-unreachable' },
    });
    expect(res.status).toBe(200);
    // The spec's answer keeps its shape: the code travels in the queue call.
    expect(await res.json()).not.toHaveProperty('rejectionCode');
    expect(await reloadTool(tool.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The site returned 502 all week.',
      rejectionCode: 'site-unreachable',
    });
    const [mail] = await emailsTo(a.user.email);
    expect(mail.kind).toBe('tool-rejected');
    expect(mail.text).toContain(REJECTION_REASONS['site-unreachable'].label);
    expect(mail.text).toContain('The site returned 502 all week.');
    expect(mail.text).toContain(REJECTION_REASONS['site-unreachable'].advice);
    expect(mail.text).toContain(`/submit?edit=${tool.id}`);
    const [audit] = await auditOf('tool', tool.id);
    expect(audit.after).toMatchObject({ rejectionCode: 'site-unreachable' });
    expect((await myQueue(a.cookie)).rejected).toEqual([
      { id: tool.id, code: 'site-unreachable', ...REJECTION_REASONS['site-unreachable'] },
    ]);
  });

  it('takes the spec body with only the note as "other"', async () => {
    const a = await owner();
    const tool = await pendingOf(a.user);
    const { cookie } = await staff();
    const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, {
      cookie,
      body: { rejectionReason: 'Not ready yet' },
    });
    expect(res.status).toBe(200);
    expect((await reloadTool(tool.id))?.rejectionCode).toBe('other');
    const [mail] = await emailsTo(a.user.email);
    expect(mail.text).toContain(REJECTION_REASONS.other.label);
    expect(mail.text).toContain('Not ready yet');
  });

  it('refuses an unknown code, changing nothing', async () => {
    const tool = await makeTool();
    const { cookie } = await staff();
    const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, {
      cookie,
      body: { rejectionReason: 'Hmm', rejectionCode: 'ugly' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Unknown rejection reason');
    expect((await reloadTool(tool.id))?.status).toBe('pending');
  });

  it.each(REJECTION_CODES)(
    'e-mails the label and advice of %s, with a resubmit link only where it can help',
    async (code) => {
      const a = await owner();
      const tool = await pendingOf(a.user);
      const { cookie } = await staff();
      await call('POST', `/api/admin/tools/${tool.id}/reject`, {
        cookie,
        body: { rejectionReason: 'Note.', rejectionCode: code },
      });
      const [mail] = await emailsTo(a.user.email);
      const reason = REJECTION_REASONS[code];
      expect(mail.text).toContain(reason.label);
      expect(mail.text).toContain(reason.advice);
      expect(mail.html.includes(`/submit?edit=${tool.id}`)).toBe(reason.resubmit);
    },
  );

  it('refuses to resubmit a duplicate or a tool not a fit (409), and allows the others', async () => {
    const { cookie: staffCookie } = await staff();
    for (const code of REJECTION_CODES) {
      const a = await owner();
      const tool = await pendingOf(a.user);
      await call('POST', `/api/admin/tools/${tool.id}/reject`, {
        cookie: staffCookie,
        body: { rejectionReason: 'Note.', rejectionCode: code },
      });
      const res = await call('POST', `/api/user/tools/${tool.id}/resubmit`, {
        cookie: a.cookie,
        body: submissionForm(submissionValues()),
        ip: nextIp(),
      });
      const reason = REJECTION_REASONS[code];
      if (reason.resubmit) {
        expect(res.status, code).toBe(200);
        // Pending again: the old reason is gone with the rejection.
        expect(await reloadTool(tool.id)).toMatchObject({ status: 'pending', rejectionCode: null });
      } else {
        expect(res.status, code).toBe(409);
        expect(await res.text()).toBe(LISTING_MSG.resubmitRefused(reason.label));
        expect((await reloadTool(tool.id))?.status).toBe('rejected');
      }
    }
  });
});

describe('POST /api/admin/tools/:id/request-changes', () => {
  it('keeps the tool pending in its place, e-mails the note with a link to the dashboard and audits it', async () => {
    const a = await owner();
    const tool = await makeTool({ submittedById: a.user.id, submittedAt: at(5) });
    const editor = await staff();
    const res = await call('POST', `/api/admin/tools/${tool.id}/request-changes`, {
      cookie: editor.cookie,
      body: { note: 'Say which models it runs on.' },
    });
    expect(res.status).toBe(200);
    const stored = (await reloadTool(tool.id))!;
    expect(stored).toMatchObject({ status: 'pending', changesRequestedNote: 'Say which models it runs on.' });
    expect(stored.submittedAt).toEqual(tool.submittedAt);
    expect(stored.changesRequestedAt).toBeInstanceOf(Date);
    const [mail] = await emailsTo(a.user.email);
    expect(mail).toMatchObject({ kind: 'changes-requested' });
    expect(mail.text).toContain('Say which models it runs on.');
    expect(mail.html).toContain('/dashboard');
    const [audit] = await auditOf('tool', tool.id);
    expect(audit).toMatchObject({
      action: 'tool.request-changes',
      actorId: editor.user.id,
      after: { changesRequestedNote: 'Say which models it runs on.' },
    });
    const entry = (await adminQueue(editor.cookie)).find((e) => e.toolId === tool.id);
    expect(entry).toMatchObject({ changesRequestedNote: 'Say which models it runs on.' });
  });

  it('needs a note, the moderate permission and a pending tool; a refusal changes nothing', async () => {
    const tool = await makeTool();
    const path = `/api/admin/tools/${tool.id}/request-changes`;
    const editor = await staff();
    for (const body of [{}, { note: '   ' }]) {
      const res = await call('POST', path, { cookie: editor.cookie, body });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(LISTING_MSG.requestChangesNoteRequired);
    }
    const reviewer = await signedIn({ ...NO_PASSWORD, role: 'guest_reviewer' });
    expect((await call('POST', path, { cookie: reviewer.cookie, body: { note: 'x' } })).status).toBe(403);
    expect((await call('POST', path, { body: { note: 'x' } })).status).toBe(401);
    expect((await reloadTool(tool.id))?.changesRequestedAt).toBeNull();
    for (const status of ['approved', 'rejected', 'unlisted'] as const) {
      const decided = await makeTool({ status });
      const res = await call('POST', `/api/admin/tools/${decided.id}/request-changes`, {
        cookie: editor.cookie,
        body: { note: 'x' },
      });
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(LISTING_MSG.onlyPendingChangesRequested);
      expect((await reloadTool(decided.id))?.changesRequestedAt).toBeNull();
    }
    expect(
      (await call('POST', '/api/admin/tools/999999/request-changes', { cookie: editor.cookie, body: { note: 'x' } }))
        .status,
    ).toBe(404);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tool.request-changes'), eq(auditLog.entityId, tool.id)));
    expect(rows).toEqual([]);
  });

  it('returns to pending when the owner edits the submission: the request is cleared and it keeps its place', async () => {
    const a = await owner();
    const created = await call('POST', '/api/tools', {
      cookie: a.cookie,
      body: submissionForm(submissionValues()),
      ip: nextIp(),
    });
    const tool = await created.json();
    const editor = await staff();
    await call('POST', `/api/admin/tools/${tool.id}/request-changes`, {
      cookie: editor.cookie,
      body: { note: 'Describe the free plan.' },
    });
    const res = await call('PUT', `/api/user/tools/${tool.id}`, {
      cookie: a.cookie,
      body: submissionForm(submissionValues({ description: 'Writes copy; free for 10 briefs a month.' })),
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    const stored = (await reloadTool(tool.id))!;
    expect(stored).toMatchObject({ status: 'pending', changesRequestedAt: null, changesRequestedNote: null });
    expect(stored.submittedAt.toISOString()).toBe(tool.submittedAt);
    expect((await adminQueue(editor.cookie)).find((e) => e.toolId === tool.id)).toMatchObject({
      changesRequestedAt: null,
      changesRequestedNote: null,
    });
    expect((await myQueue(a.cookie)).pending[0]).toMatchObject({ id: tool.id, changesRequestedNote: null });
  });
});

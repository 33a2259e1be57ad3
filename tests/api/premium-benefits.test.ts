// The Premium benefits that are sold (docs/decisions/0110): featured slots in the digest (allowance per quarter by plan,
// places per issue, the 48-hour lock, only one's own listed tools), the slot's counted link, early-access flags checked
// on the server, and account managers with the member's direct message reaching them first.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, cancelSlot, featuredSlotsFor, moveSlot } from '../../api/premium/slots';
import { db } from '../../db/client';
import { contactMessages, newsletterSlots, users, type Tool, type User } from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { MSG } from '../../lib/messages';
import { issueSendTime, nextIssueDates, SLOT_ALLOWANCE, SLOTS_PER_ISSUE } from '../../lib/newsletter';
import { auditOf, emailsTo, makeTool, NO_PASSWORD } from '../helpers/admin';
import { call, signedIn } from '../helpers/api';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

interface Member {
  user: User;
  cookie: string;
  tool: Tool;
}

async function member(values: Partial<User> = {}): Promise<Member> {
  const { user, cookie } = await signedIn({ ...NO_PASSWORD, ...values });
  const tool = await makeTool({ status: 'approved', submittedById: user.id });
  return { user, cookie, tool };
}

const annualMember = () => member({ isPremium: true, premiumPlan: 'annual' });
const monthlyMember = () => member({ isPremium: true, premiumPlan: 'monthly' });

/** The coming issues as of the test's clock; the first may already be locked, so tests book from the second on. */
const coming = () => nextIssueDates(new Date(), 14);

const book = (m: Member, issueDate: string, toolId = m.tool.id) =>
  call('POST', '/api/premium/slots', { cookie: m.cookie, body: { toolId, issueDate } });

/** A fixed clock far from the real one (Tuesday 1 January 2030), so service-level tests own their issues. */
const T0 = new Date('2030-01-01T12:00:00Z');
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('the issue calendar', () => {
  it('names the coming Mondays, the first after now, each sent at 09:00 UTC', () => {
    expect(nextIssueDates(new Date('2030-01-01T12:00:00Z'), 3)).toEqual(['2030-01-07', '2030-01-14', '2030-01-21']);
    // A Monday before 09:00 is that day's issue; at 09:00 it is the next one.
    expect(nextIssueDates(new Date('2030-01-07T08:59:00Z'), 1)).toEqual(['2030-01-07']);
    expect(nextIssueDates(new Date('2030-01-07T09:00:00Z'), 1)).toEqual(['2030-01-14']);
    expect(issueSendTime('2030-01-07').toISOString()).toBe('2030-01-07T09:00:00.000Z');
  });

  it('shows a Premium member the coming issues, their listed tools and their allowance; a free member gets 403', async () => {
    const m = await annualMember();
    await makeTool({ status: 'pending', submittedById: m.user.id });
    const res = await call('GET', '/api/premium/slots', { cookie: m.cookie });
    expect(res.status).toBe(200);
    const calendar = await res.json();
    expect(calendar.issues.map((i: { issueDate: string }) => i.issueDate)).toEqual(coming());
    expect(calendar.allowance).toBe(SLOT_ALLOWANCE.annual);
    expect(calendar.perIssue).toBe(SLOTS_PER_ISSUE);
    expect(calendar.tools.map((t: { id: number }) => t.id)).toEqual([m.tool.id]);

    const free = await member();
    const refused = await call('GET', '/api/premium/slots', { cookie: free.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(ENGAGE_MSG.premiumOnly);
  });
});

describe('booking a featured slot', () => {
  it('books a coming issue for the member’s own listed tool, audited', async () => {
    const m = await annualMember();
    const res = await book(m, coming()[1]);
    expect(res.status).toBe(201);
    const slot = await res.json();
    expect(slot).toMatchObject({
      issueDate: coming()[1],
      toolId: m.tool.id,
      toolSlug: m.tool.slug,
      clicks: 0,
      sent: false,
    });
    expect((await auditOf('newsletter_slot', slot.id))[0]).toMatchObject({ action: 'slot.book', actorId: m.user.id });
  });

  it('refuses a free member, another’s tool, a tool not listed, a day that is no issue, and the same tool twice', async () => {
    const m = await annualMember();
    const free = await member();
    const other = await annualMember();
    const pending = await makeTool({ status: 'pending', submittedById: m.user.id });
    const date = coming()[2];
    const cases: [Promise<Response>, number, string][] = [
      [book(free, date), 403, ENGAGE_MSG.premiumOnly],
      [book(m, date, other.tool.id), 403, ENGAGE_MSG.slotToolNotYours],
      [book(m, date, pending.id), 403, ENGAGE_MSG.slotToolNotYours],
      [book(m, '2030-01-08'), 400, ENGAGE_MSG.slotNotAnIssue],
      [book(m, '2020-01-06'), 400, ENGAGE_MSG.slotNotAnIssue],
      [book(m, 'next week'), 400, ENGAGE_MSG.slotNotAnIssue],
    ];
    for (const [response, status, message] of cases) {
      const res = await response;
      expect(res.status, message).toBe(status);
      expect(await res.text()).toBe(message);
    }
    expect((await book(m, date)).status).toBe(201);
    const again = await book(m, date);
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(ENGAGE_MSG.slotAlreadyBooked);
    const rows = await db.select().from(newsletterSlots).where(eq(newsletterSlots.userId, m.user.id));
    expect(rows).toHaveLength(1);
  });

  it('takes SLOTS_PER_ISSUE slots an issue, then answers 409', async () => {
    const date = coming()[3];
    for (let i = 0; i < SLOTS_PER_ISSUE; i++) expect((await book(await annualMember(), date)).status).toBe(201);
    const late = await book(await annualMember(), date);
    expect(late.status).toBe(409);
    expect(await late.text()).toBe(ENGAGE_MSG.slotIssueFull);
  });

  it('counts the allowance per calendar quarter by plan: one on monthly, three on annual', async () => {
    const monthly = await monthlyMember();
    await bookSlot(monthly.user, { toolId: monthly.tool.id, issueDate: '2030-01-14' }, T0);
    expect(await refusal(bookSlot(monthly.user, { toolId: monthly.tool.id, issueDate: '2030-02-04' }, T0))).toEqual({
      status: 409,
      message: ENGAGE_MSG.slotAllowanceUsed,
    });
    // The next quarter has its own.
    await bookSlot(monthly.user, { toolId: monthly.tool.id, issueDate: '2030-04-01' }, T0);

    const annual = await annualMember();
    for (const issueDate of ['2030-01-14', '2030-01-21', '2030-01-28'])
      await bookSlot(annual.user, { toolId: annual.tool.id, issueDate }, T0);
    expect(await refusal(bookSlot(annual.user, { toolId: annual.tool.id, issueDate: '2030-03-04' }, T0))).toEqual({
      status: 409,
      message: ENGAGE_MSG.slotAllowanceUsed,
    });
  });

  it('closes an issue 48 hours before it is sent: no booking, moving or cancelling after', async () => {
    const m = await annualMember();
    const slot = await bookSlot(m.user, { toolId: m.tool.id, issueDate: '2030-01-07' }, T0);
    // Sent Monday 7 January 09:00 UTC, so closed from Saturday 5 January 09:00.
    const closed = new Date('2030-01-05T09:00:00Z');
    const locked = { status: 409, message: ENGAGE_MSG.slotLocked };
    const other = await annualMember();
    expect(await refusal(bookSlot(other.user, { toolId: other.tool.id, issueDate: '2030-01-07' }, closed))).toEqual(
      locked,
    );
    expect(await refusal(moveSlot(m.user, slot.id, '2030-01-21', closed))).toEqual(locked);
    expect(await refusal(cancelSlot(m.user, slot.id, closed))).toEqual(locked);
    // A minute before, it could still be cancelled.
    await cancelSlot(m.user, slot.id, new Date('2030-01-05T08:59:00Z'));
    expect(await db.select().from(newsletterSlots).where(eq(newsletterSlots.id, slot.id))).toEqual([]);
  });
});

describe('moving and cancelling', () => {
  it('moves a slot to a free issue and cancels it, which gives the allowance back, each audited', async () => {
    const m = await monthlyMember();
    const [, second, third] = coming();
    const slot = await (await book(m, second)).json();
    const moved = await call('PATCH', `/api/premium/slots/${slot.id}`, {
      cookie: m.cookie,
      body: { issueDate: third },
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).issueDate).toBe(third);
    expect((await auditOf('newsletter_slot', slot.id))[0]).toMatchObject({
      action: 'slot.move',
      before: { issueDate: second },
      after: { issueDate: third },
    });

    const cancelled = await call('DELETE', `/api/premium/slots/${slot.id}`, { cookie: m.cookie });
    expect(cancelled.status).toBe(200);
    expect((await auditOf('newsletter_slot', slot.id))[0]).toMatchObject({ action: 'slot.cancel' });
    expect((await book(m, second)).status).toBe(201);
  });

  it('refuses moving into a full issue, and another member’s slot is not found', async () => {
    const m = await annualMember();
    const date = coming()[4];
    for (let i = 0; i < SLOTS_PER_ISSUE; i++) await book(await annualMember(), date);
    const slot = await (await book(m, coming()[5])).json();
    const full = await call('PATCH', `/api/premium/slots/${slot.id}`, { cookie: m.cookie, body: { issueDate: date } });
    expect(full.status).toBe(409);
    expect(await full.text()).toBe(ENGAGE_MSG.slotIssueFull);

    const stranger = await annualMember();
    const res = await call('DELETE', `/api/premium/slots/${slot.id}`, { cookie: stranger.cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(ENGAGE_MSG.slotNotFound);
  });
});

describe('the digest’s featured slots and their counted link', () => {
  it('answers an issue’s slots in booking order with a counted link, leaving out a member no longer Premium', async () => {
    const [first, second, lapsed] = [await annualMember(), await annualMember(), await annualMember()];
    const issueDate = '2030-02-11';
    await bookSlot(first.user, { toolId: first.tool.id, issueDate }, T0);
    await bookSlot(second.user, { toolId: second.tool.id, issueDate }, T0);
    await db.update(users).set({ isPremium: false }).where(eq(users.id, second.user.id));
    expect(await featuredSlotsFor(issueDate)).toEqual([
      expect.objectContaining({
        toolSlug: first.tool.slug,
        clickUrl: expect.stringMatching(/\/newsletter\/featured\/\d+$/),
      }),
    ]);
    void lapsed;
  });

  it('counts a click once per visitor a day and sends the reader on to the tool page', async () => {
    const m = await annualMember();
    const slot = await bookSlot(m.user, { toolId: m.tool.id, issueDate: '2030-02-18' }, T0);
    const [{ clickUrl }] = (await featuredSlotsFor('2030-02-18')).filter((s) => s.slotId === slot.id);
    const path = new URL(clickUrl).pathname;
    const clicks = async () =>
      (await db.query.newsletterSlots.findFirst({ where: eq(newsletterSlots.id, slot.id) }))!.clicks;

    const res = await call('GET', path, { headers: { 'user-agent': BROWSER }, ip: '198.51.100.7' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).pathname).toBe(`/tool/${m.tool.slug}`);
    expect(await clicks()).toBe(1);
    await call('GET', path, { headers: { 'user-agent': BROWSER }, ip: '198.51.100.7' });
    expect(await clicks()).toBe(1);
    await call('GET', path, { headers: { 'user-agent': BROWSER }, ip: '198.51.100.8' });
    expect(await clicks()).toBe(2);
    // A crawler or a mail scanner that names itself is sent on but not counted.
    const bot = await call('GET', path, { headers: { 'user-agent': 'Googlebot/2.1' }, ip: '198.51.100.9' });
    expect(bot.status).toBe(302);
    expect(await clicks()).toBe(2);

    expect((await call('GET', '/newsletter/featured/999999', { headers: { 'user-agent': BROWSER } })).status).toBe(404);
  });

  it('shows the member the clicks a sent slot brought', async () => {
    const m = await annualMember();
    // Booked into an issue the test's clock has already seen go out.
    const [sent] = await db
      .insert(newsletterSlots)
      .values({ issueDate: '2026-11-02', toolId: m.tool.id, userId: m.user.id, clicks: 12 })
      .returning();
    const calendar = await (await call('GET', '/api/premium/slots', { cookie: m.cookie })).json();
    expect(calendar.slots).toEqual([expect.objectContaining({ id: sent.id, sent: true, clicks: 12 })]);
  });
});

describe('early access, checked on the server', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  });
  const setFlag = (audience: string, cookie = admin) =>
    call('PUT', '/api/admin/premium/flags/three-way-compare', { cookie, body: { audience } });
  const flagFor = async (cookie?: string) =>
    (await (await call('GET', '/api/early-access', { cookie })).json()).flags['three-way-compare'];

  it('is off for everyone, on for Premium members only, or on for everyone, as the admin sets it', async () => {
    const premium = (await annualMember()).cookie;
    const free = (await member()).cookie;
    const expected = { off: [false, false, false], premium: [true, false, false], everyone: [true, true, true] };
    for (const [audience, [forPremium, forFree, signedOut]] of Object.entries(expected)) {
      const res = await setFlag(audience);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ key: 'three-way-compare', audience });
      expect([await flagFor(premium), await flagFor(free), await flagFor()], audience).toEqual([
        forPremium,
        forFree,
        signedOut,
      ]);
    }
    const [entry] = await auditOf('feature_flag', 1);
    expect(entry).toMatchObject({ action: 'flag.set', after: { key: 'three-way-compare', audience: 'everyone' } });
  });

  it('only manage:premium may set a flag; a bad audience or flag changes nothing', async () => {
    await setFlag('premium');
    const staff = (await signedIn({ ...NO_PASSWORD, role: 'staff' })).cookie;
    expect((await setFlag('everyone', staff)).status).toBe(403);
    expect((await setFlag('sometimes')).status).toBe(400);
    const unknown = await call('PUT', '/api/admin/premium/flags/time-travel', {
      cookie: admin,
      body: { audience: 'off' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(ENGAGE_MSG.flagUnknown);
    expect(await flagFor((await member()).cookie)).toBe(false);
  });
});

describe('account managers', () => {
  let admin: string;
  let staff: User;
  let staffCookie: string;
  beforeAll(async () => {
    admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
    ({ user: staff, cookie: staffCookie } = await signedIn({ ...NO_PASSWORD, role: 'staff', firstName: 'Sam' }));
  });
  const assign = (memberId: number, managerId: number | null, cookie = admin) =>
    call('PUT', `/api/admin/premium/members/${memberId}/account-manager`, { cookie, body: { managerId } });

  it('an admin assigns a staff member to a Premium member, and clears it, audited', async () => {
    const m = await annualMember();
    const res = await assign(m.user.id, staff.id);
    expect(res.status).toBe(200);
    expect((await res.json()).accountManager).toEqual({ id: staff.id, name: expect.stringContaining('Sam') });
    expect((await auditOf('user', m.user.id))[0]).toMatchObject({
      action: 'user.account-manager',
      after: { accountManagerId: staff.id },
    });
    const listed = await (await call('GET', '/api/admin/premium', { cookie: admin })).json();
    expect(listed.members.find((x: { id: number }) => x.id === m.user.id).accountManager.id).toBe(staff.id);
    expect(listed.staff.map((s: { id: number }) => s.id)).toContain(staff.id);

    const cleared = await assign(m.user.id, null);
    expect((await cleared.json()).accountManager).toBeNull();
  });

  it('only staff or admins can be assigned, only to Premium members, and only admins assign', async () => {
    const m = await annualMember();
    const plain = await member();
    const notStaff = await assign(m.user.id, plain.user.id);
    expect(notStaff.status).toBe(400);
    expect(await notStaff.text()).toBe(ENGAGE_MSG.managerNotStaff);
    const notPremium = await assign(plain.user.id, staff.id);
    expect(notPremium.status).toBe(409);
    expect(await notPremium.text()).toBe(ENGAGE_MSG.managerNotPremium);
    const byStaff = await assign(m.user.id, staff.id, staffCookie);
    expect(byStaff.status).toBe(403);
    expect(await byStaff.text()).toBe(MSG.forbidden);
    expect((await db.query.users.findFirst({ where: eq(users.id, m.user.id) }))!.accountManagerId).toBeNull();
  });

  it('the member sees their manager’s first name, never the address, and their message reaches the manager first', async () => {
    const m = await annualMember();
    const none = await call('POST', '/api/premium/account-manager/messages', {
      cookie: m.cookie,
      body: { message: 'Can we plan a feature for our launch?' },
    });
    expect(none.status).toBe(409);
    expect(await none.text()).toBe(ENGAGE_MSG.noAccountManager);

    await assign(m.user.id, staff.id);
    const who = await call('GET', '/api/premium/account-manager', { cookie: m.cookie });
    const body = await who.text();
    expect(JSON.parse(body)).toEqual({ manager: { firstName: 'Sam' } });
    expect(body).not.toContain(staff.email);

    // A newer priority message from someone else, not assigned: the manager's own still comes first for them.
    const sent = await call('POST', '/api/premium/account-manager/messages', {
      cookie: m.cookie,
      body: { message: 'Can we plan a feature for our launch?' },
      ip: '198.51.100.20',
    });
    expect(sent.status).toBe(201);
    const { id, priority } = await sent.json();
    expect(priority).toBe(true);
    await db.insert(contactMessages).values({
      name: 'Someone else',
      email: 'else@example.com',
      topic: 'support',
      message: 'A newer priority message.',
      priority: true,
      createdAt: new Date(Date.now() + 60_000),
    });
    const row = await db.query.contactMessages.findFirst({ where: eq(contactMessages.id, id) });
    expect(row).toMatchObject({ managerId: staff.id, priority: true, userId: m.user.id });
    const [mail] = await emailsTo(staff.email);
    expect(mail).toMatchObject({ kind: 'manager-message', replyTo: m.user.email });

    const staffList = await (await call('GET', '/api/admin/messages', { cookie: staffCookie })).json();
    expect(staffList.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(staffList[0]).toMatchObject({ assignedToYou: true, priority: true, manager: { email: staff.email } });
    const adminList = await (await call('GET', '/api/admin/messages', { cookie: admin })).json();
    expect(adminList.find((x: { id: number }) => x.id === id).assignedToYou).toBe(false);
  });

  it('staff mark their assigned messages handled, never another’s', async () => {
    const m = await annualMember();
    await assign(m.user.id, staff.id);
    const sent = await call('POST', '/api/premium/account-manager/messages', {
      cookie: m.cookie,
      body: { message: 'Thank you for the feature last week.' },
      ip: '198.51.100.21',
    });
    const { id } = await sent.json();
    expect((await call('POST', `/api/admin/messages/${id}/handled`, { cookie: staffCookie })).status).toBe(200);
    const [other] = await db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', topic: 'support', message: 'Not for staff.' })
      .returning();
    const refused = await call('POST', `/api/admin/messages/${other.id}/handled`, { cookie: staffCookie });
    expect(refused.status).toBe(403);
    expect(
      (await db.query.contactMessages.findFirst({ where: eq(contactMessages.id, other.id) }))!.handledAt,
    ).toBeNull();
  });
});

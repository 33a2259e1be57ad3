// Following tools and categories (docs/decisions/0108): follows signed in and by e-mail (pending until confirmed),
// follow events recorded once in the change's transaction, what the digest reads (followUpdatesFor), the daily alert
// (at most one a day, each event once), saved tools, and the three-tool compare's early-access check on the server.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { sendDailyAlerts } from '../../api/follows/alerts';
import { followUpdatesFor, markUpdatesSent } from '../../api/follows/updates';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { db } from '../../db/client';
import {
  emailOutbox,
  featureFlags,
  followEvents,
  followRequests,
  follows,
  subscribers,
  type Tool,
  type User,
} from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FOLLOW_CONFIRM_DAYS } from '../../lib/newsletter';
import { forgetUnconfirmed } from '../../api/newsletter/forget';
import { BASE, call, signedIn } from '../helpers/api';
import { emailsTo, makeTool, NO_PASSWORD } from '../helpers/admin';

let addresses = 0;
const freshIp = () => `198.51.100.${++addresses}`;

let admin: { user: User; cookie: string };
let tool: Tool;
let other: Tool;

const eventsOf = (toolId: number) => db.select().from(followEvents).where(eq(followEvents.toolId, toolId));
const subscriberOf = async (email: string) =>
  (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
const followTool = (t: Tool, opts: { cookie?: string; email?: string } = {}) =>
  call('POST', '/api/follows', {
    body: { target: 'tool', id: t.slug, ...(opts.email ? { email: opts.email } : {}) },
    cookie: opts.cookie,
    ip: freshIp(),
  });
const review = (t: Tool, qualityScore: number) =>
  call('POST', `/api/admin/tools/${t.id}/review`, {
    body: { curatorTake: 'Still good.', qualityScore },
    cookie: admin.cookie,
  });
const form = (path: string, fields: Record<string, string>, cookie?: string) =>
  app.handle(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: BASE,
        [CLIENT_IP_HEADER]: freshIp(),
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }),
  );

/** The token of a follow confirmation e-mail's link. */
function followToken(text: string): string {
  const token = /\/follow\/confirm\?token=([\w-]+)/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}
const getPage = (path: string) =>
  app.handle(new Request(`${BASE}${path}`, { headers: { [CLIENT_IP_HEADER]: freshIp(), accept: 'text/html' } }));

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
  tool = await makeTool({ status: 'approved', tags: ['productivity'], qualityScore: 7, pricingModel: 'paid' });
  other = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 6 });
});

describe('following', () => {
  it('follows at once when signed in', async () => {
    const member = await signedIn(NO_PASSWORD);
    const res = await followTool(tool, { cookie: member.cookie });
    expect(res.status).toBe(201);
    expect((await res.json()).status).toBe('following');
    const subscriber = await subscriberOf(member.user.email);
    expect(subscriber.status).toBe('confirmed');
    const rows = await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id));
    expect(rows.map((r) => r.toolId)).toEqual([tool.id]);
    const state = await call('GET', `/api/follows/state?target=tool&id=${tool.slug}`, { cookie: member.cookie });
    expect(await state.json()).toEqual({ following: true, saved: false });
    const off = await call('POST', '/api/follows/unfollow', {
      body: { target: 'tool', id: tool.slug },
      cookie: member.cookie,
    });
    expect((await off.json()).status).toBe('not-following');
    expect(await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id))).toEqual([]);
  });

  it('follows by e-mail as pending: nothing reaches the address until it is confirmed', async () => {
    const t = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 5 });
    const res = await followTool(t, { email: 'Pending.Reader@example.com' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: 'pending', message: ENGAGE_MSG.followPending });
    const subscriber = await subscriberOf('pending.reader@example.com');
    expect(subscriber.status).toBe('pending');
    await db.update(subscribers).set({ cadence: 'daily' }).where(eq(subscribers.id, subscriber.id));
    expect((await review(t, 6)).status).toBe(200);
    expect((await followUpdatesFor([subscriber.id])).get(subscriber.id)).toBeUndefined();
    await sendDailyAlerts(new Date());
    // The one e-mail it gets is the confirmation of the address (double opt-in), never an alert.
    expect((await emailsTo('pending.reader@example.com')).map((e) => e.kind)).toEqual(['newsletter-confirm']);
    // Confirmed (the newsletter's confirmation page): the follow counts.
    await db.update(subscribers).set({ status: 'confirmed' }).where(eq(subscribers.id, subscriber.id));
    const updates = (await followUpdatesFor([subscriber.id])).get(subscriber.id) ?? [];
    expect(updates.map((u) => [u.toolSlug, u.kind, u.text])).toEqual([[t.slug, 'score', 'Score changed from 5 to 6']]);
  });

  it('asks a confirmed address typed by a signed-out visitor to confirm that follow: the page changes nothing, its button follows', async () => {
    const member = await signedIn(NO_PASSWORD);
    await followTool(tool, { cookie: member.cookie });
    const subscriber = await subscriberOf(member.user.email);
    const followed = async () =>
      (await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id))).map((r) => r.toolId).sort();
    const res = await followTool(other, { email: member.user.email.toUpperCase() });
    // The same answer as for any address, and nothing follows yet.
    expect(await res.json()).toEqual({ status: 'pending', message: ENGAGE_MSG.followPending });
    expect(await followed()).toEqual([tool.id]);
    const [mail] = await emailsTo(member.user.email);
    expect(mail.kind).toBe('follow-confirm');
    expect(mail.subject).toContain(other.name);
    const token = followToken(mail.text);
    // Only the token's hash is kept.
    const [request] = await db.select().from(followRequests).where(eq(followRequests.subscriberId, subscriber.id));
    expect(request.tokenHash).not.toContain(token);
    // Asked again at once: no second e-mail.
    await followTool(other, { email: member.user.email });
    expect((await emailsTo(member.user.email)).filter((e) => e.kind === 'follow-confirm')).toHaveLength(1);
    // Opening the link (as a mail scanner does) shows the button and follows nothing.
    const page = await getPage(`/follow/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(await page.text()).toContain(`Follow ${other.name}`);
    expect(await followed()).toEqual([tool.id]);
    // The button: the follow counts, and the address's preference page says so.
    const confirm = await form('/follow/confirm', { token });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(
      `/newsletter/preferences?token=${encodeURIComponent(subscriber.manageToken)}&done=followed`,
    );
    expect(await followed()).toEqual([tool.id, other.id].sort());
    expect(await db.select().from(followRequests).where(eq(followRequests.subscriberId, subscriber.id))).toEqual([]);
    // Used: the link is dead, and says so.
    const again = await form('/follow/confirm', { token });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(ENGAGE_MSG.followConfirmLinkInvalid);
    // Already followed: asking again e-mails nothing.
    await followTool(other, { email: member.user.email });
    expect((await emailsTo(member.user.email)).filter((e) => e.kind === 'follow-confirm')).toHaveLength(1);
  });

  it('lets a follow link die after its days, and forgets the request', async () => {
    const member = await signedIn(NO_PASSWORD);
    await followTool(tool, { cookie: member.cookie });
    const res = await call('POST', '/api/follows', {
      body: { target: 'category', id: 'design', email: member.user.email },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    const token = followToken((await emailsTo(member.user.email))[0].text);
    const subscriber = await subscriberOf(member.user.email);
    const old = new Date(Date.now() - (FOLLOW_CONFIRM_DAYS * 24 + 1) * 3_600_000);
    await db.update(followRequests).set({ sentAt: old }).where(eq(followRequests.subscriberId, subscriber.id));
    const page = await getPage(`/follow/confirm?token=${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(ENGAGE_MSG.followConfirmLinkInvalid);
    expect((await form('/follow/confirm', { token })).status).toBe(404);
    await forgetUnconfirmed(new Date());
    expect(await db.select().from(followRequests).where(eq(followRequests.subscriberId, subscriber.id))).toEqual([]);
    const rows = await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id));
    expect(rows.map((r) => r.category)).toEqual([null]);
  });

  it('sends an unsubscribed address through the double opt-in again, the follow counting once it confirms', async () => {
    const email = 'came.back@example.com';
    await followTool(tool, { email });
    await db.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, email));
    await db.delete(emailOutbox).where(eq(emailOutbox.to, email));
    const res = await followTool(other, { email });
    expect(await res.json()).toEqual({ status: 'pending', message: ENGAGE_MSG.followPending });
    const subscriber = await subscriberOf(email);
    expect(subscriber).toMatchObject({ status: 'pending', consentSource: 'follow' });
    expect((await emailsTo(email)).map((e) => e.kind)).toEqual(['newsletter-confirm']);
    const rows = await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id));
    expect(rows.map((r) => r.toolId).sort()).toEqual([tool.id, other.id].sort());
  });

  it('counts follows by e-mail per address, whoever asks', async () => {
    const email = 'flooded@example.com';
    const before = (await db.select().from(follows)).length;
    for (let i = 0; i < 10; i++) expect((await followTool(tool, { email })).status).toBe(201);
    const refused = await followTool(other, { email: email.toUpperCase() });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(ENGAGE_MSG.followAddressTooMany);
    expect((await db.select().from(follows)).length).toBe(before + 1);
  });

  it('refuses an unknown tool or category, and a signed-out follow without an address, writing nothing', async () => {
    const before = (await db.select().from(follows)).length;
    expect((await followTool({ ...tool, slug: 'no-such-tool' }, { email: 'x@example.com' })).status).toBe(404);
    const category = await call('POST', '/api/follows', {
      body: { target: 'category', id: 'nope', email: 'x@example.com' },
    });
    expect(category.status).toBe(404);
    const noAddress = await followTool(tool);
    expect(noAddress.status).toBe(400);
    expect(await noAddress.text()).toContain(ENGAGE_MSG.followAddressNeeded);
    expect((await db.select().from(follows)).length).toBe(before);
    expect(await subscriberOf('x@example.com')).toBeUndefined();
  });

  it('follows from the form without JavaScript: 303 back to the page with its note', async () => {
    const res = await form('/follow', { target: 'category', id: 'design', email: 'form.reader@example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/category/design#note-pending');
    const subscriber = await subscriberOf('form.reader@example.com');
    const [row] = await db.select().from(follows).where(eq(follows.subscriberId, subscriber.id));
    expect(row.category).toBe('design');
  });
});

describe('follow events', () => {
  it('records each change once, in its own transaction', async () => {
    const t = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 7, pricingModel: 'paid' });
    expect((await review(t, 7)).status).toBe(200);
    expect((await review(t, 8)).status).toBe(200);
    const edit = (pricingModel: string) =>
      call('PATCH', `/api/admin/tools/${t.id}`, { body: { pricingModel }, cookie: admin.cookie });
    expect((await edit('freemium')).status).toBe(200);
    // The same edit again changes nothing; undone and made again the same day is the same news.
    expect((await edit('freemium')).status).toBe(200);
    await edit('paid');
    await edit('freemium');
    const pick = () =>
      call('PUT', `/api/admin/tools/${t.id}/alternatives`, {
        body: { alternativeIds: [other.id] },
        cookie: admin.cookie,
      });
    expect((await pick()).status).toBe(200);
    expect((await pick()).status).toBe(200);
    const discontinue = await call('POST', `/api/admin/tools/${t.id}/discontinue`, {
      body: { reason: 'Shut down.' },
      cookie: admin.cookie,
    });
    expect(discontinue.status).toBe(200);
    expect((await call('POST', `/api/admin/tools/${t.id}/revive`, { cookie: admin.cookie })).status).toBe(200);
    const kinds = (await eventsOf(t.id)).map((e) => e.kind);
    expect(kinds).toEqual(['rereview', 'score', 'pricing', 'pricing', 'alternative', 'discontinued', 'revived']);
  });

  it("records a category's newly approved tool", async () => {
    const pending = await makeTool({ status: 'pending', tags: ['design', 'marketing'] });
    const res = await call('POST', `/api/admin/tools/${pending.id}/approve`, {
      body: { curatorTake: 'Good.', qualityScore: 7 },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const events = await eventsOf(pending.id);
    expect(events.map((e) => [e.kind, e.category])).toEqual([
      ['approved', 'design'],
      ['approved', 'marketing'],
    ]);
  });
});

describe('followUpdatesFor and the daily alert', () => {
  it("answers each subscriber's unsent updates only", async () => {
    const t = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 4 });
    const a = await signedIn(NO_PASSWORD);
    const b = await signedIn(NO_PASSWORD);
    await followTool(t, { cookie: a.cookie });
    await review(t, 5);
    await followTool(t, { cookie: b.cookie });
    await review(t, 6);
    const [sa, sb] = [await subscriberOf(a.user.email), await subscriberOf(b.user.email)];
    let updates = await followUpdatesFor([sa.id, sb.id]);
    // b followed after the first review: it is not news to b.
    expect(updates.get(sa.id)?.map((u) => u.text)).toEqual(['Score changed from 4 to 5', 'Score changed from 5 to 6']);
    expect(updates.get(sb.id)?.map((u) => u.text)).toEqual(['Score changed from 5 to 6']);
    await db.transaction((tx) => markUpdatesSent(tx, sa.id, updates.get(sa.id)![1].eventId));
    updates = await followUpdatesFor([sa.id, sb.id]);
    expect(updates.get(sa.id)).toBeUndefined();
    expect(updates.get(sb.id)).toHaveLength(1);
  });

  it('sends at most one alert a day, each event once, with the list headers and the preference link', async () => {
    const t = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 3 });
    const member = await signedIn(NO_PASSWORD);
    await followTool(t, { cookie: member.cookie });
    const subscriber = await subscriberOf(member.user.email);
    await db.update(subscribers).set({ cadence: 'daily' }).where(eq(subscribers.id, subscriber.id));
    await review(t, 4);
    const day = new Date('2030-01-10T08:00:00Z');
    await sendDailyAlerts(day);
    let mails = await emailsTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe('follow-alert');
    expect(mails[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0].html).toContain('/newsletter/preferences?token=');
    expect(mails[0].text).toContain('Score changed from 3 to 4');
    // Again the same day: nothing new; a new event the same day waits for tomorrow.
    await sendDailyAlerts(new Date('2030-01-10T09:00:00Z'));
    await review(t, 5);
    await sendDailyAlerts(new Date('2030-01-10T20:00:00Z'));
    expect(await emailsTo(member.user.email)).toHaveLength(1);
    await sendDailyAlerts(new Date('2030-01-11T08:00:00Z'));
    mails = await emailsTo(member.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('Score changed from 4 to 5');
    expect(mails[0].text).not.toContain('Score changed from 3 to 4');
    // Sent: the digest finds nothing of it either.
    expect((await followUpdatesFor([subscriber.id])).get(subscriber.id)).toBeUndefined();
  });
});

describe('saved tools', () => {
  it('saves, lists and removes a tool for a member', async () => {
    const member = await signedIn(NO_PASSWORD);
    expect((await call('POST', '/api/saved-tools', { body: { slug: tool.slug }, cookie: member.cookie })).status).toBe(
      201,
    );
    expect((await call('POST', '/api/saved-tools', { body: { slug: other.slug }, cookie: member.cookie })).status).toBe(
      201,
    );
    const list = await (await call('GET', '/api/saved-tools', { cookie: member.cookie })).json();
    expect(list.map((s: { slug: string }) => s.slug).sort()).toEqual([tool.slug, other.slug].sort());
    expect((await call('DELETE', `/api/saved-tools/${tool.slug}`, { cookie: member.cookie })).status).toBe(200);
    const after = await (await call('GET', '/api/saved-tools', { cookie: member.cookie })).json();
    expect(after.map((s: { slug: string }) => s.slug)).toEqual([other.slug]);
    expect((await call('POST', '/api/saved-tools', { body: { slug: 'no-such' }, cookie: member.cookie })).status).toBe(
      404,
    );
    expect((await call('GET', '/api/saved-tools')).status).toBe(401);
  });

  it('sends a signed-out visitor of the form to sign in and back; saves for a member', async () => {
    const out = await form('/save', { slug: tool.slug });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(`/auth?next=${encodeURIComponent(`/tool/${tool.slug}`)}`);
    const member = await signedIn(NO_PASSWORD);
    const res = await form('/save', { slug: tool.slug }, member.cookie);
    expect(res.headers.get('location')).toBe(`/tool/${tool.slug}#note-saved`);
    const state = await call('GET', `/api/follows/state?target=tool&id=${tool.slug}`, { cookie: member.cookie });
    expect((await state.json()).saved).toBe(true);
  });
});

describe('the three-tool compare (early access)', () => {
  const setFlag = (audience: 'off' | 'premium' | 'everyone') =>
    db
      .insert(featureFlags)
      .values({ key: 'three-way-compare', audience })
      .onConflictDoUpdate({ target: featureFlags.key, set: { audience } });
  let third: Tool;
  const compare = (cookie?: string) =>
    call('GET', `/compare?tools=${tool.slug},${other.slug},${third.slug}`, {
      cookie,
      headers: { accept: 'text/html' },
    });

  beforeAll(async () => {
    third = await makeTool({ status: 'approved', tags: ['design'], qualityScore: 8 });
  });

  it('is for Premium members while the flag says premium, checked on the server', async () => {
    await setFlag('premium');
    const member = await signedIn(NO_PASSWORD);
    const premium = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const refused = await compare(member.cookie);
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toContain('three-way-locked');
    expect(text).not.toContain('three-way-table');
    expect((await compare()).status).toBe(403);
    const shown = await compare(premium.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(await shown.text()).toContain('three-way-table');
  });

  it('is for everyone at "everyone" and for nobody at "off"', async () => {
    await setFlag('everyone');
    const open = await compare();
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('three-way-table');
    await setFlag('off');
    const premium = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const off = await compare(premium.cookie);
    expect(off.status).toBe(403);
    expect(await off.text()).toContain('three-way-off');
  });

  it('sends two tools to their pair page and lists matches for the picker without JavaScript', async () => {
    const pair = await call('GET', `/compare?tools=${tool.slug},${other.slug}`);
    expect(pair.status).toBe(303);
    expect(pair.headers.get('location')).toMatch(/^\/compare\/.+-vs-.+$/);
    const picker = await call('GET', `/compare?tool=${tool.slug}&q=${encodeURIComponent(other.name)}`);
    expect(picker.status).toBe(200);
    expect(await picker.text()).toContain('data-testid="compare-matches"');
  });
});

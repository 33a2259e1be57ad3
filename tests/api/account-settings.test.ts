// The account page's own calls (docs/decisions/0096): the name and avatar, the signed-in devices with their sign-outs,
// and "Download my data"; each the member's own, validated, throttled and audited.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, createSession, hashToken } from '../../api/auth/sessions';
import { RATE_LIMITS, rateKey, take } from '../../api/rate-limit';
import { db } from '../../db/client';
import {
  blogPosts,
  contactMessages,
  recoveryCodes,
  sessions,
  subscriptions,
  toolMetricsDaily,
  users,
  verifications,
  type User,
} from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import type { AccountData, DeviceSession } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { auditOf, makeChangeRequest, makeTool, rebuildsFor } from '../helpers/admin';
import { call, reloadUser, signedIn } from '../helpers/api';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

function imageForm(bytes: Uint8Array, name = 'me.png'): FormData {
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return form;
}

const avatarPath = (url: string) => join(process.env.UPLOADS_DIR!, url.slice('/uploads/'.length));

/** A second session of the user, as another browser would hold: its cookie and token. */
async function anotherDevice(user: User, userAgent?: string) {
  const { token } = await createSession(user.id, { userAgent, ip: '198.51.100.7' });
  return { token, cookie: `${SESSION_COOKIE}=${token}` };
}

async function liveSids(userId: number): Promise<string[]> {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.sid).sort();
}

/** Fills a throttle's window for the account, so the next request is the one past it. */
async function exhaust(kind: keyof typeof RATE_LIMITS, userId: number) {
  const key = rateKey(kind, userId);
  for (let i = 0; i < RATE_LIMITS[kind].limit; i++) await take([key]);
}

describe('signed out', () => {
  it.each([
    ['POST', '/api/account/profile'],
    ['POST', '/api/account/avatar'],
    ['DELETE', '/api/account/avatar'],
    ['GET', '/api/account/sessions'],
    ['POST', '/api/account/sessions/abcdef0123456789/sign-out'],
    ['POST', '/api/account/sessions/sign-out-others'],
    ['GET', '/api/account/data'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await call(method, path, method === 'POST' && path.endsWith('profile') ? { body: {} } : {});
    expect(res.status).toBe(401);
  });
});

describe('POST /api/account/profile', () => {
  it('saves the trimmed name, answers the user, and writes one audit row', async () => {
    const { user, cookie } = await signedIn({ firstName: 'Old', lastName: 'Name' });
    const res = await call('POST', '/api/account/profile', {
      cookie,
      body: { firstName: '  Ada ', lastName: 'Lovelace' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace' });
    expect(await reloadUser(user.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const [row] = await auditOf('user', user.id);
    expect(row).toMatchObject({
      action: 'account.profile',
      actorId: user.id,
      before: { firstName: 'Old', lastName: 'Name' },
      after: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    // GET /api/user (the avatar menu's source) says the new name.
    expect(await (await call('GET', '/api/user', { cookie })).json()).toMatchObject({ firstName: 'Ada' });
  });

  it('stores an empty name as none', async () => {
    const { user, cookie } = await signedIn({ firstName: 'Old', lastName: 'Name' });
    const res = await call('POST', '/api/account/profile', { cookie, body: { firstName: '  ', lastName: '' } });
    expect(res.status).toBe(200);
    expect(await reloadUser(user.id)).toMatchObject({ firstName: null, lastName: null });
  });

  it.each([
    [{ firstName: 'A'.repeat(101), lastName: 'X' }, MSG.textTooLong('First name', 100)],
    [{ firstName: 'Ada', lastName: 'Love\u0000lace' }, MSG.controlCharacters('Last name')],
    [{ firstName: 42, lastName: 'X' }, 'First name must be text'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const { user, cookie } = await signedIn({ firstName: 'Old', lastName: 'Name' });
    const res = await call('POST', '/api/account/profile', { cookie, body });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await reloadUser(user.id)).toMatchObject({ firstName: 'Old', lastName: 'Name' });
    expect(await auditOf('user', user.id)).toHaveLength(0);
  });

  it('asks for the pages of the author’s published posts to be built again', async () => {
    const { user, cookie } = await signedIn({ firstName: 'Writer' });
    const slug = `renamed-author-${user.id}`;
    await db.insert(blogPosts).values({
      title: 'A post',
      slug,
      content: '<p>Hi</p>',
      status: 'published',
      authorId: user.id,
      publishedAt: new Date(),
    });
    await call('POST', '/api/account/profile', { cookie, body: { firstName: 'Renamed', lastName: '' } });
    const [job] = await rebuildsFor('author renamed');
    expect(job.tags).toContain(`post:${slug}`);
  });

  it('answers 429 past the hour’s changes, writing nothing', async () => {
    const { user, cookie } = await signedIn({ firstName: 'Old' });
    await exhaust('account-profile', user.id);
    const res = await call('POST', '/api/account/profile', { cookie, body: { firstName: 'New', lastName: '' } });
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(ACCOUNT_MSG.profileChangesPerHour);
    expect((await reloadUser(user.id))?.firstName).toBe('Old');
  });
});

describe('the avatar', () => {
  it('takes a PNG as a 256 px square WebP, shows it in GET /api/user, and removes the one it replaces', async () => {
    const { user, cookie } = await signedIn();
    const first = await call('POST', '/api/account/avatar', { cookie, body: imageForm(png) });
    expect(first.status).toBe(200);
    const firstUrl = ((await first.json()) as { profileImageUrl: string }).profileImageUrl;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const served = await call('GET', firstUrl);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(await (await call('GET', '/api/user', { cookie })).json()).toMatchObject({ profileImageUrl: firstUrl });

    const second = await call('POST', '/api/account/avatar', { cookie, body: imageForm(png) });
    const secondUrl = ((await second.json()) as { profileImageUrl: string }).profileImageUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(avatarPath(firstUrl))).toBe(false);
    expect(existsSync(avatarPath(secondUrl))).toBe(true);
    const [row] = await auditOf('user', user.id);
    expect(row).toMatchObject({
      action: 'account.profile',
      before: { profileImageUrl: firstUrl },
      after: { profileImageUrl: secondUrl },
    });
  });

  it('DELETE removes the avatar and its file; an address from Google is only forgotten', async () => {
    const { user, cookie } = await signedIn();
    const url = (
      (await (await call('POST', '/api/account/avatar', { cookie, body: imageForm(png) })).json()) as {
        profileImageUrl: string;
      }
    ).profileImageUrl;
    const res = await call('DELETE', '/api/account/avatar', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ profileImageUrl: null });
    expect(existsSync(avatarPath(url))).toBe(false);
    expect((await reloadUser(user.id))?.profileImageUrl).toBeNull();

    const google = await signedIn({ profileImageUrl: 'https://lh3.googleusercontent.com/a/photo' });
    expect((await call('DELETE', '/api/account/avatar', { cookie: google.cookie })).status).toBe(200);
    expect((await reloadUser(google.user.id))?.profileImageUrl).toBeNull();
  });

  it('refuses bytes that are not PNG or JPG with 415, over 2MB with 413, no file with 400: nothing changes', async () => {
    const { user, cookie } = await signedIn({ profileImageUrl: 'https://example.com/me.png' });
    let res = await call('POST', '/api/account/avatar', {
      cookie,
      body: imageForm(new TextEncoder().encode('GIF89a not really'), 'me.gif'),
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(ACCOUNT_MSG.avatarWrongType);

    res = await call('POST', '/api/account/avatar', { cookie, body: imageForm(new Uint8Array(MAX_LOGO_BYTES + 1)) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MSG.fileTooLarge);

    res = await call('POST', '/api/account/avatar', { cookie, body: new FormData() });
    expect(res.status).toBe(400);

    res = await call('POST', '/api/account/avatar', { cookie, body: { image: 'nope' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.expectedMultipart);

    expect((await reloadUser(user.id))?.profileImageUrl).toBe('https://example.com/me.png');
    expect(await auditOf('user', user.id)).toHaveLength(0);
  });

  it('answers 429 past the hour’s uploads before reading the image', async () => {
    const { user, cookie } = await signedIn();
    await exhaust('account-avatar', user.id);
    const res = await call('POST', '/api/account/avatar', { cookie, body: imageForm(png) });
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(ACCOUNT_MSG.avatarUploadsPerHour);
    expect((await reloadUser(user.id))?.profileImageUrl).toBeNull();
  });
});

describe('devices', () => {
  it('lists only the account’s live sessions: browser and system, dates, which is this one, never a token', async () => {
    const { user, cookie } = await signedIn();
    const phone = await anotherDevice(user, SAFARI_IPHONE);
    const laptop = await anotherDevice(user, FIREFOX_WINDOWS);
    const stranger = await signedIn();
    await anotherDevice(stranger.user, FIREFOX_WINDOWS);
    // An ended session is not a device.
    const ended = await anotherDevice(user, FIREFOX_WINDOWS);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(ended.token)));

    const res = await call('GET', '/api/account/sessions', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const list = JSON.parse(text) as DeviceSession[];
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, device: 'Unknown device' });
    expect(list.filter((d) => d.current)).toHaveLength(1);
    expect(list.map((d) => d.device).sort()).toEqual(['Firefox 131 on Windows', 'Safari 17 on iOS', 'Unknown device']);
    for (const d of list) {
      expect(d.startedAt).toEqual(expect.any(String));
      expect(d.lastUsedAt).toEqual(expect.any(String));
    }
    for (const secret of [phone.token, laptop.token, hashToken(phone.token), hashToken(laptop.token)])
      expect(text).not.toContain(secret);
  });

  it('signs out one device of the account, audited; the others stay', async () => {
    const { user, cookie } = await signedIn();
    const phone = await anotherDevice(user, SAFARI_IPHONE);
    const list = (await (await call('GET', '/api/account/sessions', { cookie })).json()) as DeviceSession[];
    const target = list.find((d) => d.device.startsWith('Safari'))!;
    const res = await call('POST', `/api/account/sessions/${target.id}/sign-out`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 1 });
    expect((await call('GET', '/api/user', { cookie: phone.cookie })).status).toBe(401);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
    const [row] = await auditOf('user', user.id);
    expect(row).toMatchObject({ action: 'account.sign-out-device', actorId: user.id });
    expect(JSON.stringify(row)).not.toContain(hashToken(phone.token));
  });

  it('answers 404 to another account’s device and to an unknown one, ending nothing', async () => {
    const { user, cookie } = await signedIn();
    const stranger = await signedIn();
    const strangersDevice = (
      (await (await call('GET', '/api/account/sessions', { cookie: stranger.cookie })).json()) as DeviceSession[]
    )[0];
    const before = await liveSids(stranger.user.id);
    for (const id of [strangersDevice.id, '0000000000000000', 'not-a-device']) {
      const res = await call('POST', `/api/account/sessions/${id}/sign-out`, { cookie });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(ACCOUNT_MSG.deviceNotFound);
    }
    expect(await liveSids(stranger.user.id)).toEqual(before);
    expect((await call('GET', '/api/user', { cookie: stranger.cookie })).status).toBe(200);
    expect(await auditOf('user', user.id)).toHaveLength(0);
  });

  it('signing out this device signs the browser out and clears its cookies', async () => {
    const { cookie } = await signedIn();
    const [me] = (await (await call('GET', '/api/account/sessions', { cookie })).json()) as DeviceSession[];
    const res = await call('POST', `/api/account/sessions/${me.id}/sign-out`, { cookie });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().join('\n');
    expect(cleared).toMatch(new RegExp(`${SESSION_COOKIE}=;[^\\n]*Max-Age=0`, 'i'));
    expect((await call('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('"Sign out everywhere else" ends every other session of the account only, audited', async () => {
    const { user, cookie } = await signedIn();
    const phone = await anotherDevice(user, SAFARI_IPHONE);
    const laptop = await anotherDevice(user, FIREFOX_WINDOWS);
    const stranger = await signedIn();
    const res = await call('POST', '/api/account/sessions/sign-out-others', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 2 });
    for (const other of [phone, laptop])
      expect((await call('GET', '/api/user', { cookie: other.cookie })).status).toBe(401);
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
    expect((await call('GET', '/api/user', { cookie: stranger.cookie })).status).toBe(200);
    const [row] = await auditOf('user', user.id);
    expect(row).toMatchObject({ action: 'account.sign-out-others', before: { sessions: 2 } });
  });

  it('answers 429 past the hour’s requests, ending nothing', async () => {
    const { user, cookie } = await signedIn();
    const phone = await anotherDevice(user, SAFARI_IPHONE);
    await exhaust('account-devices', user.id);
    const res = await call('POST', '/api/account/sessions/sign-out-others', { cookie });
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(ACCOUNT_MSG.devicesPerHour);
    expect((await call('GET', '/api/user', { cookie: phone.cookie })).status).toBe(200);
  });
});

describe('GET /api/account/data', () => {
  it('is a dated JSON attachment of the account, its tools, requests, messages, subscriptions, metrics and devices', async () => {
    const { user, cookie } = await signedIn({
      firstName: 'Data',
      emailVerifiedAt: new Date(),
      twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      twoFactorEnabledAt: new Date(),
      stripeCustomerId: 'cus_secret123',
      googleId: 'google-subject-42',
    });
    const other = await signedIn();
    const tool = await makeTool({ submittedById: user.id, status: 'approved' });
    const othersTool = await makeTool({ submittedById: other.user.id, status: 'approved' });
    await makeChangeRequest(tool, { description: 'A clearer description of the tool.' });
    await db.insert(toolMetricsDaily).values([
      { toolId: tool.id, day: '2026-11-20', views: 12, clicks: 3 },
      { toolId: othersTool.id, day: '2026-11-20', views: 99, clicks: 9 },
    ]);
    await db.insert(contactMessages).values([
      { name: 'Data', email: user.email, topic: 'support', message: 'Signed in message', userId: user.id },
      { name: 'Data', email: user.email, topic: 'support', message: 'Sent signed out from my verified address' },
      { name: 'Other', email: other.user.email, topic: 'support', message: 'Not mine', userId: other.user.id },
    ]);
    await db.insert(subscriptions).values({
      id: `sub_secret_${user.id}`,
      userId: user.id,
      customerId: 'cus_secret123',
      status: 'active',
      plan: 'annual',
      eventCreatedAt: new Date(),
    });
    await db.insert(recoveryCodes).values({ userId: user.id, codeHash: hashToken('recovery-code-1') });
    await db.insert(verifications).values({
      userId: user.id,
      purpose: 'verify-email',
      tokenHash: hashToken('a-link-token'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await anotherDevice(user, FIREFOX_WINDOWS);

    const res = await call('GET', '/api/account/data', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = JSON.parse(text) as AccountData;

    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Data',
      hasPassword: true,
      signsInWithGoogle: true,
    });
    expect(data.account.twoFactorEnabledAt).toEqual(expect.any(String));
    expect(data.tools.map((t) => t.id)).toEqual([tool.id]);
    expect(data.changeRequests.map((r) => r.toolId)).toEqual([tool.id]);
    expect(data.contactMessages.map((m) => m.message)).toEqual([
      'Signed in message',
      'Sent signed out from my verified address',
    ]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ status: 'active', plan: 'annual' })]);
    expect(data.metrics).toEqual([{ toolId: tool.id, day: '2026-11-20', views: 12, clicks: 3 }]);
    expect(data.sessions.map((s) => s.device).sort()).toEqual(['Firefox 131 on Windows', 'Unknown device']);

    // Never a secret: the password hash, the authenticator secret, recovery codes, proofs, tokens, payment ids.
    const stored = (await db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
    const sids = await liveSids(user.id);
    for (const secret of [
      stored.password!,
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      hashToken('recovery-code-1'),
      hashToken('a-link-token'),
      'cus_secret123',
      `sub_secret_${user.id}`,
      ...sids,
      ...sids.map((sid) => sid.slice(0, 16)),
      cookie.split('=')[1],
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(password|twoFactorSecret|codeHash|tokenHash|sid)"/);

    const [row] = await auditOf('user', user.id);
    expect(row).toMatchObject({ action: 'account.data-download', actorId: user.id });
  });

  it('leaves out messages sent signed out from an address not yet verified', async () => {
    const { user, cookie } = await signedIn({ emailVerifiedAt: null });
    await db
      .insert(contactMessages)
      .values({ name: 'Someone', email: user.email, topic: 'support', message: 'Not proved to be theirs' });
    const data = (await (await call('GET', '/api/account/data', { cookie })).json()) as AccountData;
    expect(data.contactMessages).toEqual([]);
  });

  it('answers 429 past 5 files an hour', async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/account/data', { cookie })).status).toBe(200);
    const res = await call('GET', '/api/account/data', { cookie });
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(ACCOUNT_MSG.dataDownloadsPerHour);
    expect((await auditOf('user', user.id)).filter((r) => r.action === 'account.data-download')).toHaveLength(5);
  });
});

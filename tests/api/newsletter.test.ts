// The newsletter core (docs/decisions/0106): double opt-in with a confirming POST, the honeypot, the limits, the
// consent record, forgetting unconfirmed addresses, the preference page by token, and RFC 8058 one-click unsubscribe.
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { config } from '../../api/config';
import { toolApprovedEmail } from '../../api/emails';
import { forgetUnconfirmed } from '../../api/newsletter/forget';
import { listLinks } from '../../api/newsletter/subscribers';
import { enqueueEmail } from '../../api/services/email';
import { deliverPendingEmails } from '../../api/services/email-sender';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { db } from '../../db/client';
import { emailOutbox, emailSuppressions, follows, loginThrottle, subscribers } from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { CONSENT_TEXT_VERSION, FORGET_UNCONFIRMED_DAYS } from '../../lib/newsletter';
import { emailsTo, makeTool } from '../helpers/admin';
import { BASE, call, signedIn } from '../helpers/api';

let addresses = 0;
/** A fresh client address per test: the throttles count per address. */
const freshIp = () => `198.51.100.${++addresses}`;
let mailboxes = 0;
const freshEmail = () => `reader${++mailboxes}-${crypto.randomUUID().slice(0, 6)}@example.com`;

/** A browser's form post from this site (it sends Origin on a POST). */
function post(path: string, fields: Record<string, string>, { ip = freshIp(), origin = BASE } = {}) {
  return app.handle(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        [CLIENT_IP_HEADER]: ip,
        accept: 'text/html',
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

const get = (path: string, ip = freshIp()) =>
  app.handle(new Request(`${BASE}${path}`, { headers: { [CLIENT_IP_HEADER]: ip, accept: 'text/html' } }));

const rowOf = async (email: string) => (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0];

/** The token of the newest confirmation e-mail to `email`. */
async function confirmToken(email: string): Promise<string> {
  const [mail] = await emailsTo(email);
  expect(mail.kind).toBe('newsletter-confirm');
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

/** Subscribes through the footer's form and confirms by the page's button: the confirmed row. */
async function subscribed(email = freshEmail()) {
  expect((await post('/newsletter', { email, source: 'footer' })).status).toBe(303);
  const token = await confirmToken(email);
  expect((await post('/newsletter/confirm', { token })).status).toBe(303);
  return rowOf(email);
}

describe('subscribing: double opt-in', () => {
  it('a form post makes a pending row and a confirmation e-mail, and answers 303 to "check your inbox"', async () => {
    const email = freshEmail();
    const res = await post('/newsletter', { email: email.toUpperCase(), source: 'footer' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/newsletter/sent');
    const row = await rowOf(email);
    expect(row).toMatchObject({ status: 'pending', consentSource: 'footer', consentTextVersion: CONSENT_TEXT_VERSION });
    expect(row.confirmedAt).toBeNull();
    const token = await confirmToken(email);
    // Only the hash is kept.
    expect(row.confirmTokenHash).not.toContain(token);
    expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opening the confirmation link changes nothing; the page button POST confirms and records consent again', async () => {
    const email = freshEmail();
    await post('/newsletter', { email, source: 'newsletter-page' });
    const token = await confirmToken(email);
    const before = await rowOf(email);

    const page = await get(`/newsletter/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const html = await page.text();
    expect(html).toContain('Confirm my subscription');
    expect(html).toContain('method="post"');
    expect(await rowOf(email)).toEqual(before);

    const confirmed = await post('/newsletter/confirm', { token });
    expect(confirmed.status).toBe(303);
    const row = await rowOf(email);
    expect(confirmed.headers.get('location')).toBe(`/newsletter/preferences?token=${row.manageToken}&done=confirmed`);
    expect(row).toMatchObject({ status: 'confirmed', confirmTokenHash: null, consentSource: 'newsletter-page' });
    expect(row.confirmedAt).not.toBeNull();
    expect(row.consentAt.getTime()).toBe(row.confirmedAt?.getTime());
    // The link works once.
    const again = await post('/newsletter/confirm', { token });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(ENGAGE_MSG.confirmLinkInvalid);
  });

  it('an unknown confirmation token gets the page saying so, with 404', async () => {
    const res = await get('/newsletter/confirm?token=nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(ENGAGE_MSG.confirmLinkInvalid);
  });

  it('the JSON call answers the same for a new and an already-confirmed address, and mails only the new one', async () => {
    const confirmed = await subscribed();
    const fresh = freshEmail();
    for (const email of [fresh, confirmed.email]) {
      const res = await call('POST', '/api/newsletter/subscribe', { body: { email }, ip: freshIp() });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: ENGAGE_MSG.subscribeSent });
    }
    expect((await emailsTo(fresh)).map((m) => m.kind)).toEqual(['newsletter-confirm']);
    // Only the first confirmation, from subscribing: none for asking again.
    expect(await emailsTo(confirmed.email)).toHaveLength(1);
    expect((await rowOf(confirmed.email)).status).toBe('confirmed');
  });

  it('a bad address is refused: 400 on the JSON call, /newsletter again with the message on the form', async () => {
    const json = await call('POST', '/api/newsletter/subscribe', { body: { email: 'not-an-address' }, ip: freshIp() });
    expect(json.status).toBe(400);
    const form = await post('/newsletter', { email: 'not-an-address', source: 'footer' });
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(html).toContain('Invalid email address');
    expect(html).toContain('value="not-an-address"');
    expect(await rowOf('not-an-address')).toBeUndefined();
  });

  it('the honeypot filled: the same answer, nothing written, counted or sent', async () => {
    const email = freshEmail();
    const counters = await db.select().from(loginThrottle);
    const res = await post('/newsletter', { email, source: 'footer', website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/newsletter/sent');
    expect(await rowOf(email)).toBeUndefined();
    expect(await emailsTo(email)).toHaveLength(0);
    expect(await db.select().from(loginThrottle)).toEqual(counters);
  });

  it('a pending address asking again within minutes gets no second e-mail; past the daily limit, 429', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i += 1) expect((await post('/newsletter', { email, source: 'footer' })).status).toBe(303);
    expect(await emailsTo(email)).toHaveLength(1);
    const refused = await post('/newsletter', { email, source: 'footer' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(ENGAGE_MSG.subscribeAddressTooMany);
  });

  it('a pending address asking again after the gap gets a new link; the old one stops working', async () => {
    const email = freshEmail();
    await post('/newsletter', { email, source: 'footer' });
    const first = await confirmToken(email);
    await db
      .update(subscribers)
      .set({ confirmSentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(subscribers.email, email));
    await post('/newsletter', { email, source: 'newsletter-page' });
    const second = await confirmToken(email);
    expect(second).not.toBe(first);
    expect((await post('/newsletter/confirm', { token: first })).status).toBe(404);
    expect((await post('/newsletter/confirm', { token: second })).status).toBe(303);
  });

  it('one client address past its hourly limit gets 429 before anything is written', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const res = await call('POST', '/api/newsletter/subscribe', { body: { email: freshEmail() }, ip });
      expect(res.status).toBe(202);
    }
    const email = freshEmail();
    const res = await call('POST', '/api/newsletter/subscribe', { body: { email }, ip });
    expect(res.status).toBe(429);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('an unsubscribed address subscribing again goes through double opt-in again', async () => {
    const row = await subscribed();
    await post('/newsletter/preferences', { token: row.manageToken, intent: 'unsubscribe' });
    expect((await rowOf(row.email)).status).toBe('unsubscribed');
    await post('/newsletter', { email: row.email, source: 'newsletter-page' });
    expect((await rowOf(row.email)).status).toBe('pending');
    await post('/newsletter/confirm', { token: await confirmToken(row.email) });
    expect(await rowOf(row.email)).toMatchObject({ status: 'confirmed', digest: true, unsubscribedAt: null });
  });

  it('a signed-in member giving their own verified address is subscribed at once; an unverified one confirms by e-mail', async () => {
    const { user, cookie } = await signedIn({ emailVerifiedAt: new Date() });
    const res = await call('POST', '/api/newsletter/subscribe', { body: { email: user.email }, cookie, ip: freshIp() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: ENGAGE_MSG.confirmed });
    expect(await rowOf(user.email)).toMatchObject({ status: 'confirmed', userId: user.id, consentSource: 'member' });
    expect(await emailsTo(user.email)).toHaveLength(0);

    const other = await signedIn();
    await call('POST', '/api/newsletter/subscribe', {
      body: { email: other.user.email },
      cookie: other.cookie,
      ip: freshIp(),
    });
    expect((await rowOf(other.user.email)).status).toBe('pending');
  });
});

describe('forgetting unconfirmed addresses', () => {
  it(`deletes pending rows after ${FORGET_UNCONFIRMED_DAYS} days with their follows, and keeps the rest`, async () => {
    const now = new Date();
    const email = freshEmail();
    await post('/newsletter', { email, source: 'footer' });
    const token = await confirmToken(email);
    const pending = await rowOf(email);
    const tool = await makeTool();
    await db.insert(follows).values({ subscriberId: pending.id, toolId: tool.id });
    const confirmed = await subscribed();

    const day = 24 * 60 * 60 * 1000;
    await forgetUnconfirmed(new Date(now.getTime() + (FORGET_UNCONFIRMED_DAYS - 1) * day));
    expect(await rowOf(email)).toBeDefined();
    // The link still works until then; a day past it, it is dead and the row is gone.
    const later = new Date(now.getTime() + (FORGET_UNCONFIRMED_DAYS + 1) * day);
    expect(await forgetUnconfirmed(later)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(email)).toBeUndefined();
    expect(await db.select().from(follows).where(eq(follows.subscriberId, pending.id))).toHaveLength(0);
    expect(await rowOf(confirmed.email)).toBeDefined();
    expect((await post('/newsletter/confirm', { token })).status).toBe(404);
  });
});

describe('the preference page, by token', () => {
  it('shows the subscription and its follows, noindex and never cached; an unknown token is a 404 page', async () => {
    const row = await subscribed();
    const tool = await makeTool({ name: 'Followed Writer' });
    await db.insert(follows).values([
      { subscriberId: row.id, toolId: tool.id },
      { subscriberId: row.id, category: 'design' },
    ]);
    const res = await get(`/newsletter/preferences?token=${row.manageToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('Followed Writer');
    expect(html).toContain('Design');
    expect(html).toContain('noindex');

    const missing = await get('/newsletter/preferences?token=unknown');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(ENGAGE_MSG.manageLinkInvalid);
  });

  it('changes the digest, the cadence and follows by posts that come back with a notice', async () => {
    const row = await subscribed();
    const tool = await makeTool();
    const [follow] = await db.insert(follows).values({ subscriberId: row.id, toolId: tool.id }).returning();
    const token = row.manageToken;

    const digest = await post('/newsletter/preferences', { token, intent: 'digest', digest: 'off' });
    expect(digest.status).toBe(303);
    expect(digest.headers.get('location')).toBe(`/newsletter/preferences?token=${token}&done=saved`);
    await post('/newsletter/preferences', { token, intent: 'cadence', cadence: 'daily' });
    expect(await rowOf(row.email)).toMatchObject({ digest: false, cadence: 'daily', status: 'confirmed' });
    const saved = await get(`/newsletter/preferences?token=${token}&done=saved`);
    expect(await saved.text()).toContain(ENGAGE_MSG.preferencesSaved);

    expect(
      (await post('/newsletter/preferences', { token, intent: 'unfollow', followId: String(follow.id) })).status,
    ).toBe(303);
    expect(await db.select().from(follows).where(eq(follows.subscriberId, row.id))).toHaveLength(0);

    // Bad input changes nothing: an unknown cadence, another's follow, a wrong token.
    const bad = await post('/newsletter/preferences', { token, intent: 'cadence', cadence: 'hourly' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(ENGAGE_MSG.invalidPreference);
    const other = await subscribed();
    const [theirs] = await db.insert(follows).values({ subscriberId: other.id, category: 'design' }).returning();
    expect(
      (await post('/newsletter/preferences', { token, intent: 'unfollow', followId: String(theirs.id) })).status,
    ).toBe(404);
    expect(await db.select().from(follows).where(eq(follows.id, theirs.id))).toHaveLength(1);
    expect((await post('/newsletter/preferences', { token: 'nope', intent: 'digest', digest: 'on' })).status).toBe(404);
    expect((await rowOf(row.email)).cadence).toBe('daily');
  });

  it('"Unsubscribe from everything" stops all sending but keeps the follows', async () => {
    const row = await subscribed();
    await db.insert(follows).values({ subscriberId: row.id, category: 'design' });
    const res = await post('/newsletter/preferences', { token: row.manageToken, intent: 'unsubscribe' });
    expect(res.status).toBe(303);
    const after = await rowOf(row.email);
    expect(after).toMatchObject({ status: 'unsubscribed', digest: false });
    expect(after.unsubscribedAt).not.toBeNull();
    expect(await db.select().from(follows).where(eq(follows.subscriberId, row.id))).toHaveLength(1);
    // Nothing to turn back on without subscribing again.
    expect(
      (await post('/newsletter/preferences', { token: row.manageToken, intent: 'digest', digest: 'on' })).status,
    ).toBe(409);
  });
});

describe('RFC 8058 one-click unsubscribe', () => {
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    app.handle(
      new Request(`${BASE}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [CLIENT_IP_HEADER]: freshIp(), ...headers },
        body: 'List-Unsubscribe=One-Click',
      }),
    );

  it('a POST without Origin or cookies unsubscribes at once with 200', async () => {
    const row = await subscribed();
    const res = await oneClick(row.manageToken);
    expect(res.status).toBe(200);
    expect(await rowOf(row.email)).toMatchObject({ status: 'unsubscribed', digest: false });
  });

  it('passes the Origin check from a foreign origin (a webmail page), which still refuses every other POST', async () => {
    const row = await subscribed();
    const foreign = { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' };
    expect((await oneClick(row.manageToken, foreign)).status).toBe(200);
    expect((await rowOf(row.email)).status).toBe('unsubscribed');

    const other = await subscribed();
    const prefs = await post(
      '/newsletter/preferences',
      { token: other.manageToken, intent: 'unsubscribe' },
      { origin: 'https://mail.example.net' },
    );
    expect(prefs.status).toBe(403);
    const subscribe = await post('/newsletter', { email: freshEmail() }, { origin: 'https://evil.example' });
    expect(subscribe.status).toBe(403);
    expect((await rowOf(other.email)).status).toBe('confirmed');
  });

  it('refuses a POST without the one-click body, and an unknown token, changing nothing', async () => {
    const row = await subscribed();
    const res = await app.handle(
      new Request(`${BASE}/api/newsletter/unsubscribe?token=${row.manageToken}`, {
        method: 'POST',
        headers: { [CLIENT_IP_HEADER]: freshIp() },
      }),
    );
    expect(res.status).toBe(400);
    expect((await oneClick('unknown')).status).toBe(404);
    expect((await rowOf(row.email)).status).toBe('confirmed');
  });

  it('the link opened in a browser leads to the one-button form and changes nothing', async () => {
    const row = await subscribed();
    const res = await get(`/api/newsletter/unsubscribe?token=${row.manageToken}`);
    expect(res.status).toBe(303);
    const page = await get(res.headers.get('location') as string);
    expect(await page.text()).toContain('data-testid="unsubscribe-first"');
    expect((await rowOf(row.email)).status).toBe('confirmed');
  });

  it('an outbox row made with listLinks carries List-Unsubscribe (the link and a mailto) and List-Unsubscribe-Post', async () => {
    const row = await subscribed();
    const links = listLinks(row.manageToken);
    await enqueueEmail(
      {
        to: row.email,
        subject: 'Digest',
        text: links.preferencesUrl,
        html: '<p>x</p>',
        kind: 'newsletter-confirm',
        headers: links.headers,
      },
      db,
    );
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Digest'));
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [https, mailto] = (mail.headers?.['List-Unsubscribe'] ?? '').split(', ');
    expect(https).toBe(`<${links.unsubscribeUrl}>`);
    expect(mailto).toMatch(/^<mailto:unsubscribe@[^?>]+\?subject=unsubscribe-[\w-]+>$/);
    expect(links.unsubscribeUrl).toContain(`/api/newsletter/unsubscribe?token=${row.manageToken}`);
  });
});

describe("Resend's webhook: bounces and complaints", () => {
  const secret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;

  /** A delivery signed as Resend signs it (Standard Webhooks, svix-* headers), by the same library. */
  function delivery(event: object, { id = `msg_${crypto.randomUUID()}`, key = secret } = {}) {
    const payload = JSON.stringify(event);
    const timestamp = new Date();
    const signature = new Webhook(key).sign(id, timestamp, payload);
    return app.handle(
      new Request(`${BASE}/api/newsletter/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'svix-id': id,
          'svix-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'svix-signature': signature,
        },
        body: payload,
      }),
    );
  }
  const bounced = (to: string, type = 'Permanent') => ({
    type: 'email.bounced',
    created_at: new Date().toISOString(),
    data: { email_id: 'em_1', to: [to], subject: 'x', bounce: { type, subType: 'General', message: 'No mailbox' } },
  });
  const suppressionOf = async (email: string) =>
    (await db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email)))[0];

  it('without a secret, answers 503 and accepts nothing', async () => {
    config.resend.webhookSecret = '';
    const email = freshEmail();
    expect((await delivery(bounced(email))).status).toBe(503);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a hard bounce suppresses the address for every kind of e-mail and unsubscribes it, once', async () => {
    config.resend.webhookSecret = secret;
    const row = await subscribed();
    const id = `msg_${crypto.randomUUID()}`;
    const res = await delivery(bounced(row.email.toUpperCase()), { id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await suppressionOf(row.email)).toMatchObject({ reason: 'bounce', eventId: id });
    expect(await rowOf(row.email)).toMatchObject({ status: 'unsubscribed', digest: false });

    // The same delivery again changes nothing.
    const again = await delivery(bounced(row.email), { id });
    expect(await again.json()).toEqual({ received: true, duplicate: true });

    // A later e-mail of another kind to the address is never sent.
    await enqueueEmail(
      await toolApprovedEmail({ email: row.email, firstName: 'Ada' }, { name: 'Acme', slug: 'acme' }),
      db,
    );
    // Every row still waiting in this file's outbox (development mode: no key), this one among them.
    await deliverPendingEmails(10_000);
    const [later] = await emailsTo(row.email);
    expect(later).toMatchObject({ kind: 'tool-approved', status: 'suppressed', error: 'suppressed' });
  });

  it('a complaint suppresses too; a soft bounce and other events change nothing', async () => {
    config.resend.webhookSecret = secret;
    const complained = freshEmail();
    const complaint = { type: 'email.complained', created_at: '', data: { to: [complained], email_id: 'em_2' } };
    expect((await delivery(complaint)).status).toBe(200);
    expect(await suppressionOf(complained)).toMatchObject({ reason: 'complaint' });
    const soft = freshEmail();
    expect(await (await delivery(bounced(soft, 'Transient'))).json()).toEqual({ received: true, duplicate: true });
    expect(await suppressionOf(soft)).toBeUndefined();
  });

  it('a bad signature, or none, is refused with nothing written', async () => {
    config.resend.webhookSecret = secret;
    const row = await subscribed();
    const other = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
    expect((await delivery(bounced(row.email), { key: other })).status).toBe(400);
    const unsigned = await app.handle(
      new Request(`${BASE}/api/newsletter/webhook`, { method: 'POST', body: JSON.stringify(bounced(row.email)) }),
    );
    expect(unsigned.status).toBe(400);
    expect(await suppressionOf(row.email)).toBeUndefined();
    expect((await rowOf(row.email)).status).toBe('confirmed');
  });
});

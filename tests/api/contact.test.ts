// POST /api/contact and the admin's Messages tab: validation, the per-address limit, priority decided from the
// session, the message and both e-mails written together, and the list only admins read.
import { afterEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages, emailOutbox } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { RATE_LIMITS } from '../../api/rate-limit';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD } from '../helpers/admin';

let addresses = 0;
/** A fresh client address per test: the limit counts per address. */
const freshIp = () => `198.51.100.${++addresses}`;

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  topic: 'support',
  message: 'My listing shows the wrong logo.',
};
const send = (body: unknown, opts: { cookie?: string; ip?: string } = {}) =>
  call('POST', '/api/contact', { body, ip: opts.ip ?? freshIp(), cookie: opts.cookie });

const stored = () => db.select().from(contactMessages).orderBy(desc(contactMessages.id));
const outboxFor = (kind: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(desc(emailOutbox.id));

afterEach(async () => {
  await db.delete(contactMessages);
  await db.delete(emailOutbox);
});

describe('POST /api/contact', () => {
  it('stores the message and queues it to the support address and a confirmation to the sender', async () => {
    const res = await send({ ...valid, message: '  My listing shows the wrong logo.\nCan you help?  ' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({ priority: false });
    const [row] = await stored();
    expect(row).toMatchObject({
      id: answer.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'support',
      priority: false,
      userId: null,
      handledAt: null,
    });
    expect(row.message).toBe('My listing shows the wrong logo.\nCan you help?');
    const [team] = await outboxFor('contact-received');
    expect(team.to).toBe('support@example.com');
    expect(team.subject).toBe('Support: message from Ada Lovelace');
    expect(team.text).toContain('My listing shows the wrong logo.\nCan you help?');
    expect(team.text).toContain('ada@example.com');
    // Replying in the team's mail client answers the visitor, not the site's own sender address.
    expect(team.replyTo).toBe('ada@example.com');
    const [confirmation] = await outboxFor('contact-confirmation');
    expect(confirmation).toMatchObject({ to: 'ada@example.com', subject: 'We received your message', replyTo: null });
  });

  it('confirms to the sender without a word the sender wrote: the address is unverified, so the form is no relay', async () => {
    const spam = {
      ...valid,
      name: 'Cheap pills at spam.example',
      message: 'Win big: https://spam.example/win and <a href="https://spam.example/a">here</a>',
    };
    expect((await send(spam)).status).toBe(201);
    const [confirmation] = await outboxFor('contact-confirmation');
    for (const body of [confirmation.html, confirmation.text, confirmation.subject]) {
      expect(body).not.toContain('spam.example');
      expect(body).not.toContain('Cheap pills');
      expect(body).not.toContain('Win big');
    }
    expect(confirmation.text).toContain('We received your message');
    // The team's copy still quotes all of it.
    const [team] = await outboxFor('contact-received');
    expect(team.text).toContain('https://spam.example/win');
    expect(team.subject).toContain('Cheap pills at spam.example');
  });

  it.each([
    ['a missing name', { name: '  ' }, MSG.contactNameRequired],
    ['a bad e-mail', { email: 'not-an-email' }, MSG.invalidEmail],
    ['an unknown topic', { topic: 'lawsuits' }, MSG.contactTopicRequired],
    ['no topic', { topic: undefined }, MSG.contactTopicRequired],
    ['a short message', { message: 'Hi there' }, MSG.contactMessageTooShort],
    ['a long message', { message: 'x'.repeat(5001) }, MSG.contactMessageTooLong],
    ['a control character', { message: 'Hello\u0000 there, team' }, MSG.controlCharacters('Message')],
  ])('answers 400 with its message for %s and stores nothing', async (_case, change, message) => {
    const res = await send({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(message);
    expect(await stored()).toHaveLength(0);
    expect(await db.$count(emailOutbox)).toBe(0);
  });

  it('takes a few messages an hour from one address, then answers 429 and stores nothing more', async () => {
    const ip = freshIp();
    const { limit } = RATE_LIMITS['contact-address'];
    for (let i = 0; i < limit; i += 1) expect((await send(valid, { ip })).status).toBe(201);
    const refused = await send(valid, { ip });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.contactTooMany);
    expect(await stored()).toHaveLength(limit);
    expect(await db.$count(emailOutbox)).toBe(2 * limit);
    expect((await send(valid, { ip: freshIp() })).status).toBe(201); // another address is not held back
  });

  it("marks a signed-in Premium member's message priority, and no one else's, whatever the body says", async () => {
    const member = await signedIn({ ...NO_PASSWORD, isPremium: true, premiumToolsAllowed: 5 });
    const free = await signedIn(NO_PASSWORD);
    const asMember = await send(valid, { cookie: member.cookie });
    expect(await asMember.json()).toMatchObject({ priority: true });
    expect((await send({ ...valid, priority: true }, { cookie: free.cookie })).status).toBe(201);
    expect((await send({ ...valid, priority: true })).status).toBe(201);
    const rows = await stored();
    expect(rows.map((r) => [r.userId, r.priority])).toEqual([
      [null, false],
      [free.user.id, false],
      [member.user.id, true],
    ]);
    const [priorityMail] = await outboxFor('contact-received').then((all) =>
      all.filter((m) => m.subject.startsWith('[Priority]')),
    );
    expect(priorityMail.subject).toBe('[Priority] Support: message from Ada Lovelace');
  });

  it('writes the message and both e-mails together: a failed e-mail write leaves none of them', async () => {
    await db.run(
      sql`create trigger fail_confirmation before insert on email_outbox when new.kind = 'contact-confirmation' begin select raise(abort, 'outbox unavailable'); end`,
    );
    try {
      expect((await send(valid)).status).toBe(500);
    } finally {
      await db.run(sql`drop trigger fail_confirmation`);
    }
    expect(await stored()).toHaveLength(0);
    expect(await db.$count(emailOutbox)).toBe(0);
  });
});

describe('the Messages tab', () => {
  it('lists open messages before handled ones, priority first, newest first, for admins; staff only their members’', async () => {
    const admin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    const member = await signedIn({ ...NO_PASSWORD, isPremium: true });
    await send({ ...valid, name: 'First' });
    await send({ ...valid, name: 'Member' }, { cookie: member.cookie });
    await send({ ...valid, name: 'Handled' });
    await send({ ...valid, name: 'Latest' });
    const [handled] = await db.select().from(contactMessages).where(eq(contactMessages.name, 'Handled'));

    const marked = await call('POST', `/api/admin/messages/${handled.id}/handled`, { cookie: admin.cookie });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ id: handled.id, handledBy: { email: admin.user.email } });

    const res = await call('GET', '/api/admin/messages', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((m: { name: string }) => m.name)).toEqual(['Member', 'Latest', 'First', 'Handled']);
    expect(list[0]).toMatchObject({ priority: true, userId: member.user.id, handledAt: null, handledBy: null });
    expect(list[3].handledAt).not.toBeNull();

    const forStaff = await call('GET', '/api/admin/messages', { cookie: staff.cookie });
    expect(forStaff.status).toBe(200);
    expect(await forStaff.json()).toEqual([]);
    expect((await call('GET', '/api/admin/messages', { cookie: member.cookie })).status).toBe(403);
    expect((await call('GET', '/api/admin/messages')).status).toBe(401);
  });

  it('keeps who handled a message first, and answers 404 for one that does not exist', async () => {
    const first = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const second = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const { id } = await (await send(valid)).json();
    await call('POST', `/api/admin/messages/${id}/handled`, { cookie: first.cookie });
    const again = await call('POST', `/api/admin/messages/${id}/handled`, { cookie: second.cookie });
    expect((await again.json()).handledBy.email).toBe(first.user.email);
    const missing = await call('POST', '/api/admin/messages/999999/handled', { cookie: first.cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(MSG.contactMessageNotFound);
  });
});

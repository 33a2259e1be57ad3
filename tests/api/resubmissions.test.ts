// Submitting again: a submission's pricing model and audience, an owner's edit of a pending submission, the
// resubmission of a rejected one, and the name's own slug going to the tool the public sees (issue 24).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor, reloadTool } from '../helpers/admin';
import {
  type SubmissionValues as Values,
  submissionForm as form,
  submissionValues as validValues,
  unique,
} from '../helpers/submission-form';

// Each from its own address: the address limits are not what these tests are about (submission-limits.test.ts).
let addresses = 0;
const nextIp = () => `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;
const submit = (cookie: string, values: Values) =>
  call('POST', '/api/tools', { cookie, body: form(values), ip: nextIp() });
const edit = (cookie: string | undefined, id: number, values: Values) =>
  call('PUT', `/api/user/tools/${id}`, { cookie, body: form(values), ip: nextIp() });
const resubmit = (cookie: string | undefined, id: number, values: Values) =>
  call('POST', `/api/user/tools/${id}/resubmit`, { cookie, body: form(values), ip: nextIp() });

async function staffCookie(): Promise<string> {
  return (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
}

const review = { curatorTake: 'Clear slides from an outline.', qualityScore: 8 };

describe('pricing model and audience on a submission', () => {
  it('stores them, shows them on the public tool and matches the Pricing filter once approved', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    const values = validValues({
      name: `Priced ${unique()}`,
      pricingModel: 'freemium',
      targetAudience: 'marketers, founders',
    });
    const res = await submit(cookie, values);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ pricingModel: 'freemium', targetAudience: ['marketers', 'founders'] });
    expect(
      (await call('POST', `/api/admin/tools/${created.id}/approve`, { cookie: await staffCookie(), body: review }))
        .status,
    ).toBe(200);
    const shown = await (await call('GET', `/api/tools/slug/${created.slug}`)).json();
    expect(shown).toMatchObject({ pricingModel: 'freemium', targetAudience: ['marketers', 'founders'] });
    const found = await (
      await call('GET', `/api/tools?pricing=freemium&search=${encodeURIComponent(values.name as string)}`)
    ).json();
    expect(found.map((t: { id: number }) => t.id)).toContain(created.id);
  });

  it('leaves both unset when the form says "Not specified"', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    const created = await (await submit(cookie, validValues({ pricingModel: '', targetAudience: '' }))).json();
    expect(created).toMatchObject({ pricingModel: null, targetAudience: [] });
  });

  it('refuses an unknown pricing model and an overlong audience with the staff form messages, storing nothing', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const bad = await submit(cookie, validValues({ pricingModel: 'cheap' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Unknown pricing model');
    const many = await submit(
      cookie,
      validValues({ targetAudience: Array.from({ length: 21 }, (_, i) => `a${i}`).join(',') }),
    );
    expect(many.status).toBe(400);
    expect(await many.text()).toBe(MSG.tooManyItems('Target audience', 20));
    expect(await db.select().from(tools).where(eq(tools.submittedById, user.id))).toEqual([]);
  });
});

describe("the name's own slug belongs to the public tool", () => {
  it('goes to an approved resubmission while the rejected first try holds it; the -2 is never public', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const staff = await staffCookie();
    const root = `beautiful-ai-${unique()}`;
    const name = root.replace('beautiful-ai', 'Beautiful.ai');
    const first = await (await submit(cookie, validValues({ name }))).json();
    expect(first.slug).toBe(root);
    expect(
      (
        await call('POST', `/api/admin/tools/${first.id}/reject`, {
          cookie: staff,
          body: { rejectionReason: 'No pricing page' },
        })
      ).status,
    ).toBe(200);
    // A new submission, as the Help Center advised before resubmitting existed.
    const second = await (await submit(cookie, validValues({ name }))).json();
    expect(second.slug).toBe(`${root}-2`);
    const approved = await call('POST', `/api/admin/tools/${second.id}/approve`, { cookie: staff, body: review });
    expect(approved.status).toBe(200);
    expect((await approved.json()).slug).toBe(root);

    expect((await call('GET', `/api/tools/slug/${root}`)).status).toBe(200);
    expect((await call('GET', `/api/tools/slug/${root}-2`)).status).toBe(404);
    // The rejected try moved aside, to a slug no tool had; the owner's dashboard links follow the rows.
    const moved = await reloadTool(first.id);
    expect(moved?.slug).toMatch(new RegExp(`^${root}-\\d+$`));
    expect(moved?.slug).not.toBe(`${root}-2`);
    const mine: { id: number; slug: string }[] = await (await call('GET', '/api/user/tools', { cookie })).json();
    expect(mine.find((t) => t.id === second.id)?.slug).toBe(root);
    // The rebuild renders the name's page; the -2 was never built.
    const [job] = await rebuildsFor(`tool approved: ${root}`);
    expect(job.tags).toContain(`tool:${root}`);
    expect(job.tags).not.toContain(`tool:${root}-2`);
    // Both moves are in the audit log.
    expect((await auditOf('tool', second.id))[0]).toMatchObject({
      action: 'tool.approve',
      before: { slug: `${root}-2` },
      after: { slug: root },
    });
    expect((await auditOf('tool', first.id))[0]).toMatchObject({
      action: 'tool.slug',
      before: { slug: root },
      after: { slug: moved?.slug },
    });
    expect(user.id).toBe(moved?.submittedById);
  });

  it('takes it from a pending submission of the same name, which moves aside', async () => {
    const staff = await staffCookie();
    const root = `twin-${unique()}`;
    const waiting = await makeTool({ name: root, slug: root });
    const later = await makeTool({ name: root, slug: `${root}-2` });
    const res = await call('POST', `/api/admin/tools/${later.id}/approve`, { cookie: staff, body: review });
    expect((await res.json()).slug).toBe(root);
    expect((await reloadTool(waiting.id))?.slug).toBe(`${root}-3`);
  });

  it('stays suffixed when an approved or unlisted tool holds the name', async () => {
    const staff = await staffCookie();
    const root = `held-${unique()}`;
    await makeTool({ name: root, slug: root, status: 'unlisted' });
    const later = await makeTool({ name: root, slug: `${root}-2` });
    const res = await call('POST', `/api/admin/tools/${later.id}/approve`, { cookie: staff, body: review });
    expect((await res.json()).slug).toBe(`${root}-2`);
  });
});

/** A pending submission of a new owner, made through the form. */
async function ownSubmission(values: Values = {}) {
  const owner = await signedIn(NO_PASSWORD);
  const res = await submit(owner.cookie, validValues(values));
  expect(res.status).toBe(201);
  return { ...owner, tool: await res.json() };
}

async function rejected(values: Values = {}, reason = 'No pricing page') {
  const owner = await ownSubmission(values);
  expect(
    (
      await call('POST', `/api/admin/tools/${owner.tool.id}/reject`, {
        cookie: await staffCookie(),
        body: { rejectionReason: reason },
      })
    ).status,
  ).toBe(200);
  return owner;
}

describe('PUT /api/user/tools/:id: the owner edits a pending submission', () => {
  it('replaces its fields, re-slugs a new name, keeps its place in the queue and writes an audit row', async () => {
    const { user, cookie, tool } = await ownSubmission();
    const name = `Renamed ${unique()}`;
    const values = validValues({
      name,
      description: 'Now drafts whole decks from an outline.',
      tags: ['design', 'productivity'],
      pricingModel: 'paid',
      targetAudience: 'designers',
    });
    const res = await edit(cookie, tool.id, values);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: tool.id,
      name,
      url: values.url,
      description: values.description,
      tags: ['design', 'productivity'],
      pricingModel: 'paid',
      targetAudience: ['designers'],
      status: 'pending',
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      submittedAt: tool.submittedAt,
    });
    const [row] = await auditOf('tool', tool.id);
    expect(row).toMatchObject({ action: 'tool.edit', actorId: user.id, before: { name: tool.name }, after: { name } });
    // Not a new submission: no second "received" e-mail.
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it('answers 401 signed out, 404 for no such tool, 403 for another owner, 409 once it is not pending; nothing changes', async () => {
    const { cookie, tool } = await ownSubmission();
    const other = await signedIn(NO_PASSWORD);
    expect((await edit(undefined, tool.id, validValues())).status).toBe(401);
    const missing = await edit(cookie, 99_999_999, validValues());
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(MSG.toolNotFound);
    const foreign = await edit(other.cookie, tool.id, validValues());
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe(MSG.forbidden);
    const approved = await makeTool({ status: 'approved', submittedById: (await reloadTool(tool.id))!.submittedById });
    expect((await edit(cookie, approved.id, validValues())).status).toBe(409);
    expect((await reloadTool(tool.id))?.name).toBe(tool.name);
  });

  it('checks the form as a submission is checked, with its messages, changing nothing', async () => {
    const { cookie, tool } = await ownSubmission();
    const short = await edit(cookie, tool.id, validValues({ description: 'short' }));
    expect(short.status).toBe(400);
    expect(await short.text()).toBe(MSG.descriptionTooShort);
    const nameless = await edit(cookie, tool.id, validValues({ name: '  ' }));
    expect(await nameless.text()).toBe(MSG.toolNameRequired);
    const taken = await ownSubmission();
    const clash = await edit(cookie, tool.id, validValues({ url: taken.tool.url }));
    expect(clash.status).toBe(409);
    expect(await clash.text()).toBe(MSG.toolAlreadyPending(taken.tool.name));
    expect(await reloadTool(tool.id)).toMatchObject({ description: tool.description, url: tool.url });
  });
});

describe('PUT /api/user/tools/:id: premium on a pending submission', () => {
  it('gives the slot back when the owner makes it free, and takes one when they make it premium again', async () => {
    const member = await signedIn({ ...NO_PASSWORD, isPremium: true, premiumToolsAllowed: 3 });
    const values = validValues({ isPremium: 'true' });
    const tool = await (await submit(member.cookie, values)).json();
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(1);
    expect((await (await edit(member.cookie, tool.id, { ...values, isPremium: 'false' })).json()).isPremium).toBe(
      false,
    );
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(0);
    expect((await (await edit(member.cookie, tool.id, { ...values, isPremium: 'true' })).json()).isPremium).toBe(true);
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(1);
    // Kept premium: no second slot.
    expect(
      (await edit(member.cookie, tool.id, { ...values, description: 'Still premium, now better described.' })).status,
    ).toBe(200);
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(1);
  });
});

describe('POST /api/user/tools/:id/resubmit: the owner sends a rejected submission back', () => {
  it('makes it pending again with its edits, its history and a new place in the queue; the admin sees the earlier reason', async () => {
    const { user, cookie, tool } = await rejected({}, 'No pricing page yet');
    const values = validValues({
      name: tool.name,
      url: tool.url,
      description: 'Now with a pricing page and a free plan.',
      pricingModel: 'freemium',
    });
    const res = await resubmit(cookie, tool.id, values);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: tool.id,
      status: 'pending',
      rejectionReason: null,
      description: values.description,
      pricingModel: 'freemium',
      slug: tool.slug,
    });
    expect(new Date(body.submittedAt).getTime()).toBeGreaterThanOrEqual(new Date(tool.submittedAt).getTime());
    const [row, reject] = await auditOf('tool', tool.id);
    expect(row).toMatchObject({
      action: 'tool.resubmit',
      actorId: user.id,
      before: { status: 'rejected', rejectionReason: 'No pricing page yet' },
      after: { status: 'pending' },
    });
    expect(reject.action).toBe('tool.reject');
    // A new submission: the "received" e-mail again (after the first one and the rejection).
    expect((await emailsTo(user.email)).map((m) => m.kind)).toEqual([
      'submission-received',
      'tool-rejected',
      'submission-received',
    ]);

    const staff = await staffCookie();
    const pending: { id: number }[] = await (await call('GET', '/api/admin/tools/pending', { cookie: staff })).json();
    expect(pending.map((t) => t.id)).toContain(tool.id);
    const rejections = await call('GET', '/api/admin/tools/pending/rejections', { cookie: staff });
    expect(rejections.status).toBe(200);
    const list: { toolId: number; rejectionReason: string }[] = await rejections.json();
    expect(list.filter((r) => r.toolId === tool.id)).toEqual([
      expect.objectContaining({ toolId: tool.id, rejectionReason: 'No pricing page yet' }),
    ]);
    // Its approval gets the name's own slug, as any.
    const approved = await call('POST', `/api/admin/tools/${tool.id}/approve`, { cookie: staff, body: review });
    expect((await approved.json()).slug).toBe(tool.slug);
  });

  it('answers 401, 404, 403 and 409 (not rejected) as an edit does', async () => {
    const { cookie, tool } = await rejected();
    const other = await signedIn(NO_PASSWORD);
    expect((await resubmit(undefined, tool.id, validValues())).status).toBe(401);
    expect((await resubmit(cookie, 99_999_999, validValues())).status).toBe(404);
    expect((await resubmit(other.cookie, tool.id, validValues())).status).toBe(403);
    const pending = await ownSubmission();
    expect((await resubmit(pending.cookie, pending.tool.id, validValues())).status).toBe(409);
    expect((await reloadTool(tool.id))?.status).toBe('rejected');
  });

  it('counts as a new submission: the pending cap and the hourly allowance', async () => {
    const { user, cookie, tool } = await rejected();
    for (let i = 0; i < 10; i++) await makeTool({ submittedById: user.id });
    const full = await resubmit(cookie, tool.id, validValues());
    expect(full.status).toBe(409);
    expect(await full.text()).toBe(MSG.tooManyPending(10));
    expect((await reloadTool(tool.id))?.status).toBe('rejected');

    const busy = await rejected();
    // The first submission took one of the hour's five; four more attempts fill it.
    for (let i = 0; i < 4; i++)
      expect((await resubmit(busy.cookie, busy.tool.id, validValues({ description: 'x' }))).status).toBe(400);
    const late = await resubmit(busy.cookie, busy.tool.id, validValues());
    expect(late.status).toBe(429);
    expect(await late.text()).toBe(MSG.submissionsPerHour);
    expect((await reloadTool(busy.tool.id))?.status).toBe('rejected');
  });

  it('takes a premium slot again when asked for premium (rejection gave it back), and refuses a member without one', async () => {
    const member = await signedIn({ ...NO_PASSWORD, isPremium: true, premiumToolsAllowed: 3 });
    const first = await (await submit(member.cookie, validValues({ isPremium: 'true' }))).json();
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(1);
    await call('POST', `/api/admin/tools/${first.id}/reject`, {
      cookie: await staffCookie(),
      body: { rejectionReason: 'Broken link' },
    });
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(0);
    const again = await resubmit(member.cookie, first.id, validValues({ isPremium: 'true' }));
    expect(again.status).toBe(200);
    expect((await again.json()).isPremium).toBe(true);
    expect((await reloadUser(member.user.id))?.premiumToolsUsed).toBe(1);

    const free = await rejected();
    const refused = await resubmit(free.cookie, free.tool.id, validValues({ isPremium: 'true' }));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(MSG.premiumRequiresMembership);
  });
});

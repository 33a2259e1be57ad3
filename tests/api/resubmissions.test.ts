// Submitting again: a submission's pricing model and audience, an owner's edit of a pending submission, the
// resubmission of a rejected one, and the name's own slug going to the tool the public sees (issue 24).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, makeUser, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor, reloadTool } from '../helpers/admin';

let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}`;

type Values = Record<string, string | string[] | undefined>;

function validValues(overrides: Values = {}): Values {
  const id = unique();
  return {
    name: `Tool ${id}`,
    url: `https://tool-${id}.example.com`,
    description: 'Writes marketing copy from a short brief.',
    tags: ['marketing'],
    ...overrides,
  };
}

function form(values: Values): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) body.append(key, item);
    else if (value !== undefined) body.append(key, value);
  }
  return body;
}

// Each from its own address: the address limits are not what these tests are about (submission-limits.test.ts).
let addresses = 0;
const nextIp = () => `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;
const submit = (cookie: string, values: Values) => call('POST', '/api/tools', { cookie, body: form(values), ip: nextIp() });
const edit = (cookie: string | undefined, id: number, values: Values) => call('PUT', `/api/user/tools/${id}`, { cookie, body: form(values), ip: nextIp() });
const resubmit = (cookie: string | undefined, id: number, values: Values) =>
  call('POST', `/api/user/tools/${id}/resubmit`, { cookie, body: form(values), ip: nextIp() });

async function staffCookie(): Promise<string> {
  return (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
}

const review = { curatorTake: 'Clear slides from an outline.', qualityScore: 8 };

describe('pricing model and audience on a submission', () => {
  it('stores them, shows them on the public tool and matches the Pricing filter once approved', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    const values = validValues({ name: `Priced ${unique()}`, pricingModel: 'freemium', targetAudience: 'marketers, founders' });
    const res = await submit(cookie, values);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ pricingModel: 'freemium', targetAudience: ['marketers', 'founders'] });
    expect((await call('POST', `/api/admin/tools/${created.id}/approve`, { cookie: await staffCookie(), body: review })).status).toBe(200);
    const shown = await (await call('GET', `/api/tools/slug/${created.slug}`)).json();
    expect(shown).toMatchObject({ pricingModel: 'freemium', targetAudience: ['marketers', 'founders'] });
    const found = await (await call('GET', `/api/tools?pricing=freemium&search=${encodeURIComponent(values.name as string)}`)).json();
    expect(found.tools.map((t: { id: number }) => t.id)).toContain(created.id);
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
    const many = await submit(cookie, validValues({ targetAudience: Array.from({ length: 21 }, (_, i) => `a${i}`).join(',') }));
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
    expect((await call('POST', `/api/admin/tools/${first.id}/reject`, { cookie: staff, body: { rejectionReason: 'No pricing page' } })).status).toBe(200);
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
    expect(job.paths).toContain(`/tool/${root}`);
    expect(job.paths).not.toContain(`/tool/${root}-2`);
    // Both moves are in the audit log.
    expect((await auditOf('tool', second.id))[0]).toMatchObject({ action: 'tool.approve', before: { slug: `${root}-2` }, after: { slug: root } });
    expect((await auditOf('tool', first.id))[0]).toMatchObject({ action: 'tool.slug', before: { slug: root }, after: { slug: moved?.slug } });
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

// Discontinued tools: an admin marks a tool discontinued (or brings it back); its page stays and says so, it leaves the
// directory, search, the feeds and the API's lists unless the visitor asks for it, and /graveyard lists it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool, User } from '../../db/schema';
import { LISTING_MSG } from '../../lib/listing-messages';
import { call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor, reloadTool } from '../helpers/admin';

let staff: { user: User; cookie: string };
let admin: { user: User; cookie: string };

beforeAll(async () => {
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
});

const post = (path: string, body?: unknown, cookie = admin.cookie) => call('POST', path, { body, cookie });
const discontinue = (tool: Pick<Tool, 'id'>, body: unknown = { reason: 'The company shut down.' }) =>
  post(`/api/admin/tools/${tool.id}/discontinue`, body);
const revive = (tool: Pick<Tool, 'id'>) => post(`/api/admin/tools/${tool.id}/revive`);

describe('POST /api/admin/tools/:id/discontinue and /revive', () => {
  it('marks an approved tool discontinued with its date, reason and a Wayback Machine address, e-mailing and auditing it', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({
      status: 'approved',
      submittedById: owner.id,
      url: 'https://gone-writer.example.com/app',
    });
    const res = await discontinue(tool, { reason: '  The company shut down in March.  ', date: '2026-03-14' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: tool.id, status: 'discontinued' });
    expect(await reloadTool(tool.id)).toMatchObject({
      status: 'discontinued',
      discontinuedAt: new Date('2026-03-14T00:00:00Z'),
      discontinuedReason: 'The company shut down in March.',
      archiveUrl: 'https://web.archive.org/web/20260314/https://gone-writer.example.com/app',
    });
    const [mail] = await emailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'tool-discontinued', subject: `${tool.name} is now marked discontinued` });
    expect(mail.text).toContain('The company shut down in March.');
    expect(mail.text).toContain(`/tool/${tool.slug}`);
    expect(await rebuildsFor(`tool discontinued: ${tool.slug}`)).toHaveLength(1);
    const [row] = await auditOf('tool', tool.id);
    expect(row).toMatchObject({
      action: 'tool.discontinue',
      actorId: admin.user.id,
      before: { status: 'approved' },
      after: { status: 'discontinued', discontinuedReason: 'The company shut down in March.' },
    });
  });

  it('dates it today when no date is given, and discontinues an unlisted tool too', async () => {
    const tool = await makeTool({ status: 'unlisted', url: 'https://quiet.example.com' });
    const before = Date.now();
    expect((await discontinue(tool)).status).toBe(200);
    const row = await reloadTool(tool.id);
    expect(row?.status).toBe('discontinued');
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    expect([day(before), day(Date.now())]).toContain(day(row!.discontinuedAt!.getTime()));
    expect(row?.archiveUrl).toBe(
      `https://web.archive.org/web/${day(row!.discontinuedAt!.getTime()).replaceAll('-', '')}/https://quiet.example.com`,
    );
  });

  it('brings a discontinued tool back: approved again, the marks cleared, e-mailed and audited', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: owner.id });
    await discontinue(tool, { reason: 'Shut down.', date: '2026-01-02' });
    const res = await revive(tool);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved' });
    expect(await reloadTool(tool.id)).toMatchObject({
      status: 'approved',
      discontinuedAt: null,
      discontinuedReason: null,
      archiveUrl: null,
    });
    const [mail] = await emailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'tool-revived', subject: `${tool.name} is listed in the directory again` });
    expect(await rebuildsFor(`tool revived: ${tool.slug}`)).toHaveLength(1);
    const [row] = await auditOf('tool', tool.id);
    // The audit keeps when and why it had been discontinued.
    expect(row).toMatchObject({
      action: 'tool.revive',
      before: { status: 'discontinued', discontinuedReason: 'Shut down.' },
      after: { status: 'approved' },
    });
    expect(row.before).toHaveProperty('discontinuedAt');
  });

  it('is for admins only: staff get 403, the signed-out 401, and nothing changes', async () => {
    const tool = await makeTool({ status: 'approved' });
    expect((await discontinue(tool, { reason: 'x' })).status).toBe(200);
    const other = await makeTool({ status: 'approved' });
    const refused = await post(`/api/admin/tools/${other.id}/discontinue`, { reason: 'Gone' }, staff.cookie);
    expect(refused.status).toBe(403);
    expect((await post(`/api/admin/tools/${tool.id}/revive`, undefined, staff.cookie)).status).toBe(403);
    expect((await call('POST', `/api/admin/tools/${other.id}/discontinue`, { body: { reason: 'Gone' } })).status).toBe(
      401,
    );
    expect(await reloadTool(other.id)).toMatchObject({ status: 'approved', discontinuedAt: null });
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'discontinued' });
  });

  it('requires a reason and a real past day, changing nothing otherwise', async () => {
    const tool = await makeTool({ status: 'approved' });
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 7 }]) {
      const res = await post(`/api/admin/tools/${tool.id}/discontinue`, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(LISTING_MSG.discontinueReasonRequired);
    }
    for (const date of ['2026-02-30', '14/03/2026', '2026-3-1', 20260314]) {
      const res = await discontinue(tool, { reason: 'Gone', date });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(LISTING_MSG.discontinueDateInvalid);
    }
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await discontinue(tool, { reason: 'Gone', date: future });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.discontinueDateFuture);
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'approved', discontinuedReason: null });
    expect(await auditOf('tool', tool.id)).toEqual([]);
  });

  it('answers 409 from pending, rejected or already discontinued, 409 reviving a tool that is not discontinued, 404 for none', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const tool = await makeTool({ status });
      const res = await discontinue(tool);
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(LISTING_MSG.onlyListedDiscontinued);
      expect((await reloadTool(tool.id))?.status).toBe(status);
    }
    const gone = await makeTool({ status: 'approved' });
    await discontinue(gone);
    expect((await discontinue(gone)).status).toBe(409);
    const live = await makeTool({ status: 'approved' });
    const res = await revive(live);
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(LISTING_MSG.onlyDiscontinuedRevived);
    expect((await discontinue({ id: 987654 })).status).toBe(404);
    expect((await revive({ id: 987654 })).status).toBe(404);
  });

  it('lists a discontinued tool on the approved side with its status (the answer keeps its shape)', async () => {
    const tool = await makeTool({ status: 'approved' });
    await discontinue(tool);
    const list = (await (await call('GET', '/api/admin/tools/approved', { cookie: admin.cookie })).json()) as {
      id: number;
      status: string;
    }[];
    expect(list.find((t) => t.id === tool.id)?.status).toBe('discontinued');
  });

  it('keeps holding its address: a new submission of the same URL is refused', async () => {
    const tool = await makeTool({ status: 'approved', url: 'https://held-address.example.com' });
    await discontinue(tool);
    const other = await makeTool({ status: 'approved' });
    const res = await call('PATCH', `/api/admin/tools/${other.id}`, {
      cookie: admin.cookie,
      body: { url: 'https://www.held-address.example.com/' },
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(tool.name);
  });
});

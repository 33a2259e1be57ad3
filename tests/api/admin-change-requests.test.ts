// Owners' change requests in the admin panel: the list with its changes text, Approve Changes and Reject Changes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import type { FieldChange } from '../../lib/change-text';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeChangeRequest, makeTool, rebuildsFor, reloadTool } from '../helpers/admin';
import { db } from '../../db/client';

let staff: { user: User; cookie: string };

beforeAll(async () => {
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
});

const post = (path: string, body?: unknown) => call('POST', path, { body, cookie: staff.cookie });

interface Listed {
  id: number;
  toolId: number;
  toolName: string;
  status: string;
  requester: { name: string; email: string };
  submittedAt: string;
  date: string;
  requestData: Record<string, unknown>;
  changes: string;
  diff: FieldChange[];
}

async function list(): Promise<Listed[]> {
  const res = await call('GET', '/api/admin/change-requests', { cookie: staff.cookie });
  expect(res.status).toBe(200);
  return res.json();
}

describe('GET /api/admin/change-requests', () => {
  it('lists pending requests first, then newest, with tool name, requester, date and a changes text', async () => {
    const owner = await makeUser({ ...NO_PASSWORD, firstName: 'Olga', lastName: 'Owner' });
    const tool = await makeTool({
      status: 'approved',
      submittedById: owner.id,
      description: 'The old description of the tool.',
    });
    const decided = await makeChangeRequest(tool, { name: 'Decided Name' });
    await post(`/api/admin/change-requests/${decided.id}/reject`, {});
    const pending = await makeChangeRequest(tool, {
      description: 'The new description of the tool.',
      tags: ['design', 'marketing'],
    });

    const rows = await list();
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(pending.id)).toBeLessThan(ids.indexOf(decided.id));
    const lastPending = ids.findLastIndex((id) => rows.find((r) => r.id === id)!.status === 'pending');
    const firstDecided = rows.findIndex((r) => r.status !== 'pending');
    expect(lastPending).toBeLessThan(firstDecided);

    const row = rows.find((r) => r.id === pending.id)!;
    expect(row).toMatchObject({
      toolId: tool.id,
      toolName: tool.name,
      status: 'pending',
      requester: { name: 'Olga Owner', email: owner.email },
    });
    expect(row.date).toBe(row.submittedAt);
    expect(row.changes).toBe(
      'Description: "The old description of the tool." → "The new description of the tool."; Tags: Design, Marketing',
    );
    expect(rows.find((r) => r.id === decided.id)!.changes).toBe('Name: "Decided Name"');
  });

  it('gives each changed field its whole old and new values and the words removed and added', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const start = 'Plans your week, writes your notes and keeps your whole team in step with one shared';
    const tool = await makeTool({ status: 'approved', submittedById: owner.id, description: `${start} calendar.` });
    const request = await makeChangeRequest(tool, { description: `${start} board.` });

    const row = (await list()).find((r) => r.id === request.id)!;
    expect(row.diff).toEqual([
      {
        field: 'description',
        label: 'Description',
        kind: 'text',
        before: `${start} calendar.`,
        after: `${start} board.`,
        parts: [
          { text: `${start} `, change: 'same' },
          { text: 'calendar', change: 'removed' },
          { text: 'board', change: 'added' },
          { text: '.', change: 'same' },
        ],
      },
    ]);
    expect(row.changes).toContain('calendar.');
    expect(row.changes).toContain('board.');
  });
});

describe('POST /api/admin/change-requests/:id/approve', () => {
  it('applies the request to the tool, keeps the slug, moves urlKey, e-mails, rebuilds and audits', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: owner.id });
    const request = await makeChangeRequest(tool, {
      name: 'Brand New Name',
      url: 'https://brand-new.example.com/',
      tags: ['development', 'productivity'],
      pricingModel: 'paid',
      targetAudience: ['Developers'],
    });
    const res = await post(`/api/admin/change-requests/${request.id}/approve`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: request.id, status: 'approved' });

    const stored = (await reloadTool(tool.id))!;
    expect(stored).toMatchObject({
      name: 'Brand New Name',
      slug: tool.slug,
      url: 'https://brand-new.example.com/',
      urlKey: urlKey('https://brand-new.example.com/'),
      tags: ['development', 'productivity'],
      pricingModel: 'paid',
      targetAudience: ['Developers'],
    });
    const row = await db.query.changeRequests.findFirst({ where: (c, { eq }) => eq(c.id, request.id) });
    expect(row).toMatchObject({ status: 'approved', reviewedById: staff.user.id });
    expect(row?.reviewedAt).toBeInstanceOf(Date);

    const [mail] = await emailsTo(owner.email);
    expect(mail.kind).toBe('change-request-approved');
    expect(await rebuildsFor(`tool changes approved: ${tool.slug}`)).toHaveLength(1);
    const [toolAudit] = await auditOf('tool', tool.id);
    expect(toolAudit).toMatchObject({ action: 'tool.change-request-applied', actorId: staff.user.id });
    expect(toolAudit.before).toMatchObject({ name: tool.name, pricingModel: null });
    expect(toolAudit.after).toMatchObject({ name: 'Brand New Name', changeRequestId: request.id });
    const [requestAudit] = await auditOf('change_request', request.id);
    expect(requestAudit).toMatchObject({ action: 'change-request.approve', after: { status: 'approved' } });

    const history = await (await call('GET', `/api/admin/tools/${tool.id}/history`, { cookie: staff.cookie })).json();
    expect(history.auditLog.map((a: { action: string }) => a.action)).toEqual([
      'change-request.approve',
      'tool.change-request-applied',
    ]);
  });

  it('answers 409 for a decided request and changes nothing', async () => {
    const tool = await makeTool({ status: 'approved' });
    const request = await makeChangeRequest(tool, { name: 'First' });
    expect((await post(`/api/admin/change-requests/${request.id}/approve`)).status).toBe(200);
    const again = await post(`/api/admin/change-requests/${request.id}/approve`);
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(MSG.changeRequestAlreadyDecided);
    expect((await post(`/api/admin/change-requests/${request.id}/reject`)).status).toBe(409);
    expect((await post('/api/admin/change-requests/999999/approve')).status).toBe(404);
  });

  it('validates the stored request again and refuses a url another tool holds, leaving both unchanged', async () => {
    const tool = await makeTool({ status: 'approved' });
    const invalid = await makeChangeRequest(tool, { description: 'short' });
    const res = await post(`/api/admin/change-requests/${invalid.id}/approve`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.descriptionTooShort);

    const holder = await makeTool({ status: 'pending', name: 'Holder', url: 'https://held.example.com' });
    const clash = await makeChangeRequest(tool, { name: 'Clashing', url: 'https://held.example.com/' });
    const conflict = await post(`/api/admin/change-requests/${clash.id}/approve`);
    expect(conflict.status).toBe(409);
    expect(await conflict.text()).toBe(MSG.toolAlreadyPending(holder.name));
    expect((await reloadTool(tool.id))?.name).toBe(tool.name);
    const row = await db.query.changeRequests.findFirst({ where: (c, { eq }) => eq(c.id, clash.id) });
    expect(row?.status).toBe('pending');
    expect(await auditOf('change_request', clash.id)).toHaveLength(0);
  });
});

describe('POST /api/admin/change-requests/:id/reject', () => {
  it('records the decision, leaves the tool alone and e-mails the requester with the reason', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: owner.id });
    const request = await makeChangeRequest(tool, { name: 'Unwanted Name' });
    const res = await post(`/api/admin/change-requests/${request.id}/reject`, { reason: 'Name is misleading' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: request.id, status: 'rejected' });
    expect((await reloadTool(tool.id))?.name).toBe(tool.name);
    const row = await db.query.changeRequests.findFirst({ where: (c, { eq }) => eq(c.id, request.id) });
    expect(row).toMatchObject({ status: 'rejected', reviewedById: staff.user.id });
    const [mail] = await emailsTo(owner.email);
    expect(mail.kind).toBe('change-request-rejected');
    expect(mail.text).toContain('Name is misleading');
    const [audit] = await auditOf('change_request', request.id);
    expect(audit).toMatchObject({
      action: 'change-request.reject',
      after: { status: 'rejected', reason: 'Name is misleading' },
    });
    expect(await rebuildsFor(tool.slug)).toHaveLength(0);
  });
});

describe("change requests on a reviewer's own tool (docs/decisions/0023)", () => {
  it('staff cannot approve changes to a tool they submitted; another reviewer or an isAdmin account can', async () => {
    const tool = await makeTool({ status: 'approved', submittedById: staff.user.id, name: 'Staff Own Tool' });
    const request = await makeChangeRequest(tool, { description: 'A description the owner would like to see live.' });
    const refused = await post(`/api/admin/change-requests/${request.id}/approve`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(MSG.ownToolModeration);
    expect((await reloadTool(tool.id))!.description).toBe(tool.description);

    const other = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    const approved = await call('POST', `/api/admin/change-requests/${request.id}/approve`, { cookie: other.cookie });
    expect(approved.status).toBe(200);
    expect((await reloadTool(tool.id))!.description).toBe('A description the owner would like to see live.');
  });
});

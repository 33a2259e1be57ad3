import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { changeRequests, tools, type NewTool } from '../../db/schema';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { call, makeUser, signedIn } from '../helpers/api';

let n = 0;

async function makeTool(values: Partial<NewTool> & { submittedById: number }) {
  const id = `${Date.now().toString(36)}-${++n}`;
  const url = values.url ?? `https://cr-${id}.example.com`;
  const [tool] = await db
    .insert(tools)
    .values({
      name: `Owned ${id}`,
      slug: `owned-${id}`,
      description: 'An approved tool that its owner wants to improve.',
      tags: ['design', 'marketing'],
      targetAudience: ['designers'],
      pricingModel: 'freemium',
      status: 'approved',
      ...values,
      url,
      urlKey: urlKey(url),
    })
    .returning();
  return tool;
}

const requestChanges = (id: number, body: unknown, cookie?: string) =>
  call('POST', `/api/tools/${id}/change-requests`, { body, cookie });

async function requestsFor(toolId: number) {
  return db.select().from(changeRequests).where(eq(changeRequests.toolId, toolId));
}

describe('POST /api/tools/:id/change-requests', () => {
  it('stores only the fields that differ from the tool as it is', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    // The edit form sends every field back, most of them unchanged (tags in another order).
    const res = await requestChanges(
      tool.id,
      {
        name: tool.name,
        url: tool.url,
        description: 'A clearer description of what the tool does.',
        tags: ['marketing', 'design'],
        pricingModel: 'freemium',
        targetAudience: 'designers, marketers',
      },
      cookie,
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      toolId: tool.id,
      toolName: tool.name,
      status: 'pending',
      requestData: {
        description: 'A clearer description of what the tool does.',
        targetAudience: ['designers', 'marketers'],
      },
    });
    const stored = await requestsFor(tool.id);
    expect(stored).toHaveLength(1);
    expect(stored[0].requestData).toEqual({
      description: 'A clearer description of what the tool does.',
      targetAudience: ['designers', 'marketers'],
    });
    expect(stored[0].submittedById).toBe(user.id);
    // The tool itself is unchanged until a reviewer approves the request.
    const after = await db.query.tools.findFirst({ where: eq(tools.id, tool.id) });
    expect(after?.description).toBe(tool.description);
  });

  it('answers 400 No changes to submit when nothing differs', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    const res = await requestChanges(
      tool.id,
      { name: `  ${tool.name} `, tags: ['marketing', 'design'], pricingModel: 'freemium' },
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.noChanges);
    expect(await requestsFor(tool.id)).toHaveLength(0);
  });

  it('validates the changed fields with the messages of the submission form', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com' }, MSG.invalidUrl],
      [{ description: 'short' }, MSG.descriptionTooShort],
      [{ name: '' }, MSG.toolNameRequired],
      [{ tags: [] }, MSG.categoryRequired],
    ];
    for (const [body, message] of cases) {
      const res = await requestChanges(tool.id, body, cookie);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(message);
    }
  });

  it("answers 404 for another user's tool and for a missing one", async () => {
    const owner = await makeUser();
    const tool = await makeTool({ submittedById: owner.id });
    const { cookie } = await signedIn();
    const res = await requestChanges(tool.id, { description: 'Taking over somebody else tool.' }, cookie);
    expect(res.status).toBe(404);
    expect((await requestChanges(999_999, { description: 'A tool that does not exist.' }, cookie)).status).toBe(404);
    expect(await requestsFor(tool.id)).toHaveLength(0);
  });

  it('answers 409 for tools that are not approved', async () => {
    const { user, cookie } = await signedIn();
    for (const status of ['pending', 'rejected', 'unlisted'] as const) {
      const tool = await makeTool({ submittedById: user.id, status });
      const res = await requestChanges(tool.id, { description: 'Changes to a tool that is not live.' }, cookie);
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(MSG.changeRequestNotApproved);
    }
  });

  it('allows one open request per tool, and a new one once it is decided', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    expect((await requestChanges(tool.id, { description: 'The first requested description.' }, cookie)).status).toBe(
      201,
    );
    const second = await requestChanges(tool.id, { description: 'The second requested description.' }, cookie);
    expect(second.status).toBe(409);
    expect(await second.text()).toBe(MSG.changeRequestPending);

    await db
      .update(changeRequests)
      .set({ status: 'rejected', reviewedAt: new Date() })
      .where(eq(changeRequests.toolId, tool.id));
    expect((await requestChanges(tool.id, { description: 'A third requested description.' }, cookie)).status).toBe(201);
  });

  it('lets only one of two parallel requests for the same tool through', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    const results = await Promise.all(
      ['Parallel description number one.', 'Parallel description number two.'].map((description) =>
        requestChanges(tool.id, { description }, cookie),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await requestsFor(tool.id)).toHaveLength(1);
  });

  it('refuses a new URL that another tool already has, naming it', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id });
    const other = await makeTool({
      submittedById: (await makeUser()).id,
      name: 'Taken Name Tool',
      url: 'https://cr-taken.example.com',
    });
    const res = await requestChanges(tool.id, { url: 'https://www.cr-taken.example.com/' }, cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.toolAlreadyListed(other.name));
  });

  it('answers 401 when signed out', async () => {
    const owner = await makeUser();
    const tool = await makeTool({ submittedById: owner.id });
    const res = await requestChanges(tool.id, { description: 'Signed out change request.' });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
  });
});

describe('GET /api/user/change-requests', () => {
  it("lists the user's own requests, newest first, with the tool's name", async () => {
    const { user, cookie } = await signedIn();
    const first = await makeTool({ submittedById: user.id, name: 'First Owned Tool' });
    const second = await makeTool({ submittedById: user.id, name: 'Second Owned Tool' });
    await requestChanges(first.id, { pricingModel: 'paid' }, cookie);
    await requestChanges(second.id, { tags: ['development'] }, cookie);
    const stranger = await signedIn();
    const theirs = await makeTool({ submittedById: stranger.user.id });
    await requestChanges(theirs.id, { pricingModel: 'free' }, stranger.cookie);

    const res = await call('GET', '/api/user/change-requests', { cookie });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      toolId: second.id,
      toolName: 'Second Owned Tool',
      status: 'pending',
      requestData: { tags: ['development'] },
    });
    expect(list[1]).toMatchObject({
      toolId: first.id,
      toolName: 'First Owned Tool',
      requestData: { pricingModel: 'paid' },
    });
    expect(list[0].submittedAt).toEqual(expect.any(String));

    const tools = await (await call('GET', '/api/user/tools', { cookie })).json();
    expect(tools.every((t: { pendingChangeRequest: boolean }) => t.pendingChangeRequest)).toBe(true);
  });

  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/user/change-requests')).status).toBe(401);
  });
});

// An owner's uploaded screenshot, logo or cover, and a submission's logo, is served only to its uploader and to
// reviewers until a public tool shows it (others get the 404 of a missing file), never cached; once approved it is
// public and cached for good.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { changeRequests, tools, type User } from '../../db/schema';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';

let owner: { user: User; cookie: string };
let stranger: { user: User; cookie: string };
let staff: { user: User; cookie: string };
let png: Buffer;

beforeAll(async () => {
  owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
  stranger = await signedIn({ ...NO_PASSWORD, isPremium: true });
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
  png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

async function upload(toolId: number, kind = 'screenshot'): Promise<string> {
  const form = new FormData();
  form.append('image', new File([new Uint8Array(png)], 'shot.png', { type: 'image/png' }));
  form.append('kind', kind);
  const res = await call('POST', `/api/tools/${toolId}/images`, { body: form, cookie: owner.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** 404 to visitors and other members; served as a WebP, uncached, to its uploader and to reviewers. */
async function expectPrivate(url: string) {
  expect((await call('GET', url)).status).toBe(404);
  expect((await call('GET', url, { cookie: stranger.cookie })).status).toBe(404);
  for (const viewer of [owner, staff]) {
    const res = await call('GET', url, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  }
}

const premiumTool = () => makeTool({ status: 'approved', isPremium: true, submittedById: owner.user.id });

describe('GET /uploads/tools/* before review', () => {
  it('is 404 to visitors and other members, and served uncached to its uploader and to reviewers', async () => {
    const tool = await premiumTool();
    await expectPrivate(await upload(tool.id));
  });

  it('stays private while its change request is pending, and is public and cached for good once approved', async () => {
    const tool = await premiumTool();
    const [shot, cover] = [await upload(tool.id), await upload(tool.id, 'cover')];
    const res = await call('POST', `/api/tools/${tool.id}/change-requests`, {
      body: { screenshots: [shot], coverImage: cover },
      cookie: owner.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const refused = await call('GET', shot);
    expect(refused.status).toBe(404);
    // No shared cache keeps the refusal past the approval.
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect((await call('GET', cover)).status).toBe(404);
    const [request] = await db.select().from(changeRequests).where(eq(changeRequests.toolId, tool.id));
    expect(
      (await call('POST', `/api/admin/change-requests/${request.id}/approve`, { cookie: staff.cookie })).status,
    ).toBe(200);
    for (const url of [shot, cover]) {
      const served = await call('GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('is private on a tool that is not public (unlisted)', async () => {
    const tool = await premiumTool();
    const shot = await upload(tool.id);
    await db
      .update(tools)
      .set({ screenshots: [shot], status: 'unlisted' })
      .where(eq(tools.id, tool.id));
    expect((await call('GET', shot)).status).toBe(404);
    expect((await call('GET', shot, { cookie: owner.cookie })).status).toBe(200);
  });

  it('answers 404 to everyone, reviewers included, for an image that is not there', async () => {
    const missing = '/uploads/tools/00000000-0000-4000-8000-000000000000.webp';
    expect((await call('GET', missing, { cookie: staff.cookie })).status).toBe(404);
  });
});

describe("GET /uploads/logos/* of a submission's logo", () => {
  it("is its submitter's and reviewers' while the tool is pending, and public once it is approved", async () => {
    const body = new FormData();
    body.append('name', `Pending Logo ${crypto.randomUUID().slice(0, 8)}`);
    body.append('url', `https://pending-logo-${crypto.randomUUID().slice(0, 8)}.example.com`);
    body.append('description', 'A tool whose logo waits for review.');
    body.append('tags', 'design');
    body.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const res = await call('POST', '/api/tools', { body, cookie: owner.cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, logoUrl } = (await res.json()) as { id: number; logoUrl: string };
    await expectPrivate(logoUrl);
    await db.update(tools).set({ status: 'approved' }).where(eq(tools.id, id));
    const served = await call('GET', logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

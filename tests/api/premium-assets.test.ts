// A premium tool's assets and branding (issue 12 B): the owner uploads images and asks, through a change request, for
// screenshots, a YouTube or Vimeo demo, a new logo, a brand colour and a cover; free tools get none of it.
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, rateKey, take } from '../../api/rate-limit';
import { STAGED_GRACE_MS, sweepUnusedToolImages } from '../../api/services/uploads';
import { db } from '../../db/client';
import { changeRequests, tools, type User } from '../../db/schema';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';

let owner: { user: User; cookie: string };
let admin: { user: User; cookie: string };
let png: Buffer;

beforeAll(async () => {
  owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin', isAdmin: true });
  png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

const toolsDir = () => join(process.env.UPLOADS_DIR!, 'tools');
const stored = () => (existsSync(toolsDir()) ? readdirSync(toolsDir()) : []);

function imageForm(kind: string | null, bytes: Uint8Array = png): FormData {
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], 'shot.png', { type: 'image/png' }));
  if (kind !== null) form.append('kind', kind);
  return form;
}

const upload = (toolId: number, form: FormData, cookie = owner.cookie) =>
  call('POST', `/api/tools/${toolId}/images`, { body: form, cookie });
const requestChanges = (toolId: number, body: unknown, cookie = owner.cookie) =>
  call('POST', `/api/tools/${toolId}/change-requests`, { body, cookie });
const premiumTool = (values: Parameters<typeof makeTool>[0] = {}) =>
  makeTool({ status: 'approved', isPremium: true, submittedById: owner.user.id, ...values });
const requestsOf = (toolId: number) => db.select().from(changeRequests).where(eq(changeRequests.toolId, toolId));

async function uploaded(toolId: number, kind = 'screenshot'): Promise<string> {
  const res = await upload(toolId, imageForm(kind));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

describe('POST /api/tools/:id/images', () => {
  it('re-encodes a screenshot to a 1280 x 720 WebP and a logo to a 256 square, served to the uploader at once', async () => {
    const tool = await premiumTool();
    const shot = await uploaded(tool.id, 'screenshot');
    expect(shot).toMatch(/^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/);
    // Served to its uploader until a public tool shows it (tests/api/private-uploads.test.ts).
    const served = await call('GET', shot, { cookie: owner.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1280,
      height: 720,
    });
    const logo = await call('GET', await uploaded(tool.id, 'logo'), { cookie: owner.cookie });
    expect(await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256 });
    const cover = await call('GET', await uploaded(tool.id, 'cover'), { cookie: owner.cookie });
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({ width: 1600, height: 400 });
  });

  it('refuses a free tool (403), a tool of someone else (404) and a pending one (409), storing nothing', async () => {
    const before = stored().length;
    const free = await makeTool({ status: 'approved', isPremium: false, submittedById: owner.user.id });
    let res = await upload(free.id, imageForm('screenshot'));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.premiumAssetsNeedPremiumTool);
    const other = await makeTool({ status: 'approved', isPremium: true });
    res = await upload(other.id, imageForm('screenshot'));
    expect(res.status).toBe(404);
    const pending = await premiumTool({ status: 'pending' });
    res = await upload(pending.id, imageForm('screenshot'));
    expect(res.status).toBe(409);
    res = await call('POST', `/api/tools/${free.id}/images`, { body: imageForm('screenshot') });
    expect(res.status).toBe(401);
    expect(stored().length).toBe(before);
  });

  it('answers 400 to an unknown kind or a missing file, and 415 to bytes that are not PNG or JPG', async () => {
    const tool = await premiumTool();
    const before = stored().length;
    let res = await upload(tool.id, imageForm('banner'));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.toolImageKindUnknown);
    res = await upload(tool.id, imageForm(null));
    expect(res.status).toBe(400);
    const empty = new FormData();
    empty.append('kind', 'screenshot');
    res = await upload(tool.id, empty);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.postImageMissing);
    res = await upload(
      tool.id,
      imageForm('screenshot', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(MSG.toolImageWrongType);
    expect(stored().length).toBe(before);
  });

  it("answers 413 to an image over 2MB and 429 past the hour's uploads, storing nothing", async () => {
    const tool = await premiumTool();
    const before = stored().length;
    let res = await upload(tool.id, imageForm('screenshot', new Uint8Array(MAX_LOGO_BYTES + 1)));
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MSG.fileTooLarge);
    const { user, cookie } = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const busy = await makeTool({ status: 'approved', isPremium: true, submittedById: user.id });
    const key = rateKey('tool-images-account-hour', user.id);
    await take(Array.from({ length: RATE_LIMITS['tool-images-account-hour'].limit }, () => key));
    res = await upload(busy.id, imageForm('screenshot'), cookie);
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(MSG.toolImagesPerHour);
    expect(stored().length).toBe(before);
  });
});

describe('change requests with premium assets', () => {
  it('stores screenshots, video, logo, colour and cover for a premium tool, and approval applies them', async () => {
    const tool = await premiumTool({ screenshots: ['https://img.example.com/old.png'] });
    const shot = await uploaded(tool.id);
    const logo = await uploaded(tool.id, 'logo');
    // Images given by address are copied when approved: tests/api/remote-tool-images.test.ts.
    const body = {
      screenshots: [shot, await uploaded(tool.id)],
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      logoUrl: logo,
      brandColor: '#1A2B3C',
      coverImage: await uploaded(tool.id, 'cover'),
    };
    const res = await requestChanges(tool.id, body);
    expect(res.status, await res.clone().text()).toBe(201);
    const [request] = await requestsOf(tool.id);
    expect(request.requestData).toEqual({ ...body, brandColor: '#1a2b3c' });

    const list = await call('GET', '/api/admin/change-requests', { cookie: admin.cookie });
    const listed = ((await list.json()) as { id: number; diff: { field: string; kind: string }[] }[]).find(
      (r) => r.id === request.id,
    )!;
    expect(listed.diff.map((d) => [d.field, d.kind])).toEqual([
      ['screenshots', 'images'],
      ['videoUrl', 'video'],
      ['logoUrl', 'image'],
      ['brandColor', 'colour'],
      ['coverImage', 'image'],
    ]);

    const approved = await call('POST', `/api/admin/change-requests/${request.id}/approve`, { cookie: admin.cookie });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const after = await db.query.tools.findFirst({ where: eq(tools.id, tool.id) });
    expect(after).toMatchObject({ ...body, brandColor: '#1a2b3c' });
    // The public answer carries the branding too.
    const pub = await call('GET', `/api/tools/slug/${tool.slug}`);
    expect(await pub.json()).toMatchObject({
      brandColor: '#1a2b3c',
      coverImage: body.coverImage,
      screenshots: body.screenshots,
    });
  });

  it('refuses assets for a free tool with 403 and writes nothing; its free fields still go through', async () => {
    const tool = await makeTool({
      status: 'approved',
      isPremium: false,
      submittedById: owner.user.id,
      pricingModel: 'free',
    });
    for (const body of [
      { screenshots: ['https://img.example.com/a.png'] },
      { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      { brandColor: '#112233' },
      { coverImage: 'https://img.example.com/c.png' },
      { pricingModel: 'paid', brandColor: '#112233' },
    ]) {
      const res = await requestChanges(tool.id, body);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(MSG.premiumAssetsNeedPremiumTool);
    }
    expect(await requestsOf(tool.id)).toEqual([]);
    // The edit form of a free tool sends no assets; sending them unchanged is not asking for them.
    const res = await requestChanges(tool.id, { pricingModel: 'paid', screenshots: [], videoUrl: null });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ screenshots: Array.from({ length: 7 }, (_, i) => `https://img.example.com/${i}.png`) }, MSG.tooManyScreenshots],
    [{ screenshots: ['http://img.example.com/plain.png'] }, MSG.imageAddressInvalid('Screenshot')],
    [{ screenshots: ['/uploads/../app.db'] }, MSG.imageAddressInvalid('Screenshot')],
    [{ videoUrl: 'https://www.loom.com/share/abc123' }, MSG.videoHostUnsupported],
    [{ videoUrl: 'https://example.com/demo.mp4' }, MSG.videoHostUnsupported],
    [{ videoUrl: 'javascript:alert(1)' }, MSG.videoHostUnsupported],
    [{ brandColor: 'red' }, MSG.brandColorInvalid],
    [{ brandColor: '#12345' }, MSG.brandColorInvalid],
    [{ logoUrl: 'https://img.example.com/logo.png' }, MSG.logoMustBeUploaded],
    [{ coverImage: 'data:image/png;base64,AAAA' }, MSG.imageAddressInvalid('Cover image')],
  ])('answers 400 to a bad field (%j) and writes nothing', async (body, message) => {
    const tool = await premiumTool();
    const res = await requestChanges(tool.id, body);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(message);
    expect(await requestsOf(tool.id)).toEqual([]);
  });

  it('answers 400 when an uploaded image it names is not on disk', async () => {
    const tool = await premiumTool();
    const res = await requestChanges(tool.id, { screenshots: [`/uploads/tools/${crypto.randomUUID()}.webp`] });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.toolImageNotFound);
    expect(await requestsOf(tool.id)).toEqual([]);
  });

  it('is not applied when the tool lost Premium before the review (409), and changes nothing', async () => {
    const tool = await premiumTool();
    expect((await requestChanges(tool.id, { brandColor: '#112233', pricingModel: 'paid' })).status).toBe(201);
    await db.update(tools).set({ isPremium: false }).where(eq(tools.id, tool.id));
    const [request] = await requestsOf(tool.id);
    const res = await call('POST', `/api/admin/change-requests/${request.id}/approve`, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.premiumAssetsNoLongerPremium);
    const after = await db.query.tools.findFirst({ where: eq(tools.id, tool.id) });
    expect([after?.brandColor, after?.pricingModel]).toEqual([tool.brandColor, tool.pricingModel]);
    expect((await requestsOf(tool.id))[0].status).toBe('pending');
  });

  it('keeps one pending request per tool', async () => {
    const tool = await premiumTool();
    expect((await requestChanges(tool.id, { brandColor: '#112233' })).status).toBe(201);
    const res = await requestChanges(tool.id, { videoUrl: 'https://vimeo.com/123456' });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.changeRequestPending);
  });
});

describe('PATCH /api/admin/tools/:id branding and video', () => {
  it('sets the brand colour and cover, and takes only YouTube or Vimeo demos', async () => {
    const tool = await makeTool({ status: 'approved', isPremium: true });
    let res = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      body: { brandColor: '#AABBCC', coverImage: '' },
      cookie: admin.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ brandColor: '#aabbcc', coverImage: null });
    res = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      body: { videoUrl: 'https://fast.wistia.net/embed/iframe/x' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.videoHostUnsupported);
  });
});

describe('sweepUnusedToolImages', () => {
  it('removes old uploads no tool or pending request holds, and keeps held and young ones', async () => {
    const tool = await premiumTool();
    const [held, requested, unused, young] = [
      await uploaded(tool.id),
      await uploaded(tool.id),
      await uploaded(tool.id),
      await uploaded(tool.id),
    ];
    await db
      .update(tools)
      .set({ screenshots: [held] })
      .where(eq(tools.id, tool.id));
    expect((await requestChanges(tool.id, { coverImage: requested })).status).toBe(201);
    const old = (Date.now() - STAGED_GRACE_MS - 60_000) / 1000;
    for (const url of [held, requested, unused]) utimesSync(join(toolsDir(), url.split('/').pop()!), old, old);
    await sweepUnusedToolImages();
    const names = stored();
    const has = (url: string) => names.includes(url.split('/').pop()!);
    expect([has(held), has(requested), has(unused), has(young)]).toEqual([true, true, false, true]);
  });
});

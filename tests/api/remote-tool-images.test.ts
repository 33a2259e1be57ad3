// A screenshot or cover an owner gives by address is copied into our uploads when the change is approved (checked as
// an upload, through the guarded client), so the public page never hotlinks it; a copy that fails fails the approval
// with the reason and changes nothing. Against a local https server, which only the test's option lets through.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveChangeRequest } from '../../api/admin/change-requests.service';
import { updateTool } from '../../api/admin/tools.service';
import { HttpError } from '../../api/plugins/errors';
import { db } from '../../db/client';
import { changeRequests, tools, type User } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/local-tls', name), 'utf8');
const ca = fixture('cert.pem');

let owner: { user: User; cookie: string };
let admin: { user: User; cookie: string };
let png: Buffer;
let jpeg: Buffer;

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  tls: { cert: ca, key: fixture('key.pem') },
  fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/shot.png')
      return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
    if (pathname === '/cover.jpg')
      return new Response(new Uint8Array(jpeg), { headers: { 'content-type': 'image/jpeg' } });
    if (pathname === '/to-private.png')
      return new Response(null, { status: 302, headers: { location: 'http://10.0.0.1/shot.png' } });
    if (pathname === '/huge.png') {
      // An endless body without a length: the cap must cut it while it streams.
      return new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }), {
        headers: { 'content-type': 'image/png' },
      });
    }
    if (pathname === '/page.png')
      return new Response('<!doctype html><p>not an image', { headers: { 'content-type': 'image/png' } });
    return new Response('gone', { status: 404 });
  },
});
afterAll(() => server.stop(true));
const remote = (path: string) => `https://127.0.0.1:${server.port}${path}`;
/** The test's loosening: the local server is on loopback with its own certificate. The routes never pass it. */
const LOCAL = { allowLoopback: true, ca };

beforeAll(async () => {
  owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin', isAdmin: true });
  png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 2000, height: 600, channels: 3, background: '#993366' } })
    .jpeg()
    .toBuffer();
});

/** A premium tool of the owner with a pending request for `changes`; its id and the request's. */
async function pendingChange(changes: Record<string, unknown>) {
  const tool = await makeTool({ status: 'approved', isPremium: true, submittedById: owner.user.id });
  const res = await call('POST', `/api/tools/${tool.id}/change-requests`, { body: changes, cookie: owner.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  const [request] = await db.select().from(changeRequests).where(eq(changeRequests.toolId, tool.id));
  return { tool, requestId: request.id };
}

/** The approval's refusal: status and message. */
async function refusal(requestId: number): Promise<[number, string]> {
  try {
    await approveChangeRequest(requestId, admin.user, LOCAL);
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.message];
    throw error;
  }
  throw new Error('the approval went through');
}

async function unchanged(toolId: number, requestId: number, before: typeof tools.$inferSelect) {
  const after = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  expect([after?.screenshots, after?.coverImage]).toEqual([before.screenshots, before.coverImage]);
  const request = await db.query.changeRequests.findFirst({ where: eq(changeRequests.id, requestId) });
  expect(request?.status).toBe('pending');
}

describe('approving a change with images given by address', () => {
  it('copies them into our uploads, re-encoded to their kind, and publishes our addresses instead', async () => {
    const shot = remote('/shot.png');
    const { tool, requestId } = await pendingChange({ screenshots: [shot, shot], coverImage: remote('/cover.jpg') });
    const approved = await approveChangeRequest(requestId, admin.user, LOCAL);
    expect(approved.status).toBe('approved');
    const after = (await db.query.tools.findFirst({ where: eq(tools.id, tool.id) }))!;
    expect(after.screenshots).toHaveLength(2);
    for (const url of [...after.screenshots, after.coverImage])
      expect(url).toMatch(/^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/);
    // The same address twice is copied once.
    expect(after.screenshots[0]).toBe(after.screenshots[1]);
    const served = await call('GET', after.screenshots[0]);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1280,
      height: 720,
    });
    const cover = await call('GET', after.coverImage!);
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 400,
    });
    const page = await call('GET', `/api/tools/slug/${tool.slug}`);
    expect(await page.text()).not.toContain('127.0.0.1');
  });

  it('is refused through the API for an address on this machine, naming it, and changes nothing', async () => {
    const address = remote('/shot.png');
    const { tool, requestId } = await pendingChange({ screenshots: [address] });
    const res = await call('POST', `/api/admin/change-requests/${requestId}/approve`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.remoteImageNotCopied(address, MSG.remoteImageFailures.address));
    await unchanged(tool.id, requestId, tool);
  });

  it('is refused when the image redirects to a private address, and changes nothing', async () => {
    const address = remote('/to-private.png');
    const { tool, requestId } = await pendingChange({ coverImage: address });
    expect(await refusal(requestId)).toEqual([400, MSG.remoteImageNotCopied(address, MSG.remoteImageFailures.address)]);
    await unchanged(tool.id, requestId, tool);
  });

  it('cuts a body over the upload limit (413), refuses what is not a PNG or JPG (415) and a missing image (502)', async () => {
    for (const [path, status, why] of [
      ['/huge.png', 413, MSG.remoteImageFailures['too-large']],
      ['/page.png', 415, MSG.toolImageWrongType],
      ['/missing.png', 502, MSG.remoteImageStatus(404)],
    ] as const) {
      const { tool, requestId } = await pendingChange({ screenshots: [remote(path)] });
      expect(await refusal(requestId), path).toEqual([status, MSG.remoteImageNotCopied(remote(path), why)]);
      await unchanged(tool.id, requestId, tool);
    }
  });
});

describe("an editor's edit with images given by address", () => {
  it('copies a new address into our uploads, and leaves what the tool already shows as it is', async () => {
    const gone = 'https://gone.example.com/old.png';
    const tool = await makeTool({ status: 'approved', isPremium: true, screenshots: [gone] });
    const edited = await updateTool(
      tool.id,
      { screenshots: [gone, remote('/shot.png')], coverImage: remote('/cover.jpg') },
      admin.user,
      LOCAL,
    );
    expect(edited.screenshots[0]).toBe(gone);
    for (const url of [edited.screenshots[1], edited.coverImage])
      expect(url).toMatch(/^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/);
    // The Edit dialog sends every field: an unrelated change never fetches the addresses the tool already shows.
    const res = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      body: {
        description: 'Edited without touching its pictures.',
        screenshots: edited.screenshots,
        coverImage: edited.coverImage,
      },
      cookie: admin.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('is refused through the API for an address on this machine, and changes nothing', async () => {
    const tool = await makeTool({ status: 'approved', isPremium: true });
    const address = remote('/cover.jpg');
    const res = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      body: { coverImage: address },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.remoteImageNotCopied(address, MSG.remoteImageFailures.address));
    expect((await db.query.tools.findFirst({ where: eq(tools.id, tool.id) }))?.coverImage).toBe(tool.coverImage);
  });
});

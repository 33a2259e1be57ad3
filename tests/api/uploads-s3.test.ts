// Uploads in an S3-compatible bucket (S3_BUCKET set; docs/decisions/0060-uploads-storage-and-backups.md), against a local
// S3 double (s3rver): what users upload lands in the bucket, never on disk; /uploads/ streams it with the same headers;
// staging and the sweeps work there as in the folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleRequest } from '../../api/handler';
import { db } from '../../db/client';
import { blogPosts, tools } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import {
  STAGED_GRACE_MS,
  publishUpload,
  stageLogo,
  storePostImage,
  storeToolImage,
  sweepStagedUploads,
  sweepUnusedPostImages,
  sweepUnusedToolImages,
  uploadExists,
} from '../../api/services/uploads';
import { ogImagePath } from '../../lib/og';
import { makeTool, NO_PASSWORD } from '../helpers/admin';
import { BASE, call, signedIn } from '../helpers/api';
import { keysOf } from '../helpers/s3';

// The bucket must be configured before the app's modules read the settings.
const s3 = await vi.hoisted(async () => {
  const { startS3 } = await import('../helpers/s3');
  const started = await startS3();
  Object.assign(process.env, started.env);
  return started;
});
afterAll(() => s3.stop());

const onDisk = (folder: string) => existsSync(join(process.env.UPLOADS_DIR!, folder));
/** What the sweep sees once the grace age has passed (a bucket's modification times cannot be set back). */
const afterGrace = () => Date.now() + STAGED_GRACE_MS + 60_000;

let png: Buffer;
let logo: () => Promise<Buffer>;

beforeAll(async () => {
  png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();
  logo = () => sharp(png).resize(256, 256).webp().toBuffer();
});

async function submitWithLogo(): Promise<string> {
  const { cookie } = await signedIn(NO_PASSWORD);
  const body = new FormData();
  body.append('name', `Bucket Tool ${crypto.randomUUID().slice(0, 8)}`);
  body.append('url', `https://bucket-${crypto.randomUUID().slice(0, 8)}.example.com`);
  body.append('description', 'A tool whose logo lives in a bucket.');
  body.append('tags', 'design');
  body.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
  const res = await call('POST', '/api/tools', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { logoUrl: string }).logoUrl;
}

describe('a submission with a logo, uploads in a bucket', () => {
  it('stores the published logo in the bucket, under the name its row holds, and nothing on disk', async () => {
    const logoUrl = await submitWithLogo();
    expect(logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    const key = logoUrl.replace('/uploads/', '');
    expect(await keysOf(s3.client, 'logos/')).toContain(key);
    expect((await keysOf(s3.client, 'logos/')).filter((k) => k.startsWith('logos/.'))).toEqual([]);
    expect(await sharp(await s3.client.file(key).bytes()).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(onDisk('logos')).toBe(false);
  });

  it('is served from the bucket with its type, nosniff, the sandbox and a long immutable cache', async () => {
    const logoUrl = await submitWithLogo();
    await db.update(tools).set({ status: 'approved' }).where(eq(tools.logoUrl, logoUrl));
    const res = await call('GET', logoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const served = new Uint8Array(await res.arrayBuffer());
    expect(served).toEqual(await s3.client.file(logoUrl.replace('/uploads/', '')).bytes());
  });

  it('answers 404 for an object the bucket does not hold, and never serves a hidden or foreign one', async () => {
    expect((await call('GET', `/uploads/logos/${crypto.randomUUID()}.webp`)).status).toBe(404);
    await s3.client.write('logos/page.html', '<script>alert(1)</script>', { type: 'text/html' });
    expect((await call('GET', '/uploads/logos/page.html')).status).toBe(404);
    const staged = await stageLogo(await logo());
    expect((await call('GET', `/uploads/${staged.stagedKey}`)).status).toBe(404);
    expect((await call('GET', `/uploads/logos/..%2f${staged.stagedKey}`)).status).toBe(404);
  });
});

describe('staged logos in a bucket (docs/decisions/0012-submissions-and-uploads.md)', () => {
  it('keeps a logo hidden until it is published, then moves it to its public name', async () => {
    const staged = await stageLogo(await logo());
    expect(await keysOf(s3.client, staged.stagedKey)).toEqual([staged.stagedKey]);
    await makeTool({ status: 'approved', logoUrl: staged.url });
    expect((await call('GET', staged.url)).status).toBe(404);
    await publishUpload(staged);
    expect((await call('GET', staged.url)).status).toBe(200);
    expect(await keysOf(s3.client, staged.stagedKey)).toEqual([]);
  });

  it('sweeps what dead requests left: publishes a logo a row holds, removes one none does, leaves one in flight', async () => {
    const held = await stageLogo(await logo());
    await makeTool({ status: 'approved', logoUrl: held.url });
    const orphan = await stageLogo(await logo());
    const result = await sweepStagedUploads(afterGrace());
    expect(result.published).toBeGreaterThanOrEqual(1);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await keysOf(s3.client, 'logos/')).toEqual(expect.arrayContaining([held.key]));
    expect(await keysOf(s3.client, 'logos/')).not.toEqual(expect.arrayContaining([held.stagedKey]));
    expect(await keysOf(s3.client, 'logos/')).not.toEqual(expect.arrayContaining([orphan.stagedKey]));
    expect((await call('GET', held.url)).status).toBe(200);

    const inFlight = await stageLogo(await logo());
    await sweepStagedUploads();
    expect(await keysOf(s3.client, inFlight.stagedKey)).toEqual([inFlight.stagedKey]);
  });
});

describe('post and tool images in a bucket', () => {
  it('stores them in the bucket, knows they exist, and sweeps the ones no row holds once old', async () => {
    const postImage = await storePostImage(await sharp(png).resize(1200, 630).webp().toBuffer());
    const owner = await signedIn(NO_PASSWORD);
    const toolImage = await storeToolImage(await sharp(png).resize(1280, 720).webp().toBuffer(), owner.user.id);
    const heldImage = await storeToolImage(await sharp(png).resize(1280, 720).webp().toBuffer(), owner.user.id);
    await makeTool({ status: 'approved', screenshots: [heldImage] });
    for (const url of [postImage, toolImage, heldImage]) {
      expect(await uploadExists(url)).toBe(true);
      // An image no public tool shows yet is its uploader's (docs/decisions/0067).
      expect((await call('GET', url, { cookie: owner.cookie })).status).toBe(200);
    }
    expect(onDisk('posts') || onDisk('tools')).toBe(false);

    expect(await sweepUnusedPostImages()).toBe(0);
    expect(await sweepUnusedToolImages()).toBe(0);
    expect(await sweepUnusedPostImages(afterGrace())).toBeGreaterThanOrEqual(1);
    expect(await sweepUnusedToolImages(afterGrace())).toBeGreaterThanOrEqual(1);
    expect(await uploadExists(postImage)).toBe(false);
    expect(await uploadExists(toolImage)).toBe(false);
    expect(await uploadExists(heldImage)).toBe(true);
  });

  it('an admin uploads a featured image through the API into the bucket', async () => {
    const { cookie } = await signedIn({ ...NO_PASSWORD, role: 'admin' });
    const form = new FormData();
    form.append('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    const res = await call('POST', '/api/admin/blog/images', { body: form, cookie });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(await keysOf(s3.client, 'posts/')).toContain(url.replace('/uploads/', ''));
  });
});

describe('the Open Graph image of a tool whose logo is in the bucket', () => {
  it('draws the logo read from the bucket', async () => {
    const key = `logos/${crypto.randomUUID()}.webp`;
    await s3.client.write(key, await logo(), { type: 'image/webp' });
    const logoUrl = `/uploads/${key}`;
    const tool = await makeTool({
      status: 'approved',
      slug: `bucket-logo-${crypto.randomUUID().slice(0, 8)}`,
      logoUrl,
    });
    const res = await handleRequest(new Request(`${BASE}${ogImagePath('tool', tool.slug)}`));
    expect(res.status).toBe(200);
    const { data } = await sharp(new Uint8Array(await res.arrayBuffer()))
      .extract({ left: 100, top: 100, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The logo's green, not the letter tile's pale indigo.
    expect([...data].every((v, i) => Math.abs(v - [0x10, 0xb9, 0x81][i]) < 24)).toBe(true);
  });
});

describe('the demo seed, uploads in a bucket', () => {
  it('writes its screenshots, covers and post images to the bucket, and the addresses its rows hold serve them', async () => {
    await seedDemo(db);
    const seeded = await keysOf(s3.client, 'seed/');
    expect(seeded.length).toBeGreaterThan(0);
    expect(onDisk('seed')).toBe(false);
    const rows = await db.select({ screenshots: tools.screenshots, coverImage: tools.coverImage }).from(tools);
    const posts = await db.select({ featuredImage: blogPosts.featuredImage }).from(blogPosts);
    const held = [
      ...rows.flatMap((r) => [...r.screenshots, r.coverImage]),
      ...posts.map((p) => p.featuredImage),
    ].filter((url): url is string => !!url?.startsWith('/uploads/seed/'));
    expect(held.length).toBeGreaterThan(0);
    expect(seeded).toEqual(expect.arrayContaining(held.map((url) => url.replace('/uploads/', ''))));
    const res = await call('GET', held[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

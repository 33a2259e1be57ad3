// The Blog CMS as a publication: featured images uploaded and re-encoded like logos, categories from the fixed list,
// read times computed from the text.
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import { sweepUnusedPostImages, STAGED_GRACE_MS } from '../../api/services/uploads';
import { MAX_POST_IMAGE_BYTES } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { POST_CATEGORIES } from '../../lib/post-categories';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, reloadPost } from '../helpers/admin';

let admin: { user: User; cookie: string };
let member: { user: User; cookie: string };
let png: Buffer;

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
  member = await signedIn({ ...NO_PASSWORD });
  // A photo-like 1600 x 900 picture with metadata, so re-encoding is visible in size, format and dimensions.
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Someone' } } })
    .png()
    .toBuffer();
});

const postsDir = () => join(process.env.UPLOADS_DIR!, 'posts');
const storedImages = () => (existsSync(postsDir()) ? readdirSync(postsDir()) : []);

function imageForm(bytes: Uint8Array, name = 'cover.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
const upload = (form: FormData, cookie = admin.cookie) =>
  call('POST', '/api/admin/blog/images', { body: form, cookie });
const create = (body: unknown) => call('POST', '/api/admin/blog/posts', { body, cookie: admin.cookie });
const update = (id: number, body: unknown) =>
  call('PATCH', `/api/admin/blog/posts/${id}`, { body, cookie: admin.cookie });

async function uploaded(): Promise<string> {
  const res = await upload(imageForm(png));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

describe('POST /api/admin/blog/images', () => {
  it('re-encodes the image to a 1200 x 630 WebP without metadata, under a fresh name it serves at once', async () => {
    const url = await uploaded();
    expect(url).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/);
    const served = await call('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    expect(meta.exif).toBeUndefined();
    expect(await uploaded()).not.toBe(url);
  });

  it('answers 415 to a file that is not a PNG or JPG by its bytes, whatever its name, and stores nothing', async () => {
    const before = storedImages();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(imageForm(svg, 'cover.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(MSG.postImageWrongType);
    expect(storedImages()).toEqual(before);
  });

  it('answers 413 to an image over the size limit, and stores nothing', async () => {
    const before = storedImages();
    const big = new Uint8Array(MAX_POST_IMAGE_BYTES + 1);
    big.set(png.subarray(0, 64));
    const res = await upload(imageForm(big));
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MSG.fileTooLarge);
    expect(storedImages()).toEqual(before);
  });

  it('answers 400 without an image, 401 signed out and 403 to a member', async () => {
    const empty = await upload(new FormData());
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe(MSG.postImageMissing);
    expect((await call('POST', '/api/admin/blog/images', { body: imageForm(png) })).status).toBe(401);
    expect((await upload(imageForm(png), member.cookie)).status).toBe(403);
  });
});

describe('posts with featured images, categories and read times', () => {
  it('stores an uploaded image and a category from the list, and computes the read time from the words', async () => {
    const featuredImage = await uploaded();
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const res = await create({
      title: 'Covered',
      content: `<p>${words}</p>`,
      featuredImage,
      category: 'Guides',
      tags: 'ai, covers',
      status: 'published',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const post = await res.json();
    expect(post).toMatchObject({ featuredImage, category: 'Guides', tags: ['ai', 'covers'], readTime: '5 min read' });
    const shown = await (await call('GET', `/api/blog/posts/${post.slug}`)).json();
    expect(shown).toMatchObject({ featuredImage, category: 'Guides', readTime: '5 min read' });
  });

  it('answers 400 to a category outside the list and changes nothing', async () => {
    const bad = await create({ title: 'Uncategorised', content: '<p>Text</p>', category: 'Gossip' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(MSG.postCategoryUnknown(POST_CATEGORIES));
    const post = await (await create({ title: 'Categorised', content: '<p>Text</p>', category: 'News' })).json();
    const refused = await update(post.id, { category: 'Gossip', title: 'Renamed' });
    expect(refused.status).toBe(400);
    expect(await reloadPost(post.id)).toMatchObject({ category: 'News', title: 'Categorised' });
    const cleared = await (await update(post.id, { category: '' })).json();
    expect(cleared.category).toBeNull();
  });

  it('answers 400 to an /uploads/posts/ image that was never uploaded, and to a path outside it', async () => {
    const missing = await create({
      title: 'Ghost image',
      content: '<p>Text</p>',
      featuredImage: `/uploads/posts/${crypto.randomUUID()}.webp`,
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe(MSG.postImageNotFound);
    const outside = await create({
      title: 'Ghost image',
      content: '<p>Text</p>',
      featuredImage: '/uploads/logos/x.webp',
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toBe(MSG.invalidUrl);
  });

  it('sweeps old images no post holds, and keeps the ones a post holds and the recent ones', async () => {
    const held = await uploaded();
    await create({ title: 'Holds its image', content: '<p>Text</p>', featuredImage: held });
    const abandoned = await uploaded();
    const recent = await uploaded();
    const old = new Date(Date.now() - STAGED_GRACE_MS - 60_000);
    for (const url of [held, abandoned]) utimesSync(join(postsDir(), url.split('/').at(-1)!), old, old);
    await sweepUnusedPostImages();
    const left = storedImages();
    expect(left).toContain(held.split('/').at(-1));
    expect(left).toContain(recent.split('/').at(-1));
    expect(left).not.toContain(abandoned.split('/').at(-1));
  });
});

describe('POST /api/admin/blog/preview', () => {
  it('answers what saving would store (sanitised content, excerpt, computed read time) and saves nothing', async () => {
    const before = await (await call('GET', '/api/admin/blog/posts', { cookie: admin.cookie })).json();
    const words = Array.from({ length: 420 }, (_, i) => `w${i}`).join(' ');
    const res = await call('POST', '/api/admin/blog/preview', {
      body: {
        title: 'Draft in progress',
        content: `<p onclick="x()">${words}</p><script>bad()</script>`,
        readTime: '30 min read',
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview.content).toBe(`<p>${words}</p>`);
    expect(preview.readTime).toBe('2 min read');
    expect(preview.excerpt).toMatch(/^w0 w1 .*…$/);
    expect(await (await call('GET', '/api/admin/blog/posts', { cookie: admin.cookie })).json()).toEqual(before);
    const bad = await call('POST', '/api/admin/blog/preview', {
      body: { title: 'T', content: '<p>x</p>', category: 'Gossip' },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call('POST', '/api/admin/blog/preview', {
          body: { title: 'T', content: '<p>x</p>' },
          cookie: member.cookie,
        })
      ).status,
    ).toBe(403);
  });
});

// Open Graph images: a 1200x630 PNG per public tool (with an uploaded logo or a letter tile) and per published post,
// rendered on the first request and kept until a change touches its tool or post; 404 at once for a tool that stops
// being public; referenced by the pages' og:image and twitter:card.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { blogPosts, type BlogPost, type Tool } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { config } from '../../api/config';
import { renderPage } from '../../api/publishing/page-renderer';
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from '../../lib/og';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';

const get = (path: string, headers: Record<string, string> = {}) =>
  handleRequest(new Request(`${BASE}${path}`, { headers }));

/** Width and height from the PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function image(path: string): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await get(path);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

let withLogo: Tool;
let withoutLogo: Tool;
let withMark: Tool;
let post: BlogPost;
let admin: string;

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  mkdirSync(config.storage.uploadsDir, { recursive: true });
  const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();
  writeFileSync(join(config.storage.uploadsDir, 'logo-mark.png'), logo);
  withLogo = await makeTool({
    status: 'approved',
    name: 'Logo Lathe',
    slug: 'logo-lathe',
    logoUrl: '/uploads/logo-mark.png',
    tags: ['design', 'marketing'],
  });
  withoutLogo = await makeTool({
    status: 'approved',
    name: 'Letter Loom',
    slug: 'letter-loom',
    logoUrl: null,
    qualityScore: null,
  });
  // A mark the site ships (public/logos, drawn for the seed): Adobe Firefly's is red.
  withMark = await makeTool({
    status: 'approved',
    name: 'Mark Mill',
    slug: 'mark-mill',
    logoUrl: '/logos/adobe-firefly.svg',
  });
  const author = await makeUser(NO_PASSWORD);
  [post] = await db
    .insert(blogPosts)
    .values({
      title: 'How we review AI tools',
      slug: 'how-we-review',
      content: '<p>Body.</p>',
      status: 'published',
      publishedAt: new Date(),
      category: 'Guides',
      authorId: author.id,
    })
    .returning();
});

describe('a tool image', () => {
  it('is a 1200x630 PNG with a logo and without one', async () => {
    for (const tool of [withLogo, withoutLogo]) {
      const { res, bytes } = await image(ogImagePath('tool', tool.slug));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(pngSize(bytes)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
  });

  it('shows the uploaded logo or the shipped mark, or the letter tile without one', async () => {
    // A pixel inside the mark (at the left, beside the name): the logo's green, or the tile's pale indigo.
    const pixel = async (tool: Tool) => {
      const { bytes } = await image(ogImagePath('tool', tool.slug));
      const { data } = await sharp(bytes)
        .extract({ left: 100, top: 100, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) < 24);
    expect(near(await pixel(withLogo), [0x10, 0xb9, 0x81])).toBe(true);
    expect(near(await pixel(withoutLogo), [0xe0, 0xe7, 0xff])).toBe(true);
    expect(near(await pixel(withMark), [0xeb, 0x10, 0x00])).toBe(true);
  });

  it('is kept: the next request gets the same bytes, and a 304 for its ETag', async () => {
    const path = ogImagePath('tool', withLogo.slug);
    const first = await image(path);
    const second = await image(path);
    expect(second.bytes).toEqual(first.bytes);
    const etag = second.res.headers.get('etag')!;
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
  });

  it('is rendered again at once when what it shows is edited', async () => {
    const path = ogImagePath('tool', withoutLogo.slug);
    const before = await image(path);
    expect((await image(path)).bytes).toEqual(before.bytes);
    const edited = await call('PATCH', `/api/admin/tools/${withoutLogo.id}`, {
      cookie: admin,
      body: { name: 'Letter Loom Pro' },
    });
    expect(edited.status).toBe(200);
    const after = await image(path);
    expect(after.res.status).toBe(200);
    expect(after.bytes).not.toEqual(before.bytes);
  });

  it('answers 404 at once when the tool is not public, and for a missing one', async () => {
    const tool = await makeTool({ status: 'approved', name: 'Gone Gadget', slug: 'gone-gadget' });
    expect((await get(ogImagePath('tool', tool.slug))).status).toBe(200);
    const unlisted = await call('POST', `/api/admin/tools/${tool.id}/unlist`, {
      cookie: admin,
      body: { reason: 'Gone quiet' },
    });
    expect(unlisted.status).toBe(200);
    expect((await get(ogImagePath('tool', tool.slug))).status).toBe(404);
    expect((await get(ogImagePath('tool', 'no-such-tool'))).status).toBe(404);
    expect((await get('/og/tool/logo-lathe.jpg')).status).toBe(404);
  });

  it("carries its tool's tag, so a CDN in front drops it with the tool's changes", async () => {
    const res = await get(ogImagePath('tool', 'logo-lathe'));
    expect(res.headers.get('surrogate-key')?.split(' ')).toEqual(['site', 'tool:logo-lathe']);
    expect(res.headers.get('cache-tag')).toBe('site,tool:logo-lathe');
  });
});

describe('a post image', () => {
  it('is a 1200x630 PNG; a draft has none', async () => {
    const { res, bytes } = await image(ogImagePath('blog', post.slug));
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
    const drafted = await call('PATCH', `/api/admin/blog/posts/${post.id}`, {
      cookie: admin,
      body: { status: 'draft' },
    });
    expect(drafted.status).toBe(200);
    expect((await get(ogImagePath('blog', post.slug))).status).toBe(404);
    const published = await call('PATCH', `/api/admin/blog/posts/${post.id}`, {
      cookie: admin,
      body: { status: 'published' },
    });
    expect(published.status).toBe(200);
  });
});

describe('the pages', () => {
  it('reference their image with its size, as a large Twitter card', async () => {
    for (const [page, imagePath] of [
      [`/tool/${withLogo.slug}`, ogImagePath('tool', withLogo.slug)],
      [`/blog/${post.slug}`, ogImagePath('blog', post.slug)],
    ]) {
      const html = await (await renderPage(page, { appDir: config.appDir, siteUrl: BASE }))!.text();
      expect(html).toContain(`<meta property="og:image" content="${BASE}${imagePath}">`);
      expect(html).toContain('<meta property="og:image:width" content="1200">');
      expect(html).toContain('<meta property="og:image:height" content="630">');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
  });
});

describe('text the bundled font cannot draw', () => {
  it('is left out of the image rather than drawn as boxes, and the image still renders', async () => {
    const { drawable } = await import('../../site/components/og-image');
    expect(drawable('文心一言 Ernie 🚀')).toBe('Ernie');
    expect(drawable('Ωmega Привет Tiếng Việt')).toBe('Ωmega Привет Tiếng Việt');
    const tool = await makeTool({ status: 'approved', name: '文心一言', slug: 'wen-xin' });
    const { res, bytes } = await image(ogImagePath('tool', tool.slug));
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
  });
});

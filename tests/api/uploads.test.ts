import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { STAGED_GRACE_MS, publishUpload, stageLogo, sweepStagedUploads } from '../../api/services/uploads';
import { makeTool } from '../helpers/admin';
import { call, signedIn } from '../helpers/api';

const root = () => process.env.UPLOADS_DIR!;

function put(relative: string, bytes: Uint8Array | string) {
  const path = join(root(), relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}

let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  put('seed/chat-helper.png', png);
  put('seed/a.jpg', await sharp(png).jpeg().toBuffer());
  put('seed/b.webp', await sharp(png).webp().toBuffer());
  // Logos no tool holds: the sweep leaves them alone, /uploads/ shows them to nobody (docs/decisions/0067).
  put('logos/a.jpg', await sharp(png).jpeg().toBuffer());
  put('logos/b.webp', await sharp(png).webp().toBuffer());
  put('logos/evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  put('logos/page.html', '<script>alert(1)</script>');
  put('.secret.png', png);
  // A file beside the uploads folder, which no /uploads/ path may reach.
  writeFileSync(`${root()}-outside.png`, png);
});

describe('GET /uploads/*', () => {
  it('serves a stored image with its type, nosniff and a long immutable cache', async () => {
    const res = await call('GET', '/uploads/seed/chat-helper.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('gives JPEG and WebP their content types', async () => {
    expect((await call('GET', '/uploads/seed/a.jpg')).headers.get('content-type')).toBe('image/jpeg');
    expect((await call('GET', '/uploads/seed/b.webp')).headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for a missing file', async () => {
    const res = await call('GET', '/uploads/logos/nothing-here.png');
    expect(res.status).toBe(404);
  });

  it('never serves types that a browser could run (svg, html)', async () => {
    expect((await call('GET', '/uploads/logos/evil.svg')).status).toBe(404);
    expect((await call('GET', '/uploads/logos/page.html')).status).toBe(404);
  });

  it('does not leave the uploads folder, however the path is spelled', async () => {
    const outside = `${root().split('/').pop()}-outside.png`;
    for (const path of [
      `/uploads/../${outside}`,
      `/uploads/%2e%2e/${outside}`,
      `/uploads/..%2f${outside}`,
      `/uploads/logos/..%2f..%2f${outside}`,
      `/uploads/%252e%252e%252f${outside}`,
      '/uploads/..%5c..%5cetc%5cpasswd',
      '/uploads/%00.png',
      '/uploads/.secret.png',
    ]) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('logo files of interrupted submissions (docs/decisions/0012-submissions-and-uploads.md)', () => {
  const logoNames = () => readdirSync(join(root(), 'logos'));
  /** What a crash leaves: the file's age is all the sweep can judge a dead request by. */
  const olderThanGrace = (path: string) => {
    const then = new Date(Date.now() - STAGED_GRACE_MS - 60_000);
    utimesSync(path, then, then);
  };
  const logo = () => sharp(png).resize(256, 256).webp().toBuffer();

  it('leaves only the published logo of a submission, under the name its row holds', async () => {
    const { cookie } = await signedIn({ password: 'not-a-hash' });
    const body = new FormData();
    body.append('name', `Logo Tool ${crypto.randomUUID().slice(0, 8)}`);
    body.append('url', `https://logo-${crypto.randomUUID().slice(0, 8)}.example.com`);
    body.append('description', 'A tool that comes with a logo.');
    body.append('tags', 'design');
    body.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const res = await call('POST', '/api/tools', { cookie, body });
    expect(res.status).toBe(201);
    const { logoUrl } = await res.json();
    // Its submitter sees it; visitors once the tool is approved (tests/api/private-uploads.test.ts).
    expect((await call('GET', logoUrl, { cookie })).status).toBe(200);
    expect(logoNames().filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('keeps a logo hidden until its row is committed', async () => {
    const staged = await stageLogo(await logo());
    await makeTool({ status: 'approved', logoUrl: staged.url });
    expect((await call('GET', staged.url)).status).toBe(404);
    await publishUpload(staged);
    expect((await call('GET', staged.url)).status).toBe(200);
  });

  it('removes a logo whose submission died before its commit, once older than the grace age', async () => {
    const staged = await stageLogo(await logo());
    olderThanGrace(join(root(), staged.stagedKey));
    await sweepStagedUploads();
    expect(existsSync(join(root(), staged.stagedKey))).toBe(false);
    expect(existsSync(join(root(), staged.key))).toBe(false);
  });

  it('publishes a logo whose row was committed just before the crash', async () => {
    const staged = await stageLogo(await logo());
    await makeTool({ status: 'approved', logoUrl: staged.url });
    olderThanGrace(join(root(), staged.stagedKey));
    await sweepStagedUploads();
    expect(existsSync(join(root(), staged.stagedKey))).toBe(false);
    expect((await call('GET', staged.url)).status).toBe(200);
  });

  it('leaves alone a logo still being uploaded, and files it did not stage', async () => {
    const inFlight = await stageLogo(await logo());
    await sweepStagedUploads();
    expect(existsSync(join(root(), inFlight.stagedKey))).toBe(true);
    expect(logoNames()).toEqual(expect.arrayContaining(['a.jpg', 'b.webp']));
  });
});

// An uploads folder that cannot be written (read-only, full, or a file in its place) is reported by /healthz and
// answers uploads with 503 and a message, instead of a bare 500. The tests run as root, whom permissions do not stop:
// a file stands in the folder's place, which refuses every write.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Elysia } from 'elysia';
import { healthRoutes } from '../../api/health/routes';
import { MSG } from '../../lib/messages';
import { openUploadStore } from '../../db/upload-store';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';

const dir = process.env.UPLOADS_DIR!;
const aside = `${dir}-aside`;

beforeEach(() => {
  mkdirSync(dir, { recursive: true });
  renameSync(dir, aside);
  writeFileSync(dir, 'not a folder');
});
afterEach(() => {
  rmSync(dir, { force: true });
  renameSync(aside, dir);
});

describe('an uploads folder that cannot be written', () => {
  it('makes /healthz answer 503 naming uploads, and the reason to an admin', async () => {
    const health = new Elysia().use(healthRoutes({ uploads: openUploadStore({ uploadsDir: dir, s3: null }) }));
    const anyone = await health.handle(new Request('http://localhost/healthz'));
    expect(anyone.status).toBe(503);
    expect((await anyone.json()).failing).toContain('uploads');
    const admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
    const body = await (
      await health.handle(new Request('http://localhost/healthz', { headers: { cookie: admin } }))
    ).json();
    expect(body.checks.uploads).toMatch(/^not writable: /);
  });

  it("answers an owner's upload and a submission's logo with 503 and a message", async () => {
    const owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const tool = await makeTool({ status: 'approved', isPremium: true, submittedById: owner.user.id });
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const image = new FormData();
    image.append('image', new File([new Uint8Array(png)], 'shot.png', { type: 'image/png' }));
    image.append('kind', 'screenshot');
    let res = await call('POST', `/api/tools/${tool.id}/images`, { body: image, cookie: owner.cookie });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(MSG.uploadsUnavailable);

    const submission = new FormData();
    submission.append('name', 'Unwritable Tool');
    submission.append('url', `https://unwritable-${crypto.randomUUID().slice(0, 8)}.example.com`);
    submission.append('description', 'A tool submitted while uploads cannot be written.');
    submission.append('tags', 'design');
    submission.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    res = await call('POST', '/api/tools', { body: submission, cookie: owner.cookie });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(MSG.uploadsUnavailable);
  });
});

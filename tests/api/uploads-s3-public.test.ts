// Uploads in a public bucket (S3_PUBLIC_URL set; docs/decisions/0060-uploads-storage-and-backups.md): /uploads/ sends the
// browser to the bucket's own address instead of streaming the object through the server.
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storeToolImage } from '../../api/services/uploads';
import { NO_PASSWORD, makeTool } from '../helpers/admin';
import { call, signedIn } from '../helpers/api';

const s3 = await vi.hoisted(async () => {
  const { startS3 } = await import('../helpers/s3');
  const started = await startS3();
  // s3rver answers anonymous reads at <endpoint>/<bucket>/<key>, as a public bucket or its CDN would.
  Object.assign(process.env, started.env, { S3_PUBLIC_URL: `${started.env.S3_ENDPOINT}/${started.env.S3_BUCKET}/` });
  return started;
});
afterAll(() => s3.stop());

describe('GET /uploads/* with a public bucket', () => {
  it('redirects to the object at the public address, which serves the image with its type', async () => {
    const url = await storeToolImage(
      await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer(),
      1,
    );
    await makeTool({ status: 'approved', coverImage: url });
    const res = await call('GET', url);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toBe(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}${url.replace('/uploads', '')}`);
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
  });

  it('streams an image awaiting review to its uploader, uncached, instead of sending anyone to the public bucket', async () => {
    const owner = await signedIn(NO_PASSWORD);
    const url = await storeToolImage(
      await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer(),
      owner.user.id,
    );
    expect((await call('GET', url)).status).toBe(404);
    const res = await call('GET', url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('still refuses what it never serves, without redirecting', async () => {
    expect((await call('GET', '/uploads/logos/.staged-x.webp')).status).toBe(404);
    expect((await call('GET', '/uploads/logos/page.html')).status).toBe(404);
  });
});

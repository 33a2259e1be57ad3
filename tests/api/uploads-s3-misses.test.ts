// In a bucket each /uploads/ name asked for costs a request to it: a missing key is remembered for a while, so a run of
// random names costs one request each, and a key stored since is never hidden by it (docs/decisions/0067). The bucket
// is s3rver behind a proxy that counts the requests reaching it.
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { uploadStore } from '../../api/services/uploads';
import { call } from '../helpers/api';

const bucket = await vi.hoisted(async () => {
  const { startS3 } = await import('../helpers/s3');
  const s3 = await startS3();
  const upstream = s3.env.S3_ENDPOINT;
  /** Requests that reached the bucket, as 'METHOD /bucket/key'. */
  const seen: string[] = [];
  const proxy = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}`);
      // The Host header is kept: it is part of what the client signed.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const answer = await fetch(`${upstream}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    },
  });
  Object.assign(process.env, s3.env, { S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
  return { s3, proxy, seen };
});
afterAll(async () => {
  bucket.proxy.stop(true);
  await bucket.s3.stop();
});

const asked = (key: string) => bucket.seen.filter((line) => line.endsWith(`/${key}`)).length;

describe('GET /uploads/* of keys the bucket does not hold', () => {
  it('asks the bucket once for a missing key, however often it is requested', async () => {
    for (const key of [
      `tools/${crypto.randomUUID()}.webp`,
      `logos/${crypto.randomUUID()}.webp`,
      `posts/${crypto.randomUUID()}.webp`,
    ]) {
      for (let i = 0; i < 3; i++) expect((await call('GET', `/uploads/${key}`)).status).toBe(404);
      expect(asked(key), key).toBe(1);
    }
  });

  it('serves a key stored after it was found missing', async () => {
    const key = `posts/${crypto.randomUUID()}.webp`;
    expect((await call('GET', `/uploads/${key}`)).status).toBe(404);
    await uploadStore().put(
      key,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer(),
    );
    const res = await call('GET', `/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });
});

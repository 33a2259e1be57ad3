// The static half of the one server: files of the current build, 404 page, legacy redirect, ETags.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../api/services/static-site';

let dist: string;
const get = (path: string, headers: Record<string, string> = {}) =>
  serveStatic(new Request(`http://localhost:4321${path}`, { headers }), dist);

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(dist, '404.html'), '<h1>Page Not Found</h1>');
  mkdirSync(join(dist, 'tool/chatgpt'), { recursive: true });
  writeFileSync(join(dist, 'tool/chatgpt/index.html'), '<h1>ChatGPT</h1>');
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro/app.abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sitemap.xml'), '<urlset/>');
});

describe('serveStatic', () => {
  it('serves pages by folder index with an HTML content type', async () => {
    const res = await get('/tool/chatgpt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('<h1>ChatGPT</h1>');
    expect((await get('/tool/chatgpt/')).status).toBe(200);
  });

  it('gives hashed assets a long immutable cache and pages a revalidating one', async () => {
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/')).headers.get('cache-control')).toContain('must-revalidate');
    expect((await get('/sitemap.xml')).headers.get('content-type')).toContain('xml');
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('answers unknown paths with the built 404 page and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('cannot be walked into a sibling folder whose name starts the same', async () => {
    mkdirSync(`${dist}-builds/old`, { recursive: true });
    writeFileSync(`${dist}-builds/old/index.html`, 'an old build');
    const name = dist.split('/').at(-1);
    expect((await get(`/..%2f${name}-builds%2fold%2findex.html`)).status).toBe(404);
    expect((await get(`/..%5c${name}-builds%5cold%5cindex.html`)).status).toBe(404);
  });

  it('cannot be walked out of the build folder', async () => {
    expect((await get('/..%2f..%2fetc%2fpasswd')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('redirects /tools/{slug} permanently to the canonical /tool/{slug}', async () => {
    const res = await get('/tools/chatgpt');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/tool/chatgpt');
  });
});

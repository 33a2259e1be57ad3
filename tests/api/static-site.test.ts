// The static half of the one server: files of the current build, 404 page, legacy redirect, ETags,
// encodings, cache and security headers, and the swap to a new build.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MANIFEST_FILE,
  finalizeBuildFolder,
  readManifest,
  writeBuildFile,
  type FileEntry,
} from '../../api/publishing/build-files';
import { DEFAULT_CSP, pageSecurityHeaders } from '../../api/plugins/security';
import { SVG_CSP, pageResponse, preparePage, reloadStaticSite, serveStatic } from '../../api/publishing/static-site';

/** A page rendered for this request alone, answered as a kept render is. */
const htmlResponse = (request: Request, ...prepared: Parameters<typeof preparePage>) =>
  pageResponse(request, preparePage(...prepared));

const page = (title: string) =>
  `<!doctype html><title>${title}</title>${'<p>An AI tool for busy teams.</p>'.repeat(100)}`;
const PAGE_CSP = "default-src 'self'; script-src 'self' 'sha256-abc'";

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://localhost:4321${path}`, { headers, method });

async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  // Tests run outside production: no HSTS on plain-HTTP development servers.
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('serveStatic on a folder without a manifest', () => {
  let dist: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    serveStatic(request(path, headers, method), dist);

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
    writeFileSync(join(dist, '404.html'), '<h1>Page Not Found</h1>');
    mkdirSync(join(dist, 'tool/chatgpt'), { recursive: true });
    writeFileSync(join(dist, 'tool/chatgpt/index.html'), '<h1>ChatGPT</h1>');
    mkdirSync(join(dist, 'tool/big'), { recursive: true });
    writeFileSync(join(dist, 'tool/big/index.html'), page('Big'));
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/app.abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sitemap.xml'), '<urlset/>');
  });

  it('serves pages by folder index with an HTML content type', async () => {
    const res = await get('/tool/chatgpt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('<h1>ChatGPT</h1>');
    expect((await get('/tool/chatgpt/')).status).toBe(200);
  });

  it('gives hashed assets a long immutable cache and pages one a shared cache may serve stale while revalidating', async () => {
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const home = (await get('/')).headers.get('cache-control')!;
    expect(home).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(home).not.toContain('must-revalidate');
    expect((await get('/sitemap.xml')).headers.get('content-type')).toContain('xml');
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect((await get('/', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('writes the manifest and the pre-compressed copies the export would have written, and serves them', async () => {
    const res = await get('/tool/big/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(page('Big'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'tool/big/index.html.br'))).toString()).toBe(page('Big'));
    expect((await readManifest(dist))?.get('tool/big/index.html')?.br).toBeGreaterThan(0);
  });

  it('answers unknown paths with the built 404 page, status 404 and no-store', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe(DEFAULT_CSP);
    expectSecurityHeaders(res);
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

  it('redirects /tools/{slug} permanently to the canonical /tool/{slug}, keeping the query', async () => {
    const res = await get('/tools/chatgpt?ref=x');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/tool/chatgpt?ref=x');
    expectSecurityHeaders(res);
  });

  it('answers HEAD with the headers and length of a GET and no body', async () => {
    const res = await get('/tool/chatgpt', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('<h1>ChatGPT</h1>'.length));
    expect(res.body).toBeNull();
  });

  it('refuses other methods with 405', async () => {
    const res = await get('/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expectSecurityHeaders(res);
  });
});

describe('serveStatic on a build with a manifest', () => {
  let dist: string;
  let entries: Map<string, FileEntry>;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    serveStatic(request(path, headers, method), dist);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dist-manifest-'));
    const known = new Map<string, FileEntry>();
    known.set(
      'index.html',
      await writeBuildFile(dist, 'index.html', page('Home'), { 'content-security-policy': PAGE_CSP }),
    );
    known.set(
      'tool/chatgpt/index.html',
      await writeBuildFile(dist, 'tool/chatgpt/index.html', page('ChatGPT'), { 'content-security-policy': PAGE_CSP }),
    );
    known.set(
      '404.html',
      await writeBuildFile(dist, '404.html', page('Page Not Found'), { 'content-security-policy': PAGE_CSP }),
    );
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/app.abc123.js'), `console.log(${'1+'.repeat(2000)}1)`);
    writeFileSync(join(dist, 'legacy.html'), '<p>Legacy page</p>');
    mkdirSync(join(dist, 'logos'));
    writeFileSync(
      join(dist, 'logos/chatgpt.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    entries = await finalizeBuildFolder(dist, known);
  });

  it('serves brotli to a client that takes it, else gzip, else the file, with Vary and the right length', async () => {
    const br = await get('/tool/chatgpt', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const brBytes = await bytesOf(br);
    expect(brBytes.length).toBe(entries.get('tool/chatgpt/index.html')!.br);
    expect(brotliDecompressSync(brBytes).toString()).toBe(page('ChatGPT'));

    const gz = await get('/tool/chatgpt', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).toString()).toBe(page('ChatGPT'));

    const plain = await get('/tool/chatgpt');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(page('ChatGPT'));
  });

  it('respects q=0 and the * coding', async () => {
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers.get('content-encoding')).toBeNull();
    expect((await get('/', { 'accept-encoding': '*' })).headers.get('content-encoding')).toBe('br');
    expect((await get('/', { 'accept-encoding': 'gzip;q=0.5, *;q=0' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/', { 'accept-encoding': 'x-gzip' })).headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the same bytes again once the file is held in memory', async () => {
    const first = await bytesOf(await get('/', { 'accept-encoding': 'br' }));
    await new Promise((r) => setTimeout(r, 20));
    const second = await bytesOf(await get('/', { 'accept-encoding': 'br' }));
    expect(second.equals(first)).toBe(true);
    expect(second.equals(readFileSync(join(dist, 'index.html.br')))).toBe(true);
  });

  it('gives each encoding its own ETag from the content hash, and 304 for any tag the client lists', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const plain = await get('/');
    const hash = entries.get('index.html')!.etag.slice(1, -1);
    expect(plain.headers.get('etag')).toBe(`"${hash}"`);
    expect(br.headers.get('etag')).toBe(`"${hash}-br"`);
    expect(gz.headers.get('etag')).toBe(`"${hash}-gz"`);

    const notModified = await get('/', { 'accept-encoding': 'br', 'if-none-match': `"other", W/"${hash}-br"` });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(`"${hash}-br"`);
    expect(notModified.headers.get('cache-control')).toBe(br.headers.get('cache-control'));
    expect(notModified.headers.get('vary')).toBe('Accept-Encoding');
    expect(notModified.headers.get('content-encoding')).toBeNull();
    expectSecurityHeaders(notModified);

    // A cache holding the gzip copy may keep it even though brotli would be chosen now.
    const cached = await get('/', { 'accept-encoding': 'gzip, br', 'if-none-match': `"${hash}-gz"` });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(`"${hash}-gz"`);
    // ...but not if it no longer takes gzip.
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': `"${hash}-gz"` })).status).toBe(200);
    expect((await get('/', { 'if-none-match': '*' })).status).toBe(304);
    // The identity copy stays valid for a client that takes brotli: it can still be sent as it is.
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': `"${hash}"` })).status).toBe(304);
  });

  it('sends the page CSP from the manifest and the default to an HTML file without one', async () => {
    const res = await get('/tool/chatgpt/');
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expectSecurityHeaders(res);
    const legacy = await get('/legacy');
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('content-security-policy')).toBe(DEFAULT_CSP);
    expect((await get('/_astro/app.abc123.js')).headers.get('content-security-policy')).toBeNull();
  });

  it("serves an SVG (a seeded tool's mark) as an image under a policy that runs nothing in it", async () => {
    const res = await get('/logos/chatgpt.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(SVG_CSP).toContain('sandbox');
    expect(SVG_CSP).not.toContain('script-src');
    expectSecurityHeaders(res);
  });

  it('sets the cache policy by kind of file', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/')).headers.get('cache-control')).toContain('stale-while-revalidate=');
  });

  it('answers with the 404 page for anything not in the manifest: siblings, the manifest, a new file on disk', async () => {
    writeFileSync(join(dist, 'added-later.html'), 'not in the manifest');
    for (const path of ['/nope', '/index.html.br', `/${MANIFEST_FILE}`, '/added-later']) {
      const res = await get(path, { 'accept-encoding': 'gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(gunzipSync(await bytesOf(res)).toString()).toBe(page('Page Not Found'));
    }
  });

  it('answers a HEAD with the length of the chosen encoding', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.headers.get('content-length')).toBe(String(entries.get('index.html')!.gz));
    expect(res.body).toBeNull();
  });
});

describe('serveStatic on a build whose manifest is damaged', () => {
  it('writes a new one: its pages still answer, compressed, but never the manifest or a raw sibling', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-damaged-'));
    const known = new Map([['index.html', await writeBuildFile(dist, 'index.html', page('Home'))]]);
    await writeBuildFile(dist, '404.html', page('Page Not Found'));
    await finalizeBuildFolder(dist, known);
    writeFileSync(join(dist, MANIFEST_FILE), '{"version": 1, "files": [');
    const get = (path: string) => serveStatic(request(path, { 'accept-encoding': 'br' }), dist);
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytesOf(home)).toString()).toBe(page('Home'));
    for (const path of [`/${MANIFEST_FILE}`, '/index.html.br', '/index.html.gz']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(page('Page Not Found'));
    }
    expect([...((await readManifest(dist))?.keys() ?? [])].sort()).toEqual(['404.html', 'index.html']);
  });
});

describe('serveStatic across a swap of the live build', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function build(parent: string, name: string, title: string): Promise<string> {
    const dir = join(parent, name);
    const known = new Map([['index.html', await writeBuildFile(dir, 'index.html', page(title))]]);
    await finalizeBuildFolder(dir, known);
    return dir;
  }

  function swap(link: string, target: string) {
    symlinkSync(target, `${link}.next`);
    renameSync(`${link}.next`, link);
  }

  it('serves the new build as soon as the build says it swapped', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'swap-'));
    const dist = join(parent, 'dist');
    symlinkSync(await build(parent, 'a', 'Build A'), dist);
    expect(await (await serveStatic(request('/'), dist)).text()).toBe(page('Build A'));
    swap(dist, await build(parent, 'b', 'Build B'));
    await reloadStaticSite(dist);
    expect(await (await serveStatic(request('/'), dist)).text()).toBe(page('Build B'));
  });

  it('notices a swap made by another process within a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const parent = mkdtempSync(join(tmpdir(), 'swap-'));
    const dist = join(parent, 'dist');
    symlinkSync(await build(parent, 'a', 'Build A'), dist);
    expect(await (await serveStatic(request('/'), dist)).text()).toBe(page('Build A'));
    swap(dist, await build(parent, 'b', 'Build B'));
    vi.setSystemTime(Date.now() + 1_500);
    expect(await (await serveStatic(request('/'), dist)).text()).toBe(page('Build B'));
  });
});

describe('pageSecurityHeaders', () => {
  it('adds HSTS in production only, and the CSP it is given', () => {
    expect(pageSecurityHeaders({ production: true })['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect(pageSecurityHeaders({ production: false })['strict-transport-security']).toBeUndefined();
    expect(pageSecurityHeaders({ csp: PAGE_CSP })['content-security-policy']).toBe(PAGE_CSP);
    expect(pageSecurityHeaders()['content-security-policy']).toBeUndefined();
  });

  it('keeps scripts to the site and its hashes, and embeds to the video hosts', () => {
    expect(DEFAULT_CSP).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    ]) {
      expect(DEFAULT_CSP).toContain(directive);
    }
  });
});

describe('a page rendered on demand (preparePage, pageResponse)', () => {
  it('answers like the static file of the same page: same ETag, same compressed bytes, same headers', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-render-'));
    const known = new Map([
      [
        'tool/x/index.html',
        await writeBuildFile(dist, 'tool/x/index.html', page('X'), { 'content-security-policy': PAGE_CSP }),
      ],
    ]);
    await finalizeBuildFolder(dist, known);
    for (const encoding of ['br', 'gzip', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const fromFile = await serveStatic(request('/tool/x/', headers), dist);
      const rendered = await htmlResponse(request('/tool/x/', headers), page('X'), {
        status: 200,
        headers: { 'content-security-policy': PAGE_CSP },
      });
      expect(rendered.status).toBe(200);
      for (const name of [
        'etag',
        'content-encoding',
        'content-type',
        'cache-control',
        'vary',
        'content-security-policy',
        'x-frame-options',
      ]) {
        expect(rendered.headers.get(name), `${encoding} ${name}`).toBe(fromFile.headers.get(name));
      }
      expect((await bytesOf(rendered)).equals(await bytesOf(fromFile)), encoding).toBe(true);
    }
  });

  it('answers 304 to a cache holding another encoding the client still takes, as its static file does', async () => {
    const plain = await htmlResponse(request('/tool/w/'), page('W'));
    const hash = plain.headers.get('etag')!.slice(1, -1);
    const headers = (ifNoneMatch: string, acceptEncoding = 'gzip, br') => ({
      'accept-encoding': acceptEncoding,
      'if-none-match': ifNoneMatch,
    });
    const cached = await htmlResponse(request('/tool/w/', headers(`"${hash}-gz"`)), page('W'));
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(`"${hash}-gz"`);
    expect(cached.headers.get('content-type')).toBeNull();
    expect((await htmlResponse(request('/tool/w/', headers(`"${hash}-gz"`, 'br')), page('W'))).status).toBe(200);
    expect((await htmlResponse(request('/tool/w/', headers('*')), page('W'))).status).toBe(304);
  });

  it('answers a HEAD with the length of the chosen encoding and no body', async () => {
    const get = await htmlResponse(request('/tool/v/', { 'accept-encoding': 'gzip' }), page('V'));
    const head = await htmlResponse(request('/tool/v/', { 'accept-encoding': 'gzip' }, 'HEAD'), page('V'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('content-length')).toBe(String((await bytesOf(get)).length));
    expect(head.body).toBeNull();
  });

  it('answers 304 to a matching If-None-Match and keeps 404s out of every cache', async () => {
    const first = await htmlResponse(request('/tool/y/', { 'accept-encoding': 'br' }), page('Y'));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/-br"$/);
    expect(first.headers.get('content-security-policy')).toBe(DEFAULT_CSP);
    const again = await htmlResponse(
      request('/tool/y/', { 'accept-encoding': 'br', 'if-none-match': etag }),
      page('Y'),
    );
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const missing = await htmlResponse(request('/tool/z/'), page('Tool Not Found'), { status: 404 });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('etag')).toBeNull();
    expectSecurityHeaders(missing);
  });
});

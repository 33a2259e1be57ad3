// What a build writes for the server: hashed entries, pre-compressed siblings, reuse by hard link, the manifest.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { tagHeaders, toolTag, TOOLS_TAG } from '../../lib/cache-tags';
import {
  MANIFEST_FILE,
  finalizeBuildFolder,
  readManifest,
  reuseBuildFile,
  writeBuildFile,
  writeManifest,
  type FileEntry,
} from '../../api/publishing/build-files';

/** A page big enough to be worth compressing. */
const page = (title: string) =>
  `<!doctype html><title>${title}</title>${'<p>An AI tool for busy teams.</p>'.repeat(100)}`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-files-'));
});

describe('writeBuildFile', () => {
  it('writes the file with brotli and gzip siblings that decode to it', async () => {
    const html = page('ChatGPT');
    const entry = await writeBuildFile(dir, 'tool/chatgpt/index.html', html, {
      'content-security-policy': "script-src 'self'",
    });
    expect(readFileSync(join(dir, 'tool/chatgpt/index.html'), 'utf8')).toBe(html);
    expect(brotliDecompressSync(readFileSync(join(dir, 'tool/chatgpt/index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, 'tool/chatgpt/index.html.gz'))).toString()).toBe(html);
    expect(entry).toMatchObject({
      type: 'text/html; charset=utf-8',
      size: Buffer.byteLength(html),
      br: statSync(join(dir, 'tool/chatgpt/index.html.br')).size,
      gz: statSync(join(dir, 'tool/chatgpt/index.html.gz')).size,
      headers: { 'content-security-policy': "script-src 'self'" },
    });
    expect(entry.br!).toBeLessThan(entry.size / 4);
    expect(entry.etag).toMatch(/^"[\w-]{16}"$/);
  });

  it('derives the ETag from the bytes alone', async () => {
    const a = await writeBuildFile(dir, 'a.html', page('Same'));
    const b = await writeBuildFile(dir, 'b/index.html', page('Same'));
    const c = await writeBuildFile(dir, 'c.html', page('Other'));
    expect(a.etag).toBe(b.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  it('leaves small files, images and fonts uncompressed', async () => {
    const small = await writeBuildFile(dir, 'robots.txt', 'User-agent: *\nAllow: /\n');
    const png = await writeBuildFile(dir, 'logo.png', new Uint8Array(4096).fill(7));
    const font = await writeBuildFile(dir, 'fonts/inter.woff2', new Uint8Array(4096).fill(7));
    for (const [entry, path] of [
      [small, 'robots.txt'],
      [png, 'logo.png'],
      [font, 'fonts/inter.woff2'],
    ] as const) {
      expect(entry.br).toBeUndefined();
      expect(entry.gz).toBeUndefined();
      expect(existsSync(join(dir, `${path}.br`))).toBe(false);
    }
    expect(small.type).toBe('text/plain; charset=utf-8');
    expect(png.type).toBe('image/png');
  });

  it('compresses scripts, styles, JSON, XML and SVG', async () => {
    for (const name of ['_astro/app.abc.js', '_astro/base.abc.css', 'data/feed.json', 'sitemap.xml', 'favicon.svg']) {
      const entry = await writeBuildFile(dir, name, `/* ${name} */ ${'abcdefgh '.repeat(300)}`);
      expect(entry.br, name).toBeGreaterThan(0);
      expect(entry.gz, name).toBeGreaterThan(0);
    }
  });
});

describe('content types', () => {
  // The exact header values the server sends for each kind of file: the charset spelled '; charset=utf-8' on text,
  // JSON and XML; siblings only for the types that shrink.
  it.each([
    ['index.html', 'text/html; charset=utf-8', true],
    ['old.htm', 'text/html; charset=utf-8', true],
    ['_astro/base.css', 'text/css; charset=utf-8', true],
    ['_astro/app.js', 'text/javascript; charset=utf-8', true],
    ['_astro/chunk.mjs', 'text/javascript; charset=utf-8', true],
    ['_astro/app.js.map', 'application/json; charset=utf-8', true],
    ['data.json', 'application/json; charset=utf-8', true],
    ['tools/feed.json', 'application/feed+json; charset=utf-8', true],
    ['feed.json', 'application/feed+json; charset=utf-8', true],
    ['sitemap.xml', 'application/xml; charset=utf-8', true],
    ['robots.txt', 'text/plain; charset=utf-8', true],
    ['tool/chatgpt.md', 'text/markdown; charset=utf-8', true],
    ['favicon.svg', 'image/svg+xml', true],
    ['site.webmanifest', 'application/manifest+json', true],
    ['LOGO.PNG', 'image/png', false],
    ['photo.jpg', 'image/jpeg', false],
    ['photo.jpeg', 'image/jpeg', false],
    ['anim.gif', 'image/gif', false],
    ['shot.webp', 'image/webp', false],
    ['shot.avif', 'image/avif', false],
    ['favicon.ico', 'image/x-icon', false],
    ['fonts/inter.woff', 'font/woff', false],
    ['fonts/inter.woff2', 'font/woff2', false],
    ['app.wasm', 'application/wasm', false],
    ['guide.pdf', 'application/pdf', false],
    // Beyond the types above, the type is Bun's for the name and its compression follows the type.
    ['fonts/inter.ttf', 'font/ttf', false],
    ['data/tools.csv', 'text/csv; charset=utf-8', true],
    ['chunk.pf_fragment', 'application/octet-stream', false],
    ['LICENSE', 'application/octet-stream', false],
  ])('%s is %s (compressed: %s)', async (name, type, compressed) => {
    const entry = await writeBuildFile(dir, name, 'abcdefgh '.repeat(300));
    expect(entry.type).toBe(type);
    expect(entry.br !== undefined && entry.gz !== undefined).toBe(compressed);
    expect(existsSync(join(dir, `${name}.br`))).toBe(compressed);
  });
});

describe('reuseBuildFile', () => {
  it('links the file and its siblings into the new build, and a later write there leaves the old build alone', async () => {
    const old = join(dir, 'old');
    const next = join(dir, 'next');
    const entry = await writeBuildFile(old, 'tool/x/index.html', page('X'));
    await reuseBuildFile(old, next, 'tool/x/index.html', entry);
    for (const suffix of ['', '.br', '.gz']) {
      expect(statSync(join(next, `tool/x/index.html${suffix}`)).ino).toBe(
        statSync(join(old, `tool/x/index.html${suffix}`)).ino,
      );
    }
    await writeBuildFile(next, 'tool/x/index.html', page('X changed'));
    expect(readFileSync(join(old, 'tool/x/index.html'), 'utf8')).toBe(page('X'));
    expect(brotliDecompressSync(readFileSync(join(old, 'tool/x/index.html.br'))).toString()).toBe(page('X'));
  });
});

describe('the manifest', () => {
  it('reads back what was written, storing a repeated header set once', async () => {
    const csp = "default-src 'self'; script-src 'self' 'sha256-abc'";
    const entries = new Map<string, FileEntry>();
    for (let i = 0; i < 50; i++)
      entries.set(
        `tool/t${i}/index.html`,
        await writeBuildFile(dir, `tool/t${i}/index.html`, page(`T${i}`), { 'content-security-policy': csp }),
      );
    entries.set('logo.png', await writeBuildFile(dir, 'logo.png', new Uint8Array(10)));
    await writeManifest(dir, entries);
    expect(await readManifest(dir)).toEqual(entries);
    const text = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
    expect(text.split('sha256-abc').length - 1).toBe(1);
    expect(text.split('text/html').length - 1).toBe(1);
  });

  it("stores the CSP once when every page carries its own tags, and reads each page's tags back", async () => {
    // Every page's tags differ (its own tool), so a header set holding the tags made one copy of the CSP per page: at
    // 200,000 pages a manifest of about 160 MB, read by every export worker and at every swap.
    const csp = "default-src 'self'; script-src 'self' 'sha256-abc'";
    const entries = new Map<string, FileEntry>();
    for (let i = 0; i < 50; i++) {
      const tags = tagHeaders([toolTag(`t${i}`), TOOLS_TAG]);
      const headers = { 'content-security-policy': csp, ...tags };
      entries.set(`tool/t${i}/index.html`, await writeBuildFile(dir, `tool/t${i}/index.html`, page(`T${i}`), headers));
    }
    await writeManifest(dir, entries);
    expect(await readManifest(dir)).toEqual(entries);
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8').split('sha256-abc').length - 1).toBe(1);
  });

  it('reads a manifest of the previous version, whose header sets hold the tags', async () => {
    const headers = { 'content-security-policy': "default-src 'self'", ...tagHeaders([toolTag('x')]) };
    const text = JSON.stringify({
      version: 1,
      types: ['text/html; charset=utf-8'],
      headers: [headers],
      files: [['tool/x/index.html', 'abc', 0, 10, -1, -1, 0]],
    });
    writeFileSync(join(dir, MANIFEST_FILE), text);
    expect((await readManifest(dir))?.get('tool/x/index.html')).toEqual({
      etag: '"abc"',
      type: 'text/html; charset=utf-8',
      size: 10,
      headers,
    });
  });

  it('is null for a folder without one', async () => {
    expect(await readManifest(dir)).toBeNull();
  });

  it.each([
    ['not JSON', '{"version":1,"types":['],
    ['another version', JSON.stringify({ version: 3, types: [], headers: [], files: [] })],
    [
      'a row missing its fields',
      JSON.stringify({ version: 1, types: ['text/html'], headers: [], files: [['tool/x/index.html']] }),
    ],
    [
      'a row naming a type it lacks',
      JSON.stringify({ version: 1, types: [], headers: [], files: [['a.html', 'h', 0, 1, -1, -1, -1]] }),
    ],
  ])('is null, as if absent, for one that is %s', async (_name, text) => {
    writeFileSync(join(dir, MANIFEST_FILE), text);
    expect(await readManifest(dir)).toBeNull();
  });
});

describe('finalizeBuildFolder', () => {
  it('describes every file it was not told about, skips siblings, and writes the manifest', async () => {
    const known = new Map<string, FileEntry>([
      [
        'tool/x/index.html',
        await writeBuildFile(dir, 'tool/x/index.html', page('X'), { 'content-security-policy': 'x' }),
      ],
    ]);
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro/app.abc.js'), `console.log(${'1+'.repeat(2000)}1)`);
    mkdirSync(join(dir, 'fonts'));
    writeFileSync(join(dir, 'fonts/inter.woff2'), new Uint8Array(2048));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
    const entries = await finalizeBuildFolder(dir, known);
    expect([...entries.keys()].sort()).toEqual([
      '_astro/app.abc.js',
      'fonts/inter.woff2',
      'robots.txt',
      'tool/x/index.html',
    ]);
    expect(entries.get('tool/x/index.html')).toBe(known.get('tool/x/index.html'));
    expect(entries.get('_astro/app.abc.js')!.br).toBeGreaterThan(0);
    expect(existsSync(join(dir, '_astro/app.abc.js.br'))).toBe(true);
    expect(entries.get('fonts/inter.woff2')!.gz).toBeUndefined();
    expect(await readManifest(dir)).toEqual(entries);
  });

  it('links the previous build siblings of a file whose bytes did not change instead of compressing it again', async () => {
    const old = join(dir, 'old');
    const next = join(dir, 'next');
    const script = `export const x = ${'"chunk" + '.repeat(300)}1;`;
    for (const d of [old, next]) {
      mkdirSync(join(d, '_astro'), { recursive: true });
      writeFileSync(join(d, '_astro/app.js'), script);
      writeFileSync(join(d, 'feed.json'), JSON.stringify({ count: d === old ? 1 : 2, pad: 'x'.repeat(2000) }));
    }
    await finalizeBuildFolder(old, new Map());
    const entries = await finalizeBuildFolder(next, new Map(), { previous: old });
    expect(statSync(join(next, '_astro/app.js.br')).ino).toBe(statSync(join(old, '_astro/app.js.br')).ino);
    expect(statSync(join(next, 'feed.json.br')).ino).not.toBe(statSync(join(old, 'feed.json.br')).ino);
    expect(entries.get('_astro/app.js')!.br).toBe(statSync(join(next, '_astro/app.js.br')).size);
  });
});

// Prints the JavaScript each built page ships (raw and gzip bytes), following static imports and
// the islands' component and renderer scripts; lazy `import()` chunks and client:visible islands
// (loaded only when shown) are not counted.
// Usage: bun bench/page-weight.ts [distDir]   (build first: npm run build)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build at ${dist}: run npm run build first.`);
  process.exit(1);
}

function firstPageUnder(dir: string): string | null {
  const root = join(dist, dir);
  if (!existsSync(root)) return null;
  for (const name of readdirSync(root).sort()) {
    const page = join(root, name, 'index.html');
    if (statSync(join(root, name)).isDirectory() && existsSync(page)) return `/${dir}/${name}`;
  }
  return null;
}

const pages = ['/', '/directory', firstPageUnder('tool'), '/blog', firstPageUnder('blog'), '/pricing', '/terms', '/about', '/auth', '/dashboard', '/submit', '/admin'].filter(
  (p): p is string => Boolean(p),
);

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

/** The script URLs a page loads at once. */
function entryScripts(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  // Islands hydrated on load or idle count; client:visible ones load only when shown.
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\bclient="visible"/.test(island[0])) continue;
    for (const m of island[0].matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(m[1]);
  }
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  for (const code of inline) for (const m of code.matchAll(STATIC_IMPORT)) if (m[1].startsWith('/')) urls.add(m[1]);
  return { urls: [...urls], inline };
}

function closure(urls: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url) || !url.startsWith('/')) continue;
    const file = join(dist, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      queue.push(m[1].startsWith('/') ? m[1] : resolve(dirname(url), m[1]));
    }
  }
  return seen;
}

console.log(`JavaScript per page in ${dist} (static imports followed; lazy chunks excluded)\n`);
console.log('page'.padEnd(44) + 'files'.padStart(6) + 'raw KB'.padStart(10) + 'gzip KB'.padStart(10));
for (const page of pages) {
  const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
  const { urls, inline } = entryScripts(html);
  const files = closure(urls);
  let raw = 0;
  let gz = 0;
  for (const url of files) {
    const code = readFileSync(join(dist, url));
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
  }
  for (const code of inline) {
    raw += Buffer.byteLength(code);
    gz += gzipSync(code, { level: 9 }).length;
  }
  console.log(page.padEnd(44) + String(files.size + inline.length).padStart(6) + (raw / 1024).toFixed(1).padStart(10) + (gz / 1024).toFixed(1).padStart(10));
}

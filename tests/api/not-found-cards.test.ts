// The 404 page says what was not found, chosen by the server from the path (no script needed): 'Tool Not Found' under
// /tool/ and /tools/, 'Post Not Found' under /blog/, 'Page Not Found' elsewhere; always status 404. The page renders
// each card itself, and the export writes each (lib/routes.ts NOT_FOUND_PAGES): the server only picks the file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { renderPage } from '../../api/publishing/page-renderer';
import { serveNotFound, serveStatic } from '../../api/publishing/static-site';
import { NOT_FOUND } from '../../lib/messages';
import { NOT_FOUND_PAGES } from '../../lib/routes';

let dist: string;

async function render(path: string): Promise<{ status: number; html: string }> {
  const page = (await renderPage(path, { appDir: config.appDir, siteUrl: config.siteUrl }))!;
  return { status: page.status, html: await page.text() };
}

beforeAll(async () => {
  // The 404 files as the export writes them.
  dist = mkdtempSync(join(tmpdir(), 'dist-404-'));
  for (const { path, file } of Object.values(NOT_FOUND_PAGES))
    writeFileSync(join(dist, file), (await render(path)).html);
  writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
});

/** The heading of the card a browser without JavaScript shows, and the page's title. */
function shownCard(html: string): { heading: string | undefined; title: string | undefined } {
  const visible = [...html.matchAll(/<div[^>]*data-not-found="(\w+)"[^>]*>/g)].filter(
    ([tag]) => !/\shidden(=|\s|>)/.test(tag),
  );
  expect(visible).toHaveLength(1);
  const kind = visible[0][1];
  const heading = new RegExp(`data-not-found="${kind}"[\\s\\S]*?<h1[^>]*>([^<]*)</h1>`).exec(html)?.[1];
  return { heading, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] };
}

const get = (path: string, method = 'GET') =>
  serveStatic(new Request(`http://localhost:4321${path}`, { method }), dist);

describe('the 404 page', () => {
  it.each([
    ['/404', NOT_FOUND.page],
    ['/404?card=tool', NOT_FOUND.tool],
    ['/404?card=post', NOT_FOUND.post],
    ['/404?card=other', NOT_FOUND.page],
  ])('rendered at %s shows %s, in its title too, with status 404', async (path, heading) => {
    const page = await render(path);
    expect(page.status).toBe(404);
    const shown = shownCard(page.html);
    expect(shown.heading).toBe(heading);
    expect(shown.title?.startsWith(heading)).toBe(true);
  });
});

describe('the 404 page picked by path', () => {
  it.each([
    ['/tool/no-such-tool', NOT_FOUND.tool],
    ['/tools/no-such-tool/extra', NOT_FOUND.tool],
    ['/blog/no-such-post', NOT_FOUND.post],
    ['/no-such-page', NOT_FOUND.page],
    ['/blog', NOT_FOUND.page],
  ])('%s shows %s with status 404', async (path, heading) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shown = shownCard(await res.text());
    expect(shown.heading).toBe(heading);
    expect(shown.title?.startsWith(heading)).toBe(true);
  });

  it('answers a HEAD without a body, and a tool that stopped being public with the tool card', async () => {
    const head = await get('/tool/gone', 'HEAD');
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
    const gone = await serveNotFound(new Request('http://localhost:4321/tool/gone'), dist);
    expect(gone.status).toBe(404);
    expect(shownCard(await gone.text()).heading).toBe(NOT_FOUND.tool);
  });

  it('answers a build without the cards (older code wrote it) with its 404.html as it is, never rewritten', async () => {
    const old = mkdtempSync(join(tmpdir(), 'dist-404-old-'));
    const plain = readFileSync(join(dist, NOT_FOUND_PAGES.page.file), 'utf8');
    writeFileSync(join(old, NOT_FOUND_PAGES.page.file), plain);
    const res = await serveStatic(new Request('http://localhost:4321/tool/no-such-tool'), old);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(plain);
  });
});

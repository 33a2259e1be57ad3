// The incremental export renders again exactly the pages carrying a tag that a rebuild request since the previous
// build named, and links every other page from it, the fixed pages included (docs/decisions/0079). A page of other
// code, or of a server build that does not say what it was made from, is rendered again.
import { readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { rebuildJobs } from '../../db/schema';
import { readManifest } from '../../api/publishing/build-files';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { buildSite } from '../../api/publishing/site-build';
import { SURROGATE_KEY, tagsOfHeader, toolTag } from '../../lib/cache-tags';
import { routeOf } from '../../lib/routes';
import { call, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';

// This file's own server build folder: the shared build's files, linked, and its own record of what it was made from
// (changed below to stand for other code).
const { dist, inputsFile } = vi.hoisted(() => {
  const fs = require('node:fs') as typeof import('node:fs');
  const root = fs.mkdtempSync(`${require('node:os').tmpdir()}/export-tags-`);
  const shared = process.env.APP_DIR!;
  const app = `${root}/app`;
  fs.mkdirSync(app);
  for (const name of ['server', 'client', 'node_modules']) fs.symlinkSync(`${shared}/${name}`, `${app}/${name}`, 'dir');
  fs.copyFileSync(`${shared}/.inputs`, `${app}/.inputs`);
  process.env.APP_DIR = app;
  process.env.DIST_DIR = `${root}/dist`;
  return { dist: `${root}/dist`, inputsFile: `${app}/.inputs` };
});

/** Each page of the live build (its manifest's entries with tags) with its tags and its file's inode. */
async function livePages(): Promise<{ folder: string; pages: Map<string, { tags: string[]; ino: number }> }> {
  const folder = realpathSync(dist);
  const pages = new Map<string, { tags: string[]; ino: number }>();
  for (const [file, entry] of (await readManifest(folder)) ?? []) {
    const tags = tagsOfHeader(entry.headers?.[SURROGATE_KEY]);
    if (tags.length > 0) pages.set(file, { tags, ino: statSync(join(folder, file)).ino });
  }
  return { folder, pages };
}

/** The live build's page files that carry any of `tags`, sorted. */
async function pagesCarrying(tags: readonly string[]): Promise<string[]> {
  const { pages } = await livePages();
  return [...pages]
    .filter(([, page]) => page.tags.some((tag) => tags.includes(tag)))
    .map(([file]) => file)
    .sort();
}

/** Builds the site; the files of the pages rendered again (a new file, not a link to the previous build's). */
async function rebuild(): Promise<{ rendered: string[]; reused: string[]; kinds: Record<string, number> }> {
  const before = await livePages();
  const result = await buildSite(dist);
  if (!result.ok || !result.stats) throw new Error(result.log);
  const after = await livePages();
  expect(after.folder).not.toBe(before.folder);
  const rendered: string[] = [];
  const reused: string[] = [];
  for (const [file, page] of after.pages) (before.pages.get(file)?.ino === page.ino ? reused : rendered).push(file);
  expect(result.stats.rendered).toBe(rendered.length);
  expect(result.stats.reused).toBe(reused.length);
  const { kinds } = JSON.parse(result.log.trim().split('\n').at(-1)!) as { kinds: Record<string, number> };
  return { rendered: rendered.sort(), reused, kinds };
}

/** The route kinds of page files (tool/x/index.html → tool), counted. */
function kindsOf(files: string[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const file of files) {
    const kind = routeOf(`/${file.replace(/(^|\/)index\.html$/, '').replace(/^404\.html$/, '404')}`)!.kind;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

let admin: string;
let ant: number;

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  ant = (await makeTool({ status: 'approved', name: 'Alpha Ant', slug: 'alpha-ant', tags: ['design'] })).id;
  // Four better-scored design tools: each one's top three alternatives are the other three, not Alpha Ant.
  for (const slug of ['delta-dog', 'echo-eel', 'fox-fly', 'gull-gnat'])
    await makeTool({ status: 'approved', name: slug, slug, tags: ['design'], qualityScore: 9 });
  await makeTool({ status: 'approved', name: 'Beta Bee', slug: 'beta-bee', tags: ['marketing'] });
  await makeTool({ status: 'approved', name: 'Gamma Gnu', slug: 'gamma-gnu', tags: ['marketing'] });
  const first = await buildSite(dist);
  if (!first.ok) throw new Error(first.log);
}, 90_000);

describe('the incremental export', () => {
  it("after an edit renders again exactly the pages carrying the edit's tags, and links the rest", async () => {
    const edit = await call('PATCH', `/api/admin/tools/${ant}`, {
      cookie: admin,
      body: { description: 'Counts the ants in any picnic photo.' },
    });
    expect(edit.status).toBe(200);
    const [job] = await db.select().from(rebuildJobs).orderBy(desc(rebuildJobs.id)).limit(1);
    expect(job.tags).toContain(toolTag('alpha-ant'));
    const carrying = await pagesCarrying(job.tags);

    const { rendered, reused, kinds } = await rebuild();
    expect(rendered).toEqual(carrying);
    expect(rendered).toEqual(expect.arrayContaining(['tool/alpha-ant/index.html', 'tool/alpha-ant.md']));
    // Pages that read none of it are linked, the fixed ones too.
    expect(reused).toEqual(
      expect.arrayContaining(['tool/beta-bee/index.html', 'about/index.html', '404.html', '404-tool.html']),
    );
    expect(readFileSync(join(dist, 'tool/alpha-ant/index.html'), 'utf8')).toContain('Counts the ants');
    expect(kinds).toEqual(kindsOf(rendered));
  }, 60_000);

  it("renders again a category's other tool pages only when an edit can move the tool in its lists", async () => {
    // A new description shows on the category page that lists the tool, not in any ranking.
    await call('PATCH', `/api/admin/tools/${ant}`, { cookie: admin, body: { description: 'Finds every ant.' } });
    let { rendered } = await rebuild();
    expect(rendered).toEqual(expect.arrayContaining(['tool/alpha-ant/index.html', 'category/design/index.html']));
    expect(rendered).not.toContain('tool/delta-dog/index.html');
    // A new score moves it in the design pool that Delta Dog's alternatives are ranked from (into its top three).
    await call('PATCH', `/api/admin/tools/${ant}`, { cookie: admin, body: { qualityScore: 10 } });
    ({ rendered } = await rebuild());
    expect(rendered).toEqual(expect.arrayContaining(['tool/alpha-ant/index.html', 'tool/delta-dog/index.html']));
    // A new design tool ranked below Delta Dog's three: its pool changed, what its page shows did not.
    const hyena = await makeTool({ status: 'pending', name: 'Hyena', slug: 'hyena', tags: ['design'] });
    const approve = await call('POST', `/api/admin/tools/${hyena.id}/approve`, {
      cookie: admin,
      body: { curatorTake: 'Laughs at your drafts.', qualityScore: 1 },
    });
    expect(approve.status).toBe(200);
    ({ rendered } = await rebuild());
    expect(rendered).toContain('tool/hyena/index.html');
    expect(rendered).not.toContain('tool/delta-dog/index.html');
  }, 90_000);

  it('renders again a page whose data did not change when a rebuild request names its tag', async () => {
    await requestRebuild('a test names the tool', db, [toolTag('beta-bee')]);
    const carrying = await pagesCarrying([toolTag('beta-bee')]);
    const { rendered } = await rebuild();
    expect(rendered).toEqual(carrying);
    expect(rendered).toEqual(expect.arrayContaining(['tool/beta-bee/index.html', 'tool/beta-bee.md']));
    expect(rendered).not.toContain('tool/alpha-ant/index.html');
  }, 60_000);

  it('renders every page when a request names no tags (what it touched is unknown)', async () => {
    await requestRebuild('a change that names nothing', db);
    const { reused } = await rebuild();
    expect(reused).toEqual([]);
  }, 60_000);

  it('renders every page when the server build is of other code, or does not say what it was made from', async () => {
    writeFileSync(inputsFile, 'other code');
    expect((await rebuild()).reused).toEqual([]);
    expect((await rebuild()).rendered).toEqual([]);
    rmSync(inputsFile);
    expect((await rebuild()).reused).toEqual([]);
  }, 120_000);
});

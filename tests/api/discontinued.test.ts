// Discontinued tools: an admin marks a tool discontinued (or brings it back); its page stays and says so, it leaves the
// directory, search, the feeds and the API's lists unless the visitor asks for it, and /graveyard lists it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tool, User } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { db } from '../../db/client';
import { toolPage } from '../../db/queries/pages';
import { editorialReviews } from '../../db/schema';
import { REVIEW_DUE_DAYS } from '../../lib/constants';
import { buildSite } from '../../api/publishing/site-build';
import { LISTING_MSG } from '../../lib/listing-messages';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, emailsTo, makeTool, rebuildsFor, reloadTool } from '../helpers/admin';
import { parseRss, readSitemap } from '../helpers/xml';

const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/discontinued-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

let staff: { user: User; cookie: string };
let admin: { user: User; cookie: string };

beforeAll(async () => {
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
});

const post = (path: string, body?: unknown, cookie = admin.cookie) => call('POST', path, { body, cookie });
const discontinue = (tool: Pick<Tool, 'id'>, body: unknown = { reason: 'The company shut down.' }) =>
  post(`/api/admin/tools/${tool.id}/discontinue`, body);
const revive = (tool: Pick<Tool, 'id'>) => post(`/api/admin/tools/${tool.id}/revive`);

describe('POST /api/admin/tools/:id/discontinue and /revive', () => {
  it('marks an approved tool discontinued with its date, reason and a Wayback Machine address, e-mailing and auditing it', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({
      status: 'approved',
      submittedById: owner.id,
      url: 'https://gone-writer.example.com/app',
    });
    const res = await discontinue(tool, { reason: '  The company shut down in March.  ', date: '2026-03-14' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: tool.id, status: 'discontinued' });
    expect(await reloadTool(tool.id)).toMatchObject({
      status: 'discontinued',
      discontinuedAt: new Date('2026-03-14T00:00:00Z'),
      discontinuedReason: 'The company shut down in March.',
      archiveUrl: 'https://web.archive.org/web/20260314/https://gone-writer.example.com/app',
    });
    const [mail] = await emailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'tool-discontinued', subject: `${tool.name} is now marked discontinued` });
    expect(mail.text).toContain('The company shut down in March.');
    expect(mail.text).toContain(`/tool/${tool.slug}`);
    expect(await rebuildsFor(`tool discontinued: ${tool.slug}`)).toHaveLength(1);
    const [row] = await auditOf('tool', tool.id);
    expect(row).toMatchObject({
      action: 'tool.discontinue',
      actorId: admin.user.id,
      before: { status: 'approved' },
      after: { status: 'discontinued', discontinuedReason: 'The company shut down in March.' },
    });
  });

  it('dates it today when no date is given, and discontinues an unlisted tool too', async () => {
    const tool = await makeTool({ status: 'unlisted', url: 'https://quiet.example.com' });
    const before = Date.now();
    expect((await discontinue(tool)).status).toBe(200);
    const row = await reloadTool(tool.id);
    expect(row?.status).toBe('discontinued');
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    expect([day(before), day(Date.now())]).toContain(day(row!.discontinuedAt!.getTime()));
    expect(row?.archiveUrl).toBe(
      `https://web.archive.org/web/${day(row!.discontinuedAt!.getTime()).replaceAll('-', '')}/https://quiet.example.com`,
    );
  });

  it('brings a discontinued tool back: approved again, the marks cleared, e-mailed and audited', async () => {
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: owner.id });
    await discontinue(tool, { reason: 'Shut down.', date: '2026-01-02' });
    const res = await revive(tool);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved' });
    expect(await reloadTool(tool.id)).toMatchObject({
      status: 'approved',
      discontinuedAt: null,
      discontinuedReason: null,
      archiveUrl: null,
    });
    const [mail] = await emailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'tool-revived', subject: `${tool.name} is listed in the directory again` });
    expect(await rebuildsFor(`tool revived: ${tool.slug}`)).toHaveLength(1);
    const [row] = await auditOf('tool', tool.id);
    // The audit keeps when and why it had been discontinued.
    expect(row).toMatchObject({
      action: 'tool.revive',
      before: { status: 'discontinued', discontinuedReason: 'Shut down.' },
      after: { status: 'approved' },
    });
    expect(row.before).toHaveProperty('discontinuedAt');
  });

  it('is for admins only: staff get 403, the signed-out 401, and nothing changes', async () => {
    const tool = await makeTool({ status: 'approved' });
    expect((await discontinue(tool, { reason: 'x' })).status).toBe(200);
    const other = await makeTool({ status: 'approved' });
    const refused = await post(`/api/admin/tools/${other.id}/discontinue`, { reason: 'Gone' }, staff.cookie);
    expect(refused.status).toBe(403);
    expect((await post(`/api/admin/tools/${tool.id}/revive`, undefined, staff.cookie)).status).toBe(403);
    expect((await call('POST', `/api/admin/tools/${other.id}/discontinue`, { body: { reason: 'Gone' } })).status).toBe(
      401,
    );
    expect(await reloadTool(other.id)).toMatchObject({ status: 'approved', discontinuedAt: null });
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'discontinued' });
  });

  it('requires a reason and a real past day, changing nothing otherwise', async () => {
    const tool = await makeTool({ status: 'approved' });
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 7 }]) {
      const res = await post(`/api/admin/tools/${tool.id}/discontinue`, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(LISTING_MSG.discontinueReasonRequired);
    }
    for (const date of ['2026-02-30', '14/03/2026', '2026-3-1', 20260314]) {
      const res = await discontinue(tool, { reason: 'Gone', date });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(LISTING_MSG.discontinueDateInvalid);
    }
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await discontinue(tool, { reason: 'Gone', date: future });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.discontinueDateFuture);
    expect(await reloadTool(tool.id)).toMatchObject({ status: 'approved', discontinuedReason: null });
    expect(await auditOf('tool', tool.id)).toEqual([]);
  });

  it('answers 409 from pending, rejected or already discontinued, 409 reviving a tool that is not discontinued, 404 for none', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const tool = await makeTool({ status });
      const res = await discontinue(tool);
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(LISTING_MSG.onlyListedDiscontinued);
      expect((await reloadTool(tool.id))?.status).toBe(status);
    }
    const gone = await makeTool({ status: 'approved' });
    await discontinue(gone);
    expect((await discontinue(gone)).status).toBe(409);
    const live = await makeTool({ status: 'approved' });
    const res = await revive(live);
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(LISTING_MSG.onlyDiscontinuedRevived);
    expect((await discontinue({ id: 987654 })).status).toBe(404);
    expect((await revive({ id: 987654 })).status).toBe(404);
  });

  it('lists a discontinued tool on the approved side with its status (the answer keeps its shape)', async () => {
    const tool = await makeTool({ status: 'approved' });
    await discontinue(tool);
    const list = (await (await call('GET', '/api/admin/tools/approved', { cookie: admin.cookie })).json()) as {
      id: number;
      status: string;
    }[];
    expect(list.find((t) => t.id === tool.id)?.status).toBe('discontinued');
  });

  it('is still edited and reviewed by the staff, each change reaching its page (which stays public)', async () => {
    const tool = await makeTool({ status: 'approved' });
    await discontinue(tool);
    const edit = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      cookie: staff.cookie,
      body: { description: 'It drafted campaign copy until it closed.' },
    });
    expect(edit.status).toBe(200);
    expect(await rebuildsFor(`tool edited: ${tool.slug}`)).toHaveLength(1);
    const review = await post(`/api/admin/tools/${tool.id}/review`, { curatorTake: 'A last look.', qualityScore: 6 });
    expect(review.status).toBe(200);
    expect(await rebuildsFor(`tool reviewed: ${tool.slug}`)).toHaveLength(1);
  });

  it('keeps holding its address: a new submission of the same URL is refused', async () => {
    const tool = await makeTool({ status: 'approved', url: 'https://held-address.example.com' });
    await discontinue(tool);
    const other = await makeTool({ status: 'approved' });
    const res = await call('PATCH', `/api/admin/tools/${other.id}`, {
      cookie: admin.cookie,
      body: { url: 'https://www.held-address.example.com/' },
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(tool.name);
  });
});

// ---------------------------------------------------------------------------------------------
// What the public sees: the static site is built first, then a tool is discontinued; every page is right at once.

const get = (path: string) => handleRequest(new Request(`${BASE}${path}`));
const text = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const names = async (path: string) =>
  ((await (await call('GET', path)).json()) as { name: string }[]).map((tool) => tool.name);
const v1Names = async (path: string) =>
  ((await (await call('GET', path)).json()) as { items: { name: string }[] }).items.map((tool) => tool.name);

describe('a discontinued tool, as the public sees it', () => {
  let gone: Tool;

  beforeAll(async () => {
    const tags = ['marketing' as const];
    gone = await makeTool({
      status: 'approved',
      name: 'Gone Glyph',
      slug: 'gone-glyph',
      url: 'https://gone-glyph.example.com',
      tags,
      qualityScore: 9,
      description: 'Glyph drafts campaign copy in minutes.',
    });
    await makeTool({ status: 'approved', name: 'Live Lettering', slug: 'live-lettering', tags, qualityScore: 8 });
    await makeTool({ status: 'approved', name: 'Other Outline', slug: 'other-outline', tags, qualityScore: 7 });
    const built = await buildSite(dist);
    if (!built.ok) throw new Error(built.log);
    expect(await text('/directory')).toContain('Gone Glyph');
    expect(await text('/graveyard')).not.toContain('Gone Glyph');
    const res = await discontinue(gone, { reason: 'The company closed its doors.', date: '2026-03-14' });
    expect(res.status).toBe(200);
  }, 120_000);

  it('keeps its page, saying when and why, with the Wayback copy and its alternatives first, and no Visit Tool', async () => {
    const html = await text('/tool/gone-glyph');
    expect(html).toContain(LISTING_MSG.discontinuedOn('March 14, 2026'));
    expect(html).toContain('The company closed its doors.');
    expect(html).toContain('href="https://web.archive.org/web/20260314/https://gone-glyph.example.com"');
    const alternatives = html.indexOf('data-testid="discontinued-alternatives"');
    expect(alternatives).toBeGreaterThan(0);
    expect(alternatives).toBeLessThan(html.indexOf('data-testid="tool-description"'));
    expect(html.slice(alternatives)).toContain('Live Lettering');
    expect(html).not.toMatch(/<a [^>]*data-visit-tool/);
    // Only a listed tool can be claimed: its page offers no claim.
    expect(html).not.toContain('data-testid="claim-link"');
    expect(html).toContain('Report a problem');
    expect(html).toContain(LISTING_MSG.discontinuedVisit);
    // No offer is advertised for a site that is gone.
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
    expect(jsonLd).toContain('SoftwareApplication');
    expect(jsonLd).not.toContain('"offers"');
    const md = await text('/tool/gone-glyph.md');
    expect(md).toContain(`**${LISTING_MSG.discontinuedOn('March 14, 2026')}**`);
    expect(md).toContain('The company closed its doors.');
    expect((await get('/og/tool/gone-glyph.png')).status).toBe(200);
  });

  it('is never "Review due": a discontinued listing is not waiting for a review', async () => {
    const old = new Date(Date.now() - (REVIEW_DUE_DAYS + 30) * 86_400_000);
    await db
      .insert(editorialReviews)
      .values({ toolId: gone.id, curatorTake: 'Once good.', qualityScore: 9, reviewedAt: old });
    await db.update(editorialReviews).set({ reviewedAt: old }).where(eq(editorialReviews.toolId, gone.id));
    const page = await toolPage('gone-glyph');
    expect(page?.discontinued).not.toBeNull();
    expect(page?.reviewDue).toBe(false);
  });

  it("leaves the directory, search, categories, home, the feeds and llms.txt, and the other tools' alternatives", async () => {
    expect(await names('/api/tools?limit=100')).not.toContain('Gone Glyph');
    expect(await names('/api/tools?search=glyph')).toEqual([]);
    expect(await names('/api/tools?category=marketing')).not.toContain('Gone Glyph');
    for (const path of [
      '/directory',
      '/directory?q=glyph',
      '/category/marketing',
      '/',
      '/tools/feed.json',
      '/llms.txt',
    ])
      expect(await text(path), path).not.toContain('Gone Glyph');
    expect(parseRss(await text('/tools/rss.xml')).items.map((item) => item.title)).not.toContain('Gone Glyph');
    expect(await text('/tool/live-lettering')).not.toContain('Gone Glyph');
    expect((await get('/compare/gone-glyph-vs-live-lettering')).status).toBe(404);
    expect(await v1Names('/api/v1/tools?limit=100')).not.toContain('Gone Glyph');
    expect(await v1Names('/api/v1/tools?search=glyph')).toEqual([]);
  });

  it('comes back into the lists when the visitor asks for discontinued tools, in the same answer shapes', async () => {
    expect(await names('/api/tools?includeDiscontinued=true&limit=100')).toContain('Gone Glyph');
    expect(await names('/api/tools?includeDiscontinued=true&search=glyph')).toEqual(['Gone Glyph']);
    expect(await names('/api/tools?includeDiscontinued=true&category=marketing&sort=name')).toEqual([
      'Gone Glyph',
      'Live Lettering',
      'Other Outline',
    ]);
    const facets = await (await call('GET', '/api/tools/facets?includeDiscontinued=true&category=marketing')).json();
    expect(facets.total).toBe(3);
    const bad = await call('GET', '/api/tools?includeDiscontinued=yes');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('includeDiscontinued must be true or false');

    const directory = await text('/directory?discontinued=include&q=glyph');
    expect(directory).toContain('Gone Glyph');
    expect(directory).toMatch(/<input [^>]*name="discontinued" checked="" value="include"/);
    expect(await text('/directory?discontinued=include')).toContain('Gone Glyph');

    const v1 = await (await call('GET', '/api/v1/tools?include=discontinued&search=glyph')).json();
    expect(v1.items).toHaveLength(1);
    expect(v1.items[0]).toMatchObject({
      name: 'Gone Glyph',
      discontinued: {
        date: '2026-03-14',
        reason: 'The company closed its doors.',
        archiveUrl: 'https://web.archive.org/web/20260314/https://gone-glyph.example.com',
      },
    });
    expect((await call('GET', '/api/v1/tools?include=everything')).status).toBe(400);
    const listed = await (await call('GET', '/api/v1/tools?search=lettering')).json();
    expect(listed.items[0]).toMatchObject({ name: 'Live Lettering', discontinued: null });
  });

  it('answers its own record by slug, saying it is discontinued beside the unchanged shape', async () => {
    const res = await call('GET', '/api/tools/slug/gone-glyph');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-discontinued')).toBe('2026-03-14');
    expect(await res.json()).toMatchObject({ name: 'Gone Glyph' });
    expect((await call('GET', '/api/tools/slug/live-lettering')).headers.get('x-discontinued')).toBeNull();
    const v1 = await (await call('GET', '/api/v1/tools/gone-glyph')).json();
    expect(v1.discontinued).toMatchObject({ date: '2026-03-14' });
  });

  it('is listed in /graveyard and its feed, with the day and the reason, and its page stays in the sitemap', async () => {
    const graveyard = await text('/graveyard');
    expect(graveyard).toContain('href="/tool/gone-glyph"');
    expect(graveyard).toContain(LISTING_MSG.discontinuedOn('March 14, 2026'));
    expect(graveyard).toContain('The company closed its doors.');
    const feed = parseRss(await text('/graveyard/rss.xml'));
    const item = feed.items.findIndex((i) => i.title === 'Gone Glyph');
    expect(feed.items[item]).toMatchObject({ link: `${BASE}/tool/gone-glyph` });
    expect(feed.items[item].description).toContain('The company closed its doors.');
    const files = await readSitemap(`${BASE}/sitemap-index.xml`, async (url) => text(new URL(url).pathname));
    const urls = files.flatMap((file) => file.urls.map((u) => new URL(u.loc).pathname));
    expect(urls).toContain('/tool/gone-glyph');
    expect(urls).toContain('/graveyard');
    expect(await text('/directory')).toContain('href="/graveyard"');
  });

  it('returns to every list when revived, and leaves the graveyard', async () => {
    expect((await revive(gone)).status).toBe(200);
    const html = await text('/tool/gone-glyph');
    expect(html).not.toContain('data-testid="discontinued-notice"');
    expect(html).toMatch(/<a [^>]*data-visit-tool/);
    expect(await names('/api/tools?search=glyph')).toEqual(['Gone Glyph']);
    expect(await text('/directory')).toContain('Gone Glyph');
    expect(await text('/graveyard')).not.toContain('Gone Glyph');
    expect(parseRss(await text('/graveyard/rss.xml')).items.map((item) => item.title)).not.toContain('Gone Glyph');
  });
});

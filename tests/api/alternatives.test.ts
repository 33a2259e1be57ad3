// Alternatives: the editors' picks (admin endpoint), the ranking over the catalogue, and the alternatives and compare
// pages rendered on demand (200, the canonical redirect, 404 as soon as a tool stops being public).
import { beforeAll, describe, expect, it } from 'vitest';
import { handleRequest } from '../../api/handler';
import { alternativesOf, alternativesOfMany, onDemandPages } from '../../db/queries/alternatives';
import { publicToolBySlug } from '../../db/queries/tools';
import type { Tool, User } from '../../db/schema';
import { MAX_CURATED_ALTERNATIVES } from '../../lib/alternatives';
import { MSG } from '../../lib/messages';
import { BASE, call, signedIn } from '../helpers/api';
import { auditOf, makeTool, NO_PASSWORD, rebuildsFor } from '../helpers/admin';

let staff: { user: User; cookie: string };
let reviewer: { user: User; cookie: string };
let main: Tool;
let writer: Tool;
let painter: Tool;
let drafter: Tool;
let coder: Tool;
let hidden: Tool;

const path = (id: number) => `/api/admin/tools/${id}/alternatives`;
const put = (id: number, body: unknown, cookie = staff.cookie) => call('PUT', path(id), { body, cookie });
const page = (p: string) => handleRequest(new Request(`${BASE}${p}`));

beforeAll(async () => {
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
  reviewer = await signedIn({ ...NO_PASSWORD, role: 'guest_reviewer' });
  const approved = { status: 'approved' as const };
  main = await makeTool({
    ...approved,
    name: 'Main Muse',
    slug: 'main-muse',
    tags: ['content-creation'],
    targetAudience: ['writers'],
    qualityScore: 7,
  });
  writer = await makeTool({
    ...approved,
    name: 'Word Weaver',
    slug: 'word-weaver',
    tags: ['content-creation'],
    targetAudience: ['writers'],
    qualityScore: 6,
  });
  painter = await makeTool({
    ...approved,
    name: 'Pixel Painter',
    slug: 'pixel-painter',
    tags: ['content-creation', 'design'],
    qualityScore: 7,
  });
  drafter = await makeTool({
    ...approved,
    name: 'Draft-vs-Final',
    slug: 'draft-vs-final',
    tags: ['content-creation'],
    qualityScore: 3,
  });
  coder = await makeTool({
    ...approved,
    name: 'Code Crane',
    slug: 'code-crane',
    tags: ['development'],
    qualityScore: 10,
  });
  hidden = await makeTool({
    status: 'unlisted',
    name: 'Hidden Hare',
    slug: 'hidden-hare',
    tags: ['content-creation'],
    qualityScore: 10,
  });
  // A description whose first 137 characters end with a full stop, and a take whose first 197 end inside "and": the
  // lengths the alternatives page used to cut at.
  await makeTool({
    ...approved,
    name: 'Long Lyric',
    slug: 'long-lyric',
    tags: ['content-creation'],
    qualityScore: 2,
    description:
      'Rewrites, summarises and polishes longer drafts for writers who publish daily, with tone controls and a clear, plain-English house style. It also checks facts.',
    curatorTake:
      'A capable rewriting assistant for teams that publish a lot: it keeps the house style across dozens of writers and catches the claims nobody sourced. Its summaries are uneven on technical papers, and the fact checker needs the sources handed to it first, which slows the first week down.',
  });
});

describe('ranking', () => {
  it('ranks public tools sharing a category by score plus shared audience, never the tool, a hidden or an unrelated tool', async () => {
    const ranked = await alternativesOf((await publicToolBySlug('main-muse'))!);
    // Word Weaver: 6 + 2 (writers) beats Pixel Painter's 7.
    expect(ranked.map((t) => t.slug)).toEqual(['word-weaver', 'pixel-painter', 'draft-vs-final', 'long-lyric']);
    expect(ranked.every((t) => !t.curated)).toBe(true);
  });

  it('gives tools of the same profile, read together, each the list it gets alone (without itself)', async () => {
    const [mine, theirs] = [(await publicToolBySlug('main-muse'))!, (await publicToolBySlug('word-weaver'))!];
    const together = await alternativesOfMany([mine, theirs]);
    expect(together.get(mine.id)).toEqual(await alternativesOf(mine));
    expect(together.get(theirs.id)).toEqual(await alternativesOf(theirs));
    expect(together.get(theirs.id)!.map((t) => t.slug)).toEqual([
      'main-muse',
      'pixel-painter',
      'draft-vs-final',
      'long-lyric',
    ]);
  });
});

describe('PUT /api/admin/tools/{id}/alternatives', () => {
  it('refuses the signed-out (401) and roles that cannot edit tools (403)', async () => {
    expect((await call('PUT', path(main.id), { body: { alternativeIds: [] } })).status).toBe(401);
    const res = await put(main.id, { alternativeIds: [] }, reviewer.cookie);
    expect(res.status).toBe(403);
    expect((await call('GET', path(main.id), { cookie: reviewer.cookie })).status).toBe(403);
  });

  it('answers 404 for an unknown tool', async () => {
    const res = await put(999_999, { alternativeIds: [] });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(MSG.toolNotFound);
  });

  it('answers 400 with the message for bad input, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ alternativeIds: 'x' }, MSG.alternativeIdsInvalid],
      [{ alternativeIds: [1.5] }, MSG.alternativeIdsInvalid],
      [{ alternativeIds: [painter.id, painter.id] }, MSG.alternativesRepeated],
      [
        { alternativeIds: Array.from({ length: MAX_CURATED_ALTERNATIVES + 1 }, (_, i) => i + 1) },
        MSG.alternativesTooMany(MAX_CURATED_ALTERNATIVES),
      ],
      [{ alternativeIds: [main.id] }, MSG.alternativeIsSelf],
      [{ alternativeIds: [hidden.id] }, MSG.alternativeNotPublic],
      [{ alternativeIds: [999_999] }, MSG.alternativeNotPublic],
    ];
    for (const [body, message] of cases) {
      const res = await put(main.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toBe(message);
    }
    expect(await (await call('GET', path(main.id), { cookie: staff.cookie })).json()).toEqual([]);
  });

  it("refuses staff picks on a tool they submitted and their own tool as another's pick (403), and changes nothing; isAdmin may", async () => {
    const own = await makeTool({
      status: 'approved',
      name: 'Own Owl',
      slug: 'own-owl',
      tags: ['marketing'],
      submittedById: staff.user.id,
    });
    const onOwn = await put(own.id, { alternativeIds: [writer.id] });
    expect(onOwn.status).toBe(403);
    expect(await onOwn.text()).toBe(MSG.ownToolAlternatives);
    const asPick = await put(painter.id, { alternativeIds: [writer.id, own.id] });
    expect(asPick.status).toBe(403);
    expect(await asPick.text()).toBe(MSG.ownToolAlternatives);
    expect(await (await call('GET', path(own.id), { cookie: staff.cookie })).json()).toEqual([]);
    expect(await (await call('GET', path(painter.id), { cookie: staff.cookie })).json()).toEqual([]);
    // Clearing picks an owner set before is not placing their tool anywhere: still refused on their own tool.
    expect((await put(own.id, { alternativeIds: [] })).status).toBe(403);
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true, role: 'staff' });
    const mine = await makeTool({
      status: 'approved',
      name: 'Admin Ant',
      slug: 'admin-ant',
      tags: ['marketing'],
      submittedById: admin.user.id,
    });
    expect((await put(painter.id, { alternativeIds: [mine.id] }, admin.cookie)).status).toBe(200);
    expect((await put(painter.id, { alternativeIds: [] }, admin.cookie)).status).toBe(200);
  });

  it('stores the picks in order, puts them first on the tool page and its alternatives page, and rebuilds the tool page', async () => {
    const res = await put(main.id, { alternativeIds: [coder.id, drafter.id] });
    expect(res.status).toBe(200);
    const picks = [
      { id: coder.id, name: 'Code Crane', slug: 'code-crane' },
      { id: drafter.id, name: 'Draft-vs-Final', slug: 'draft-vs-final' },
    ];
    expect(await res.json()).toEqual(picks);
    expect(await (await call('GET', path(main.id), { cookie: staff.cookie })).json()).toEqual(picks);
    const ranked = await alternativesOf((await publicToolBySlug('main-muse'))!);
    expect(ranked.map((t) => [t.slug, t.curated])).toEqual([
      ['code-crane', true],
      ['draft-vs-final', true],
      ['word-weaver', false],
      ['pixel-painter', false],
      ['long-lyric', false],
    ]);
    // The tool's pages, and the sitemap, which lists the comparisons the picks make.
    expect((await rebuildsFor('alternatives picked: main-muse')).map((job) => job.tags)).toEqual([
      ['tool:main-muse', 'sitemap'],
    ]);
    expect((await auditOf('tool', main.id)).find((row) => row.action === 'tool.alternatives')?.after).toEqual({
      alternativeIds: [coder.id, drafter.id],
    });
    const html = await (await page('/tool/main-muse/alternatives')).text();
    expect(html.indexOf('Code Crane')).toBeLessThan(html.indexOf('Word Weaver'));
    expect(html).toContain("Editor's pick");
  });
});

describe('pages rendered on demand', () => {
  it('serves the alternatives page with ItemList JSON-LD, and 404 for a tool that is not public', async () => {
    const res = await page('/tool/word-weaver/alternatives');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Best Word Weaver Alternatives');
    expect(html).toContain('"@type":"ItemList"');
    expect(html).toContain('href="/compare/main-muse-vs-word-weaver"');
    expect((await page('/tool/hidden-hare/alternatives')).status).toBe(404);
    expect((await page('/tool/no-such-tool/alternatives')).status).toBe(404);
  });

  it('offers a comparison with every alternative, and cuts long texts after a whole word with one ellipsis', async () => {
    const html = await (await page('/tool/main-muse/alternatives')).text();
    const entries = html.split('data-testid="alternative"').slice(1);
    // The two editor's picks above, then the three other alternatives.
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      const compare = entry.match(/href="(\/compare\/[^"]+)"/);
      expect(compare, entry.slice(0, 300)).not.toBeNull();
      expect((await page(compare![1])).status, compare![1]).toBe(200);
    }
    const lyricEntry = entries.find((entry) => entry.includes('Long Lyric'))!;
    expect(lyricEntry).toContain('with tone controls and a clear, plain-English house style…');
    expect(lyricEntry).toContain('Its summaries are uneven on technical papers, and…');
    expect(lyricEntry).not.toMatch(/\.\.\./);
  });

  it('serves a comparison at its canonical address, redirects the other order, and reads slugs with -vs- in them', async () => {
    const res = await page('/compare/main-muse-vs-word-weaver');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="compare-table"');
    expect(html).toContain('Last reviewed');
    expect(html).toContain('"@type":"SoftwareApplication"');
    const other = await page('/compare/word-weaver-vs-main-muse');
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe('/compare/main-muse-vs-word-weaver');
    expect((await page('/compare/draft-vs-final-vs-main-muse')).status).toBe(200);
    const reversed = await page('/compare/main-muse-vs-draft-vs-final');
    expect(reversed.status).toBe(301);
    expect(reversed.headers.get('location')).toBe('/compare/draft-vs-final-vs-main-muse');
    // Not compared (no shared category): shown for a reader who picked it (docs/decisions/0108), never indexed.
    const picked = await page('/compare/code-crane-vs-word-weaver');
    expect(picked.status).toBe(200);
    expect(await picked.text()).toContain('noindex');
    // Not a pair of public tools.
    for (const p of ['/compare/hidden-hare-vs-main-muse', '/compare/main-muse', '/compare/main-muse-vs-main-muse']) {
      expect((await page(p)).status, p).toBe(404);
    }
  });

  it('lists each alternatives page and each comparison once in what the sitemap gets', async () => {
    const paths = (await onDemandPages()).map((p) => p.path);
    expect(paths).toContain('/tool/main-muse/alternatives');
    expect(paths).toContain('/compare/main-muse-vs-word-weaver');
    expect(paths).not.toContain('/compare/word-weaver-vs-main-muse');
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.some((p) => p.includes('hidden-hare'))).toBe(false);
  });

  it('answers 404 at once when a compared tool is unlisted', async () => {
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    expect((await page('/compare/main-muse-vs-word-weaver')).status).toBe(200);
    expect(
      (await call('POST', `/api/admin/tools/${writer.id}/unlist`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
    expect((await page('/compare/main-muse-vs-word-weaver')).status).toBe(404);
    expect((await page('/tool/word-weaver/alternatives')).status).toBe(404);
  });
});

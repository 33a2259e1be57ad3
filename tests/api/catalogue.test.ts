import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { listPublicTools } from '../../db/queries/tools';
import { editorialReviews, tools, type NewTool, type Tool, type User } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { TOOL_STATUS } from '../../lib/tool-status';
import { call, makeUser } from '../helpers/api';
import { declareCatalogueRewritten, declareToolChange, makeListedTool } from '../helpers/admin';

let owner: User;

/** Inserts a tool, approved unless told otherwise, with a unique slug and url. */
const addTool = (values: Partial<NewTool> & { name: string }): Promise<Tool> => makeListedTool(owner, values);

async function list(query = ''): Promise<{ status: number; body: unknown; res: Response }> {
  const res = await call('GET', `/api/tools${query}`);
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  return { status: res.status, body, res };
}

async function names(query = ''): Promise<string[]> {
  const { status, body } = await list(query);
  expect(status).toBe(200);
  return (body as { name: string }[]).map((t) => t.name);
}

const search = (text: string, extra = '') => names(`?search=${encodeURIComponent(text)}${extra}`);

beforeAll(async () => {
  owner = await makeUser();
});

beforeEach(async () => {
  await db.delete(tools);
  await declareCatalogueRewritten();
});

describe('GET /api/tools order and shape', () => {
  it('lists premium first, then quality score (unscored last), then newest', async () => {
    const day = (d: number) => new Date(Date.UTC(2025, 5, d));
    await addTool({ name: 'Old Nine', qualityScore: 9, approvedAt: day(1) });
    await addTool({ name: 'Premium Three', qualityScore: 3, isPremium: true, approvedAt: day(2) });
    await addTool({ name: 'New Nine', qualityScore: 9, approvedAt: day(3) });
    await addTool({ name: 'Unscored', qualityScore: null, approvedAt: day(10) });
    await addTool({ name: 'Premium Eight', qualityScore: 8, isPremium: true, approvedAt: day(1) });
    await addTool({ name: 'Low Two', qualityScore: 2, approvedAt: day(20) });
    expect(await names()).toEqual(['Premium Eight', 'Premium Three', 'New Nine', 'Old Nine', 'Low Two', 'Unscored']);
  });

  it('breaks a tie of premium, score and approval time by the newer id', async () => {
    const same = new Date(Date.UTC(2025, 2, 3));
    await addTool({ name: 'First In', qualityScore: 7, approvedAt: same });
    await addTool({ name: 'Second In', qualityScore: 7, approvedAt: same });
    expect(await names()).toEqual(['Second In', 'First In']);
  });

  it('answers only public fields, with lists as arrays and a short public cache', async () => {
    await addTool({
      name: 'Shape Check',
      tags: ['design', 'marketing'],
      targetAudience: ['designers'],
      screenshots: ['https://img.example.com/1.png'],
      rejectionReason: 'secret',
      unlistReason: 'also secret',
      qualityScore: 6,
    });
    const { status, body, res } = await list();
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const [tool] = body as Record<string, unknown>[];
    expect(Object.keys(tool).sort()).toEqual(
      [
        'id',
        'name',
        'slug',
        'url',
        'description',
        'logoUrl',
        'tags',
        'pricingModel',
        'targetAudience',
        'screenshots',
        'videoUrl',
        'brandColor',
        'coverImage',
        'isPremium',
        'curatorTake',
        'qualityScore',
        'submittedAt',
        'approvedAt',
        'updatedAt',
        'lastReviewedAt',
      ].sort(),
    );
    expect(tool).toMatchObject({
      tags: ['design', 'marketing'],
      targetAudience: ['designers'],
      isPremium: false,
      qualityScore: 6,
    });
  });
});

describe('GET /api/tools paging', () => {
  it('answers 12 by default and pages with limit and offset', async () => {
    for (let i = 0; i < 13; i++) await addTool({ name: `Paged ${String(i).padStart(2, '0')}`, qualityScore: 20 - i });
    const first = await names();
    expect(first).toHaveLength(12);
    expect(first[0]).toBe('Paged 00');
    expect(await names('?offset=12')).toEqual(['Paged 12']);
    expect(await names('?limit=5&offset=3')).toEqual(['Paged 03', 'Paged 04', 'Paged 05', 'Paged 06', 'Paged 07']);
    expect(await names('?limit=100')).toHaveLength(13);
    expect(await names('?limit=1')).toEqual(['Paged 00']);
    expect(await names('?offset=13')).toEqual([]);
    expect(await names('?offset=5000')).toEqual([]);
  });

  it.each([
    ['limit=0', MSG.invalidLimit],
    ['limit=101', MSG.invalidLimit],
    ['limit=-1', MSG.invalidLimit],
    ['limit=abc', MSG.invalidLimit],
    ['limit=1.5', MSG.invalidLimit],
    ['limit=1e1', MSG.invalidLimit],
    ['limit=0x10', MSG.invalidLimit],
    ['offset=-1', MSG.invalidOffset],
    ['offset=abc', MSG.invalidOffset],
    ['offset=99999999999999999999', MSG.invalidOffset],
    ['tags=robots', MSG.unknownCategory],
    ['tags=Design', MSG.unknownCategory],
    [`search=${'a'.repeat(201)}`, MSG.searchTooLong],
  ])('answers 400 with a plain-text reason for %s', async (query, message) => {
    const { status, body, res } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body).toBe(message);
  });

  it('treats empty parameters, as an HTML form sends them, like absent ones', async () => {
    await addTool({ name: 'Blank Params' });
    expect(await names('?limit=&offset=&search=&tags=')).toEqual(['Blank Params']);
  });
});

describe('GET /api/tools category filter', () => {
  it('keeps tools tagged with the category, and all of them for tags=all', async () => {
    await addTool({ name: 'Pen', tags: ['design'] });
    await addTool({ name: 'Ledger', tags: ['data-analysis', 'productivity'] });
    await addTool({ name: 'Brush', tags: ['content-creation', 'design'] });
    expect((await names('?tags=design')).sort()).toEqual(['Brush', 'Pen']);
    expect(await names('?tags=data-analysis')).toEqual(['Ledger']);
    expect(await names('?tags=marketing')).toEqual([]);
    expect((await names('?tags=all')).sort()).toEqual(['Brush', 'Ledger', 'Pen']);
  });

  it('combines a category with search text', async () => {
    await addTool({ name: 'Canvas Writer', tags: ['design'] });
    await addTool({ name: 'Canvas Coder', tags: ['development'] });
    expect(await search('canvas', '&tags=development')).toEqual(['Canvas Coder']);
  });
});

describe('GET /api/tools search', () => {
  it('ranks a name match above a description-only match, even over premium and score', async () => {
    await addTool({
      name: 'Reporter',
      description: 'Analytics for everything: analytics dashboards.',
      isPremium: true,
      qualityScore: 10,
    });
    await addTool({ name: 'Analytics Pro', description: 'Reports for small teams.', qualityScore: 2 });
    await addTool({ name: 'Unrelated', description: 'Writes emails for you.' });
    expect(await search('analytics')).toEqual(['Analytics Pro', 'Reporter']);
  });

  it('matches word prefixes, case-insensitively', async () => {
    await addTool({ name: 'Metric Hub', description: 'Product analytics without cookies.' });
    await addTool({ name: 'Mailer', description: 'Sends newsletters.' });
    expect(await search('anal')).toEqual(['Metric Hub']);
    expect(await search('ANALYT')).toEqual(['Metric Hub']);
    expect(await search('news')).toEqual(['Mailer']);
  });

  it('requires every word to match', async () => {
    await addTool({ name: 'Slide Maker', description: 'Builds presentations from outlines.' });
    await addTool({ name: 'Slide Checker', description: 'Reviews spelling in decks.' });
    expect(await search('slide presentations')).toEqual(['Slide Maker']);
    expect((await search('slide')).sort()).toEqual(['Slide Checker', 'Slide Maker']);
    expect(await search('slide nothinglikethis')).toEqual([]);
  });

  it('finds a tool by its category words', async () => {
    await addTool({ name: 'Quill', description: 'Drafts blog articles.', tags: ['content-creation'] });
    await addTool({ name: 'Other', description: 'Something else.', tags: ['productivity'] });
    expect(await search('content creation')).toEqual(['Quill']);
  });

  it('reads FTS syntax in visitor text as plain words: no error, no operators', async () => {
    await addTool({ name: 'Vector Studio', description: 'Draws vector art.' });
    await addTool({ name: 'Beat Lab', description: 'Composes music loops.' });
    const all = ['Beat Lab', 'Vector Studio'];
    // Text with no word at all is no search.
    for (const text of ['"', '*', '(', ')', '-', ':', '^', '"*"', '( ) " * - + ^ :', '   ']) {
      expect((await search(text)).sort()).toEqual(all);
    }
    // Syntax around words neither crashes nor changes the meaning: the words still must all match.
    expect(await search('"vector')).toEqual(['Vector Studio']);
    expect(await search('vector"*')).toEqual(['Vector Studio']);
    expect(await search('(vector)')).toEqual(['Vector Studio']);
    expect(await search('-vector')).toEqual(['Vector Studio']);
    expect(await search('name:vector')).toEqual([]);
    expect(await search('vector OR beat')).toEqual([]);
    expect(await search('NEAR(vector beat)')).toEqual([]);
    expect(await search('NOT beat')).toEqual([]);
    expect(await search('vector NOT beat')).toEqual([]);
    expect(await search("'; drop table tools; --")).toEqual([]);
    expect((await names()).sort()).toEqual(all);
  });

  it('keeps the index in step with updates and deletes of tools', async () => {
    const tool = await addTool({ name: 'Orbit Notes', description: 'Takes meeting notes.', tags: ['productivity'] });
    expect(await search('orbit')).toEqual(['Orbit Notes']);

    await db
      .update(tools)
      .set({ name: 'Comet Notes', tags: ['marketing'] })
      .where(eq(tools.id, tool.id));
    await declareToolChange({ slug: tool.slug, tags: ['productivity', 'marketing'] });
    expect(await search('orbit')).toEqual([]);
    expect(await search('comet')).toEqual(['Comet Notes']);
    expect(await search('marketing')).toEqual(['Comet Notes']);
    expect(await search('productivity')).toEqual([]);

    await db.update(tools).set({ description: 'Summarises podcasts.' }).where(eq(tools.id, tool.id));
    await declareToolChange(tool);
    expect(await search('meeting')).toEqual([]);
    expect(await search('podcasts')).toEqual(['Comet Notes']);

    await db.delete(tools).where(eq(tools.id, tool.id));
    await declareToolChange(tool);
    expect(await search('comet')).toEqual([]);
  });

  it('pages through search results', async () => {
    for (let i = 0; i < 5; i++) await addTool({ name: `Paging Widget ${i}`, qualityScore: 9 - i });
    const all = await search('widget', '&limit=100');
    expect(all).toHaveLength(5);
    expect([
      ...(await search('widget', '&limit=2')),
      ...(await search('widget', '&limit=2&offset=2')),
      ...(await search('widget', '&limit=2&offset=4')),
    ]).toEqual(all);
  });
});

describe('search for words so common that bm25 does not rank them', () => {
  // rankedMatchLimit: 1 sends every search with two or more matches down the common-words path.
  const common = async (search: string, extra: { limit?: number; offset?: number; category?: string } = {}) =>
    (await listPublicTools({ search, rankedMatchLimit: 1, limit: 100, ...extra })).map((t) => t.name);

  beforeEach(async () => {
    await addTool({
      name: 'Notes Alpha',
      description: 'Keeps your thoughts.',
      qualityScore: 2,
      tags: ['productivity'],
    });
    await addTool({
      name: 'Beta',
      description: 'Turns meetings into notes.',
      qualityScore: 9,
      isPremium: true,
      tags: ['design'],
    });
    await addTool({
      name: 'Gamma',
      description: 'Shares notes with the team.',
      qualityScore: 5,
      tags: ['productivity'],
    });
    await addTool({
      name: 'Notes Delta',
      description: 'Voice memos to text.',
      qualityScore: 1,
      isPremium: true,
      tags: ['design'],
    });
    await addTool({ name: 'Omega', description: 'Something else entirely.', qualityScore: 10 });
    await addTool({ name: 'Notes Hidden', description: 'Pending notes.', status: 'pending', approvedAt: null });
  });

  it('lists tools with a search word in the name first, then the others, each in the public order', async () => {
    expect(await common('notes')).toEqual(['Notes Delta', 'Notes Alpha', 'Beta', 'Gamma']);
    expect(await common('note team')).toEqual(['Gamma']);
    expect(await common('notes voice')).toEqual(['Notes Delta']);
    expect(await common('notes', { category: 'design' })).toEqual(['Notes Delta', 'Beta']);
    expect(await common('"notes" OR {name}: (alpha*')).toEqual([]);
    expect(await common('(notes) -alpha*')).toEqual(['Notes Alpha']);
  });

  it('pages across the boundary between the two tiers without gaps or repeats', async () => {
    const all = await common('notes');
    for (const limit of [1, 2, 3]) {
      const paged: string[] = [];
      for (let offset = 0; offset < all.length + limit; offset += limit)
        paged.push(...(await common('notes', { limit, offset })));
      expect(paged).toEqual(all);
    }
    expect(await common('notes', { limit: 12, offset: 4 })).toEqual([]);
  });

  it('orders a large name tier the same way (read by walking the public order instead of sorting)', async () => {
    await db.insert(tools).values(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Bulk Notes ${i}`,
        slug: `bulk-notes-${i}`,
        url: `https://bulk${i}.example.com`,
        urlKey: `bulk${i}.example.com`,
        description: 'Made for load.',
        status: TOOL_STATUS.approved,
        isPremium: i % 7 === 0,
        qualityScore: i % 11 === 0 ? null : i % 10,
        approvedAt: new Date(Date.UTC(2025, 0, 1) + (i % 13) * 1000),
        submittedById: owner.id,
      })),
    );
    await declareCatalogueRewritten();
    // The oracle: the browse order (tested above), name hits first, then the description hits.
    const browse = (await listPublicTools({ limit: 1000 })).map((t) => t.name);
    const expected = [...browse.filter((n) => n.includes('Notes')), 'Beta', 'Gamma'];
    expect(await common('notes', { limit: 1000 })).toEqual(expected);
    expect(await common('notes', { limit: 12, offset: 296 })).toEqual(expected.slice(296, 308));
  });
});

describe('hidden statuses', () => {
  it('never shows pending, rejected or unlisted tools in the list, search or by slug', async () => {
    const visible = await addTool({ name: 'Zephyr Visible' });
    const hidden = [
      await addTool({ name: 'Zephyr Pending', status: 'pending', approvedAt: null }),
      await addTool({ name: 'Zephyr Rejected', status: 'rejected', approvedAt: null, rejectionReason: 'spam' }),
      await addTool({ name: 'Zephyr Unlisted', status: 'unlisted', unlistReason: 'paused' }),
    ];
    expect(await names()).toEqual(['Zephyr Visible']);
    expect(await search('zephyr')).toEqual(['Zephyr Visible']);
    expect(await names('?tags=productivity&limit=100')).toEqual(['Zephyr Visible']);
    for (const tool of hidden) {
      const res = await call('GET', `/api/tools/slug/${tool.slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(MSG.toolNotFound);
    }
    expect((await call('GET', `/api/tools/slug/${visible.slug}`)).status).toBe(200);
  });
});

describe('GET /api/tools/slug/:slug', () => {
  it('answers the public tool with its editorial reviews, newest first, without the reviewer', async () => {
    const reviewer = await makeUser({ email: 'reviewer@example.com' });
    const tool = await addTool({
      name: 'Detail Tool',
      curatorTake: 'Solid.',
      qualityScore: 8,
      urlKey: 'x',
      rejectionReason: 'no',
    });
    await db.insert(editorialReviews).values([
      {
        toolId: tool.id,
        curatorTake: 'First look.',
        qualityScore: 6,
        reviewedBy: reviewer.id,
        reviewedAt: new Date(Date.UTC(2025, 0, 1)),
      },
      {
        toolId: tool.id,
        curatorTake: 'Much better now.',
        qualityScore: 8,
        reviewedBy: reviewer.id,
        reviewedAt: new Date(Date.UTC(2025, 3, 1)),
        isFollowUp: true,
      },
    ]);
    const res = await call('GET', `/api/tools/slug/${tool.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const body = await res.json();
    expect(body).toMatchObject({ id: tool.id, name: 'Detail Tool', curatorTake: 'Solid.', qualityScore: 8 });
    expect(body.urlKey).toBeUndefined();
    expect(body.rejectionReason).toBeUndefined();
    expect(body.submittedById).toBeUndefined();
    expect(body.editorialReviews.map((r: { curatorTake: string }) => r.curatorTake)).toEqual([
      'Much better now.',
      'First look.',
    ]);
    expect(body.editorialReviews[0]).toMatchObject({ qualityScore: 8, isFollowUp: true });
    expect(body.editorialReviews[0].reviewedBy).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('reviewer@example.com');
  });

  it('answers 404 for a slug that does not exist', async () => {
    const res = await call('GET', '/api/tools/slug/no-such-tool');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(MSG.toolNotFound);
  });
});

// The directory's query through GET /api/tools: sorts, repeatable filters, minimum rating, bad values, facets and
// spelling suggestions; and lastReviewedAt, which the "Recently reviewed" order reads, written by every review.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools, type NewTool, type Tool, type User } from '../../db/schema';
import { browseQuery } from '../../db/queries/tools';
import type { ToolFacets, ToolListAnswer } from '../../lib/contract';
import { DIRECTORY_SORTS, SUGGESTION_HEADER, suggestionFrom, type ToolFilters } from '../../lib/directory';
import { MSG } from '../../lib/messages';
import { call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, declareCatalogueRewritten, makeListedTool, makeTool, reloadTool } from '../helpers/admin';

let owner: User;
const day = (d: number) => new Date(Date.UTC(2025, 5, d));

const addTool = (values: Partial<NewTool> & { name: string }): Promise<Tool> =>
  makeListedTool(owner, { approvedAt: day(1), ...values });

/** The list (SPEC.md's array) and the suggestion its header carries. */
async function answer(query: string): Promise<{ tools: ToolListAnswer; suggestion: string | null }> {
  const res = await call('GET', `/api/tools${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { tools: (await res.json()) as ToolListAnswer, suggestion: suggestionFrom(res.headers) };
}
const names = async (query: string) => (await answer(query)).tools.map((t) => t.name);

async function facets(query: string): Promise<ToolFacets> {
  const res = await call('GET', `/api/tools/facets${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ToolFacets;
}

beforeAll(async () => {
  owner = await makeUser();
});

beforeEach(async () => {
  await db.delete(tools);
  await declareCatalogueRewritten();
});

/** Five tools whose orders all differ. */
async function addCatalogue() {
  await addTool({
    name: 'beta Writer',
    qualityScore: 6,
    isPremium: true,
    approvedAt: day(2),
    lastReviewedAt: day(20),
    tags: ['content-creation'],
    pricingModel: 'paid',
  });
  await addTool({
    name: 'Alpha Paint',
    qualityScore: 9,
    approvedAt: day(1),
    lastReviewedAt: day(25),
    tags: ['design'],
    pricingModel: 'free',
  });
  await addTool({
    name: 'Delta Chart',
    qualityScore: null,
    approvedAt: day(9),
    lastReviewedAt: null,
    tags: ['data-analysis'],
    pricingModel: 'freemium',
  });
  await addTool({
    name: 'charlie Ads',
    qualityScore: 7,
    approvedAt: day(5),
    lastReviewedAt: day(6),
    tags: ['marketing', 'design'],
    pricingModel: 'free',
  });
  await addTool({
    name: 'Echo Code',
    qualityScore: 8,
    approvedAt: day(3),
    lastReviewedAt: day(30),
    tags: ['development'],
    pricingModel: 'free-trial',
  });
}

describe('GET /api/tools sort', () => {
  it.each([
    ['', ['beta Writer', 'Alpha Paint', 'Echo Code', 'charlie Ads', 'Delta Chart']],
    ['?sort=recommended', ['beta Writer', 'Alpha Paint', 'Echo Code', 'charlie Ads', 'Delta Chart']],
    ['?sort=rating', ['Alpha Paint', 'Echo Code', 'charlie Ads', 'beta Writer', 'Delta Chart']],
    ['?sort=newest', ['Delta Chart', 'charlie Ads', 'Echo Code', 'beta Writer', 'Alpha Paint']],
    ['?sort=reviewed', ['Echo Code', 'Alpha Paint', 'beta Writer', 'charlie Ads', 'Delta Chart']],
    ['?sort=name', ['Alpha Paint', 'beta Writer', 'charlie Ads', 'Delta Chart', 'Echo Code']],
  ])('%s lists the tools in its order', async (query, expected) => {
    await addCatalogue();
    expect(await names(query)).toEqual(expected);
  });

  it('orders search matches by the chosen sort, and by relevance without one', async () => {
    await addTool({ name: 'Zebra Notes', qualityScore: 5, description: 'Takes notes.' });
    await addTool({ name: 'Quiet Tool', qualityScore: 9, description: 'Zebra notes for teams.' });
    expect(await names('?search=zebra')).toEqual(['Zebra Notes', 'Quiet Tool']);
    expect(await names('?search=zebra&sort=rating')).toEqual(['Quiet Tool', 'Zebra Notes']);
    expect(await names('?search=zebra&sort=name')).toEqual(['Quiet Tool', 'Zebra Notes']);
  });
});

describe('query plans', () => {
  it.each(DIRECTORY_SORTS)(
    'browsing by %s reads its index in order, with or without filters: no sort of every tool',
    async (sort) => {
      for (const filters of [
        {},
        { categories: ['design', 'marketing'], pricing: ['free'], minRating: 7 },
      ] as ToolFilters[]) {
        const { sql: text, params } = browseQuery({ sort, filters, limit: 12, offset: 0 }).toSQL();
        const plan = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never });
        const details = plan.rows.map((r) => String(r.detail)).join(' | ');
        expect(details).toMatch(/USING INDEX tools_public_/);
        expect(details).not.toContain('TEMP B-TREE');
      }
    },
  );
});

describe('GET /api/tools filters', () => {
  it('keeps a tool in any of several categories, and tags= adds to category=', async () => {
    await addCatalogue();
    expect(await names('?category=design&category=development&sort=name')).toEqual([
      'Alpha Paint',
      'charlie Ads',
      'Echo Code',
    ]);
    expect(await names('?category=design&sort=name')).toEqual(['Alpha Paint', 'charlie Ads']);
    expect(await names('?tags=marketing&category=development&sort=name')).toEqual(['charlie Ads', 'Echo Code']);
  });

  it('keeps a tool with any of several pricing models', async () => {
    await addCatalogue();
    expect(await names('?pricing=free&pricing=paid&sort=name')).toEqual(['Alpha Paint', 'beta Writer', 'charlie Ads']);
  });

  it('keeps tools scored at least minRating, never unscored ones', async () => {
    await addCatalogue();
    expect(await names('?minRating=7&sort=rating')).toEqual(['Alpha Paint', 'Echo Code', 'charlie Ads']);
    expect(await names('?minRating=1&sort=name')).not.toContain('Delta Chart');
  });

  it('combines search, filters and sort', async () => {
    await addCatalogue();
    await addTool({ name: 'Paint Pro', qualityScore: 10, tags: ['design'], pricingModel: 'paid' });
    expect(await names('?search=paint&category=design&pricing=free&minRating=5')).toEqual(['Alpha Paint']);
    expect(await names('?search=paint&category=design&sort=rating')).toEqual(['Paint Pro', 'Alpha Paint']);
  });

  it('keeps each query apart in the kept answers', async () => {
    await addCatalogue();
    expect(await names('?sort=name&limit=1')).toEqual(['Alpha Paint']);
    expect(await names('?sort=newest&limit=1')).toEqual(['Delta Chart']);
    expect(await names('?sort=name&limit=1&category=marketing')).toEqual(['charlie Ads']);
    expect(await names('?sort=name&limit=1&pricing=paid')).toEqual(['beta Writer']);
    expect(await names('?sort=name&limit=1&minRating=8')).toEqual(['Alpha Paint']);
    expect(await names('?sort=name&limit=1&minRating=9&category=development')).toEqual([]);
  });

  it.each([
    ['sort=best', MSG.unknownSort],
    ['sort=Name', MSG.unknownSort],
    ['category=robots', MSG.unknownCategory],
    ['category=design&category=robots', MSG.unknownCategory],
    ['pricing=cheap', MSG.unknownPricing],
    ['minRating=0', MSG.invalidMinRating],
    ['minRating=11', MSG.invalidMinRating],
    ['minRating=7.5', MSG.invalidMinRating],
    ['minRating=abc', MSG.invalidMinRating],
    [Array.from({ length: 21 }, () => 'category=design').join('&'), MSG.tooManyValues],
  ])('answers 400 with its reason for %s, on the list and the facets', async (query, message) => {
    for (const path of ['/api/tools', '/api/tools/facets']) {
      const res = await call('GET', `${path}?${query}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(message);
    }
  });

  it('reads empty parameters, as an HTML form sends them, as absent', async () => {
    await addCatalogue();
    expect(await names('?sort=&category=&pricing=&minRating=&search=')).toEqual(await names(''));
  });
});

describe('GET /api/tools/facets', () => {
  it('counts each option with the search and the other groups, ignoring its own group', async () => {
    await addCatalogue();
    const all = await facets('');
    expect(all.total).toBe(5);
    expect(all.categories).toEqual({
      'content-creation': 1,
      'data-analysis': 1,
      design: 2,
      development: 1,
      marketing: 1,
      productivity: 0,
    });
    expect(all.pricing).toEqual({ free: 2, freemium: 1, 'free-trial': 1, paid: 1, 'contact-for-price': 0 });
    expect(all.minRating).toMatchObject({ '10': 0, '9': 1, '8': 2, '7': 3, '6': 4, '1': 4 });

    const design = await facets('?category=design&minRating=8');
    expect(design.total).toBe(1); // Alpha Paint
    // Categories ignore the category choice but keep minRating: tools scored 8+ by category.
    expect(design.categories).toMatchObject({ design: 1, development: 1, marketing: 0, 'content-creation': 0 });
    // Pricing keeps both: design tools scored 8+.
    expect(design.pricing).toMatchObject({ free: 1, paid: 0 });
    // Ratings keep the category: design tools by threshold.
    expect(design.minRating).toMatchObject({ '9': 1, '8': 1, '7': 2, '6': 2 });
  });

  it('counts only the matches of the search', async () => {
    await addCatalogue();
    const found = await facets('?search=paint');
    expect(found.total).toBe(1);
    expect(found.categories.design).toBe(1);
    expect(found.categories.marketing).toBe(0);
  });

  it('follows a change of the catalogue at once', async () => {
    await addCatalogue();
    expect((await facets('')).total).toBe(5);
    await addTool({ name: 'Foxtrot Design', tags: ['design'] });
    expect((await facets('')).categories.design).toBe(3);
  });
});

describe('spelling suggestions', () => {
  it('answers the results of the closest word when a typed word is in no tool, and says so', async () => {
    await addTool({ name: 'GitHub Copilot', tags: ['development'] });
    await addTool({ name: 'Notion', tags: ['productivity'] });
    expect(await answer('?search=Copilt')).toMatchObject({
      suggestion: 'Copilot',
      tools: [{ name: 'GitHub Copilot' }],
    });
    expect(await answer('?search=github%20copilt')).toMatchObject({
      suggestion: 'github copilot',
      tools: [{ name: 'GitHub Copilot' }],
    });
    expect((await facets('?search=Copilt')).total).toBe(1);
  });

  it('carries the suggestion in a header beside the array, URL-encoded, and a kept answer keeps it', async () => {
    await addTool({ name: 'Café Copilot', tags: ['development'] });
    for (let i = 0; i < 2; i++) {
      const res = await call('GET', '/api/tools?search=caf%C3%A9%20copilt');
      expect(res.headers.get(SUGGESTION_HEADER)).toBe('caf%C3%A9%20copilot');
      expect(((await res.json()) as ToolListAnswer).map((t) => t.name)).toEqual(['Café Copilot']);
    }
    expect((await call('GET', '/api/tools?search=copilot')).headers.has(SUGGESTION_HEADER)).toBe(false);
  });

  it('suggests nothing when every word is found, as a prefix too, or nothing is close', async () => {
    await addTool({ name: 'GitHub Copilot', tags: ['development'] });
    expect(await answer('?search=copil')).toMatchObject({ suggestion: null, tools: [{ name: 'GitHub Copilot' }] });
    expect(await answer('?search=xylophonic')).toEqual({ suggestion: null, tools: [] });
    // Every word is known, but together they find nothing: no suggestion either.
    expect(await answer('?search=copilot%20productivity')).toEqual({ suggestion: null, tools: [] });
  });

  it('never suggests a word that only a tool the public cannot see holds', async () => {
    await addTool({ name: 'Secretive Planner', status: 'pending' });
    await addTool({ name: 'Secretary Desk' });
    expect(await answer('?search=secretiv')).toMatchObject({ suggestion: null, tools: [] });
    expect(await answer('?search=secretery')).toMatchObject({
      suggestion: 'secretary',
      tools: [{ name: 'Secretary Desk' }],
    });
  });
});

describe('lastReviewedAt', () => {
  it('is written by the approval and by each follow-up review', async () => {
    const staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
    const tool = await makeTool();
    expect((await reloadTool(tool.id))?.lastReviewedAt).toBeNull();
    const approve = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
      cookie: staff.cookie,
      body: { curatorTake: 'Solid.', qualityScore: 7 },
    });
    expect(approve.status).toBe(200);
    const approved = (await reloadTool(tool.id))!;
    expect(approved.lastReviewedAt).toEqual(approved.approvedAt);
    // Move it back so the follow-up is later whatever the clock's resolution.
    await db
      .update(tools)
      .set({ lastReviewedAt: day(1) })
      .where(sql`${tools.id} = ${tool.id}`);
    const review = await call('POST', `/api/admin/tools/${tool.id}/review`, {
      cookie: staff.cookie,
      body: { curatorTake: 'Better.', qualityScore: 8 },
    });
    expect(review.status).toBe(200);
    expect((await reloadTool(tool.id))!.lastReviewedAt!.getTime()).toBeGreaterThan(day(1).getTime());
  });
});

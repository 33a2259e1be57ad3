// What a process keeps of the catalogue (answers of GET /api/tools, facets, the alternatives' pools) follows the tags
// of what each value read: a rebuild request touching one of them drops it, any other change leaves it kept. A write
// that declares nothing (a rename here behind the app's back) is the probe: a kept value does not see it.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { readTags } from '../../db/page-tags';
import { alternativesOf } from '../../db/queries/alternatives';
import { keptWhileTagsStay } from '../../db/queries/kept';
import { publicToolBySlug } from '../../db/queries/tools';
import { tools, type User } from '../../db/schema';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { categoryTag, postChangeTags, toolChangeTags, toolTag } from '../../lib/cache-tags';
import { call, makeUser } from '../helpers/api';
import { makeListedTool } from '../helpers/admin';

let owner: User;

const names = async (query: string) =>
  ((await (await call('GET', `/api/tools${query}`)).json()) as { name: string }[]).map((t) => t.name);
const total = async (query: string) =>
  ((await (await call('GET', `/api/tools/facets${query}`)).json()) as { total: number }).total;
const rename = (id: number, name: string) => db.update(tools).set({ name }).where(eq(tools.id, id));
const declare = (tags: string[]) => requestRebuild('a change in this test', db, tags);

beforeAll(async () => {
  owner = await makeUser();
});

describe('kept answers of GET /api/tools', () => {
  it('stay until a change touches a tag they read, whatever else changes', async () => {
    const tool = await makeListedTool(owner, { name: 'Quokkish Atlas' });
    expect(await names('?search=quokkish')).toEqual(['Quokkish Atlas']);
    await rename(tool.id, 'Quokkish Globe');
    expect(await names('?search=quokkish')).toEqual(['Quokkish Atlas']);
    // A post, and an editor's picks for another tool (its page only): the lists of tools did not change.
    await declare(postChangeTags('a-post'));
    await declare([toolTag('another-tool')]);
    expect(await names('?search=quokkish')).toEqual(['Quokkish Atlas']);
    await declare(toolChangeTags(tool.slug, tool.tags));
    expect(await names('?search=quokkish')).toEqual(['Quokkish Globe']);
  });

  it('and the facets alike', async () => {
    await makeListedTool(owner, { name: 'Numbatine One' });
    const second = await makeListedTool(owner, { name: 'Wallaby Two' });
    expect(await total('?search=numbatine')).toBe(1);
    await rename(second.id, 'Numbatine Two');
    expect(await total('?search=numbatine')).toBe(1);
    await declare(toolChangeTags(second.slug, second.tags));
    expect(await total('?search=numbatine')).toBe(2);
  });

  it('a request naming no tag (Rebuild Now) drops them all: the way out after a write behind the app', async () => {
    const tool = await makeListedTool(owner, { name: 'Dugongic Sheet' });
    expect(await names('?search=dugongic')).toEqual(['Dugongic Sheet']);
    await rename(tool.id, 'Dugongic Table');
    expect(await names('?search=dugongic')).toEqual(['Dugongic Sheet']);
    await requestRebuild('Rebuild Now by an admin', db);
    expect(await names('?search=dugongic')).toEqual(['Dugongic Table']);
  });
});

describe("the alternatives' pools", () => {
  it("are kept per category: a change to another category's tool leaves them, one to theirs drops them", async () => {
    const tags = ['data-analysis' as const];
    const main = await makeListedTool(owner, { name: 'Reel Main', tags, qualityScore: 8 });
    const other = await makeListedTool(owner, { name: 'Reel Other', tags, qualityScore: 7 });
    const shown = async () => (await alternativesOf((await publicToolBySlug(main.slug))!)).map((t) => t.name);
    expect(await shown()).toEqual(['Reel Other']);
    await rename(other.id, 'Reel Renamed');
    await declare(toolChangeTags('a-design-tool', ['design']));
    expect(await shown()).toEqual(['Reel Other']);
    await declare([categoryTag('data-analysis')]);
    expect(await shown()).toEqual(['Reel Renamed']);
  });
});

describe('a kept value', () => {
  it('computed while another use read a change to its tags is answered but not kept', async () => {
    const kept = keptWhileTagsStay<number>(4);
    const other = keptWhileTagsStay<number>(4);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      readTags([toolTag('racing')]);
      if (computed === 1) {
        // The change commits while the value is being made, and another use reads it meanwhile.
        await declare([toolTag('racing')]);
        await other('any', async () => 0);
      }
      return computed;
    };
    expect(await kept('key', compute)).toBe(1);
    expect(await kept('key', compute)).toBe(2);
    expect(await kept('key', compute)).toBe(2);
  });

  it('that read no tag is not kept: nothing would say when it changed', async () => {
    const kept = keptWhileTagsStay<number>(4);
    let computed = 0;
    const compute = async () => ++computed;
    await kept('key', compute);
    expect(await kept('key', compute)).toBe(2);
  });
});

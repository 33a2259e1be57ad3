// The per-request reader (db/client.ts openReader): bun:sqlite read-only on the WAL file the libSQL client writes, and
// the search orders kept until a change touches the lists of tools (db/queries/tools.ts firstMatches).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseUrl, db, openReader, readDb } from '../../db/client';
import { CACHED_MATCHES, listPublicTools } from '../../db/queries/tools';
import { tools, users, type User } from '../../db/schema';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { toolChangeTags } from '../../lib/cache-tags';
import { TOOL_STATUS } from '../../lib/tool-status';
import { call, makeUser } from '../helpers/api';
import { makeListedTool } from '../helpers/admin';

let owner: User;

/** Changes a public tool as the app does: with the rebuild request that names its tags, in one transaction. */
async function change(tool: { id: number; slug: string; tags: string[] }, values: Partial<typeof tools.$inferInsert>) {
  await db.transaction(async (tx) => {
    await tx.update(tools).set(values).where(eq(tools.id, tool.id));
    await requestRebuild('a change in this test', tx, toolChangeTags(tool.slug, tool.tags));
  });
}

/** A public tool, and the rebuild request its approval would have made. */
async function addTool(name: string) {
  const tool = await makeListedTool(owner, { name });
  await requestRebuild('a tool approved in this test', db, toolChangeTags(tool.slug, tool.tags));
  return tool;
}

beforeAll(async () => {
  owner = await makeUser();
});

describe('the reader', () => {
  it('is a separate read-only connection on the same file', async () => {
    const reader = readDb();
    expect(reader).not.toBe(db);
    await expect(reader.update(users).set({ firstName: 'Nobody' }).where(eq(users.id, owner.id))).rejects.toThrow(
      /readonly/i,
    );
    const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, owner.id));
    expect(row.firstName).not.toBe('Nobody');
  });

  it('sees a write of the libSQL connection at its next read', async () => {
    const reader = readDb();
    const tool = await addTool('Freshly Written');
    const [seen] = await reader.select({ name: tools.name }).from(tools).where(eq(tools.id, tool.id));
    expect(seen?.name).toBe('Freshly Written');
  });

  it('reads through the libSQL client itself when the file is not in WAL mode or is a server', () => {
    expect(openReader('libsql://example.turso.io', db)).toBe(db);
    expect(openReader(':memory:', db)).toBe(db);
    expect(openReader(`${databaseUrl()}-missing`, db)).toBe(db);
  });
});

describe('kept search orders', () => {
  it('a search repeated after a change sees the change at once', async () => {
    await addTool('Zephyrine Notes');
    expect((await listPublicTools({ search: 'zephyrine' })).map((t) => t.name)).toEqual(['Zephyrine Notes']);
    const second = await addTool('Zephyrine Planner');
    expect((await listPublicTools({ search: 'zephyrine' })).map((t) => t.name).sort()).toEqual([
      'Zephyrine Notes',
      'Zephyrine Planner',
    ]);
    await change(second, { status: TOOL_STATUS.unlisted });
    expect((await listPublicTools({ search: 'zephyrine' })).map((t) => t.name)).toEqual(['Zephyrine Notes']);
  });

  it('pages across the end of the kept part (CACHED_MATCHES) keep one order', async () => {
    const n = CACHED_MATCHES + 20;
    await db.insert(tools).values(
      Array.from({ length: n }, (_, i) => ({
        name: `Wombatish ${i}`,
        slug: `wombatish-${i}`,
        url: `https://wombatish${i}.example.com`,
        urlKey: `wombatish${i}.example.com`,
        description: 'A helpful assistant for busy professionals.',
        tags: ['productivity' as const],
        status: TOOL_STATUS.approved,
        qualityScore: i % 7,
        approvedAt: new Date(Date.UTC(2025, 0, 1) + (i % 13) * 60_000),
        submittedById: owner.id,
      })),
    );
    const pages = async (limit: number) => {
      const ids: number[] = [];
      for (let offset = 0; offset < n; offset += limit)
        ids.push(...(await listPublicTools({ search: 'wombatish', limit, offset })).map((t) => t.id));
      return ids;
    };
    const byTwelve = await pages(12); // kept up to CACHED_MATCHES, then read directly
    const byHundred = await pages(100); // the third page straddles the end of the kept part: read directly
    expect(new Set(byTwelve).size).toBe(n);
    expect(byHundred).toEqual(byTwelve);
  });
});

describe('kept answers of GET /api/tools', () => {
  const names = async (query: string) =>
    ((await (await call('GET', `/api/tools${query}`)).json()) as { name: string }[]).map((t) => t.name);

  it('answer the same request from the kept text until a tool changes, then from the database at once', async () => {
    const tool = await addTool('Marmotine Ledger');
    expect(await names('?search=marmotine')).toEqual(['Marmotine Ledger']);
    expect(await names('?search=marmotine')).toEqual(['Marmotine Ledger']);
    await change(tool, { name: 'Marmotine Books' });
    expect(await names('?search=marmotine')).toEqual(['Marmotine Books']);
    await change(tool, { status: TOOL_STATUS.unlisted });
    expect(await names('?search=marmotine')).toEqual([]);
  });

  it('keep each query apart, and the answer headers of an uncached one', async () => {
    await addTool('Ocelotic Alpha');
    await addTool('Ocelotic Beta');
    const one = await call('GET', '/api/tools?search=ocelotic&limit=1');
    const two = await call('GET', '/api/tools?search=ocelotic&limit=2');
    expect(((await one.json()) as unknown[]).length).toBe(1);
    expect(((await two.json()) as unknown[]).length).toBe(2);
    const again = await call('GET', '/api/tools?search=ocelotic&limit=1');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(again.headers.get('cache-control')).toBe(one.headers.get('cache-control'));
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

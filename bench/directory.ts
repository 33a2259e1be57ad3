// The directory's orders, filters and facets on a seeded database: each query's plan (EXPLAIN QUERY PLAN: a browse
// must read an index in its order, never "USE TEMP B-TREE FOR ORDER BY") and its time, cold and kept.
// Run: DATABASE_URL=file:/tmp/x.db node_modules/.bin/bun bench/directory.ts   (seed it first: bun db/seed.ts --tools 100000)
import { directoryFacets, directoryPage } from '../db/queries/directory';
import { db } from '../db/client';
import { browseQuery } from '../db/queries/tools';
import { DIRECTORY_SORTS, type ToolFilters } from '../lib/directory';

const FILTERS: [string, ToolFilters][] = [
  ['none', {}],
  ['design', { categories: ['design'] }],
  [
    'design|marketing + free|freemium + 7+',
    { categories: ['design', 'marketing'], pricing: ['free', 'freemium'], minRating: 7 },
  ],
];

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const rows = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
  return rows.rows.map((r) => String(r.detail)).join(' | ');
}

async function time(run: () => Promise<unknown>): Promise<string> {
  const started = performance.now();
  await run();
  return `${(performance.now() - started).toFixed(1)} ms`;
}

let temp = 0;
for (const sort of DIRECTORY_SORTS) {
  for (const [name, filters] of FILTERS) {
    const p = await plan(browseQuery({ sort, filters, limit: 12, offset: 0 }));
    if (p.includes('TEMP B-TREE')) temp++;
    const cold = await time(() => directoryPage({ sort, filters, limit: 12, offset: 0 }));
    const deep = await time(() => directoryPage({ sort, filters, limit: 12, offset: 1200 }));
    console.log(`${sort.padEnd(12)} ${name.padEnd(40)} page 1 ${cold.padStart(9)}  page 101 ${deep.padStart(9)}  ${p}`);
  }
}
for (const search of [undefined, 'writer', 'data', 'Copilt']) {
  const filters: ToolFilters = { categories: ['design'], minRating: 7 };
  const cold = await time(() => directoryFacets({ search, filters }));
  const kept = await time(() => directoryFacets({ search, filters: { pricing: ['free'] } }));
  console.log(
    `facets search=${String(search).padEnd(10)} first ${cold.padStart(9)}  other filters, same search ${kept.padStart(9)}`,
  );
}
for (const search of ['Copilt', 'writr', 'analitics']) {
  const cold = await time(() => directoryPage({ search, limit: 12, offset: 0 }));
  const page = await directoryPage({ search, limit: 12, offset: 0 });
  console.log(
    `typo ${search.padEnd(10)} ${cold.padStart(9)}  suggestion ${page.suggestion}, ${page.tools.length} tools`,
  );
}
console.log(temp === 0 ? 'Every browse reads an index in its order.' : `${temp} browse plans sort with a temp b-tree`);
process.exit(temp === 0 ? 0 : 1);

// Benchmark of the public catalogue reads at 10,000 tools: p50/p99 latency and throughput, in-process and through the app.
// Run: node_modules/.bin/bun bench/search.ts [toolCount]   (uses a scratch database under /tmp, never data/app.db)
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CategoryId } from '../lib/categories';

const TOOL_COUNT = Number(process.argv[2] ?? 10_000);
const WARMUP = 50;
const ITERATIONS = 400;
const P99_TARGET_MS = 10;
const DB_FILE = '/tmp/catalogue-bench.db';

// The database client opens DATABASE_URL when first imported, so set it before any import of db/.
for (const suffix of ['', '-wal', '-shm']) rmSync(`${DB_FILE}${suffix}`, { force: true });
process.env.DATABASE_URL = `file:${DB_FILE}`;

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { tools, users } = await import('../db/schema');
const {
  NAME_TIER_SORT_LIMIT,
  RANKED_MATCH_LIMIT,
  browseQuery,
  commonWordsTiers,
  ftsMatchExpression,
  listPublicTools,
  rankedSearchQuery,
  searchTerms,
  tierQuery,
} = await import('../db/queries/tools');
const { syntheticTools } = await import('./synthetic-tools');
const { app } = await import('../api/app');

interface Case {
  name: string;
  /** Options for listPublicTools; rotated through so one cached plan or page is not all that is measured. */
  variants: { search?: string; category?: CategoryId }[];
}

const CASES: Case[] = [
  { name: 'first page', variants: [{}] },
  {
    name: 'category filter',
    variants: [{ category: 'design' }, { category: 'marketing' }, { category: 'data-analysis' }],
  },
  { name: '1-word search', variants: [{ search: 'podcasts' }, { search: 'invoices' }, { search: 'translate' }] },
  {
    name: '2-word search',
    variants: [{ search: 'video clips' }, { search: 'sales emails' }, { search: 'meeting notes' }],
  },
  { name: 'prefix search', variants: [{ search: 'anal' }, { search: 'transc' }, { search: 'dash' }] },
  // Words in every description ('ai' also in 30% of names): the worst case for search.
  { name: 'broad search', variants: [{ search: 'helps' }, { search: 'ai' }, { search: 'ai assistant' }] },
  {
    name: 'search + category',
    variants: [
      { search: 'writer', category: 'content-creation' },
      { search: 'reports', category: 'data-analysis' },
    ],
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(run: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number; qps: number }> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), qps: (ITERATIONS / total) * 1000 };
}

/** The filters of a case's one category. */
const filtersOfBench = (category: CategoryId | undefined) => ({ categories: category ? [category] : [] });

function toQuery({ search, category }: { search?: string; category?: string }): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('tags', category);
  return params.toString();
}

const fmt = (n: number, digits = 2) => n.toFixed(digits).padStart(8);

// --- data ---------------------------------------------------------------------------------------
await migrateDatabase(db);
const [owner] = await db
  .insert(users)
  .values({ email: 'bench@example.com', firstName: 'Bench', lastName: 'Owner' })
  .returning();
const seedStarted = performance.now();
const rows = syntheticTools(TOOL_COUNT, owner.id);
await db.transaction(async (tx) => {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(tools).values(rows.slice(i, i + 500));
});
await db.$client.execute('ANALYZE');
console.log(
  `Seeded ${TOOL_COUNT} approved tools into ${DB_FILE} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);
console.log(
  `Bun ${Bun.version}, ${WARMUP} warm-up + ${ITERATIONS} measured iterations per case, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);

// --- plans --------------------------------------------------------------------------------------
async function matchCount(expression: string | null): Promise<number> {
  if (!expression) return TOOL_COUNT;
  const r = await db.$client.execute({
    sql: 'select count(*) as n from tools_fts where tools_fts match ?',
    args: [expression],
  });
  return Number(r.rows[0].n);
}

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const rows = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
  return rows.rows.map((r) => String(r.detail)).join(' | ');
}

console.log(
  `Query plans (EXPLAIN QUERY PLAN) and full-text matches; bm25 ranks up to ${RANKED_MATCH_LIMIT} matches, above that two tiers:`,
);
for (const c of CASES) {
  for (const v of c.variants) {
    const page = { limit: 12, offset: 0 };
    const terms = searchTerms(v.search);
    const matches = await matchCount(ftsMatchExpression(v.search));
    let plans: string[];
    if (terms.length === 0) plans = [await plan(browseQuery({ category: v.category, ...page }))];
    else if (matches <= RANKED_MATCH_LIMIT)
      plans = [
        `bm25: ${await plan(rankedSearchQuery({ filters: filtersOfBench(v.category), expression: terms.join(' AND '), ...page }))}`,
      ];
    else {
      const nameHits = await matchCount(commonWordsTiers(terms, filtersOfBench(v.category)).inName);
      const nameTierByRowid = nameHits <= NAME_TIER_SORT_LIMIT;
      const { nameTier, restTier } = commonWordsTiers(terms, filtersOfBench(v.category), { nameTierByRowid });
      plans = [
        `name tier (${nameHits} name hits, ${nameTierByRowid ? 'sorted' : 'walked'}): ${await plan(tierQuery(nameTier, page))}`,
        `rest tier: ${await plan(tierQuery(restTier, page))}`,
      ];
    }
    console.log(`  ${c.name} ${JSON.stringify(v)}: ${matches} matches`);
    for (const p of plans) console.log(`      ${p}`);
  }
}
console.log();

// --- measurements -------------------------------------------------------------------------------
const results: { layer: string; name: string; p50: number; p99: number; qps: number }[] = [];
for (const layer of ['in-process', 'app.handle'] as const) {
  for (const c of CASES) {
    const run =
      layer === 'in-process'
        ? (i: number) => listPublicTools({ limit: 12, ...c.variants[i % c.variants.length] })
        : async (i: number) => {
            const qs = toQuery(c.variants[i % c.variants.length]);
            const res = await app.handle(new Request(`http://localhost:4321/api/tools${qs ? `?${qs}` : ''}`));
            if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
            return res.json();
          };
    results.push({ layer, name: c.name, ...(await measure(run)) });
  }
}

// Sanity: every search case finds something, so the timings are of real work.
for (const c of CASES) {
  for (const v of c.variants) {
    const found = await listPublicTools({ limit: 12, ...v });
    if (found.length === 0)
      console.warn(`warning: ${c.name} ${JSON.stringify(v)} (${ftsMatchExpression(v.search)}) found nothing`);
  }
}

console.log(
  `${'layer'.padEnd(11)} ${'case'.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'queries/s'.padStart(10)}`,
);
for (const r of results) {
  console.log(
    `${r.layer.padEnd(11)} ${r.name.padEnd(18)} ${fmt(r.p50)} ${fmt(r.p99)} ${r.qps.toFixed(0).padStart(10)}`,
  );
}

const searchCases = results.filter((r) => r.layer === 'in-process' && r.name.includes('search'));
const worst = searchCases.reduce((a, b) => (b.p99 > a.p99 ? b : a));
console.log(
  `\nWorst in-process search p99: ${worst.p99.toFixed(2)} ms (${worst.name}); target < ${P99_TARGET_MS} ms: ${worst.p99 < P99_TARGET_MS ? 'met' : 'MISSED'}`,
);
db.$client.close();

// `bun bench/contract.ts`: what checking an answer against its contract schema costs (docs/decisions/0035), in process.
// Seeds the demo data and N synthetic tools (default 10,000; `--tools N`) into a scratch database, then for each answer
// times the schema check alone (its `~standard.validate`, as Elysia calls it) and the whole request through app.handle,
// and prints the check's share of the request. Never part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const toolsArg = process.argv.indexOf('--tools');
const N = toolsArg > 0 ? Number(process.argv[toolsArg + 1]) : 10_000;
const work = mkdtempSync(join(tmpdir(), 'aitools-contract-bench-'));
Object.assign(process.env, { DATABASE_URL: `file:${join(work, 'app.db')}`, UPLOADS_DIR: join(work, 'uploads') });

const { db } = await import('../db/client');
const { migrateDatabase } = await import('../db/migrate');
const { seedDemo, seedSyntheticTools } = await import('../db/seed');
const { app } = await import('../api/app');
const { createSession, SESSION_COOKIE } = await import('../api/auth/sessions');
const { CLIENT_IP_HEADER } = await import('../api/plugins/security');
const { users } = await import('../db/schema');
const C = await import('../lib/contract');

/** Mean microseconds per call of `run` over about `ms` milliseconds, after a warm-up. */
async function perCall(run: () => unknown, ms = 1500): Promise<number> {
  for (let i = 0; i < 200; i++) await run();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 50; i++) await run();
    n += 50;
  }
  return ((performance.now() - start) * 1000) / n;
}

try {
  await migrateDatabase(db);
  await seedDemo(db);
  await seedSyntheticTools(N, db);
  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-admin@example.com', password: 'x', isAdmin: true, firstName: 'Bench' })
    .returning();
  const { token } = await createSession(admin.id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, [CLIENT_IP_HEADER]: '127.0.0.1' };

  const cases: { label: string; path: string; schema: z.ZodType }[] = [
    { label: 'GET /api/user', path: '/api/user', schema: C.currentUserSchema },
    { label: 'GET /api/tools?limit=12', path: '/api/tools?limit=12', schema: C.toolListAnswerSchema },
    { label: 'GET /api/tools?limit=100', path: '/api/tools?limit=100', schema: C.toolListAnswerSchema },
    { label: 'GET /api/tools/slug/{slug}', path: '', schema: C.publicToolDetailSchema },
    {
      label: `GET /api/admin/tools/approved (${N.toLocaleString('en-US')})`,
      path: '/api/admin/tools/approved',
      schema: z.array(C.adminApprovedToolSchema),
    },
  ];
  const [first] = (await (await app.handle(new Request('http://localhost/api/tools?limit=1', { headers }))).json()) as {
    slug: string;
  }[];
  cases[3].path = `/api/tools/slug/${first.slug}`;

  console.log(`Answer checks at ${N.toLocaleString('en-US')} synthetic tools (in process, µs per request)`);
  console.log(`${'answer'.padEnd(44)} ${'check'.padStart(10)} ${'request'.padStart(10)} ${'share'.padStart(7)}`);
  for (const { label, path, schema } of cases) {
    // The value the handler hands Elysia, Dates included: the JSON answer with its timestamps as Dates again.
    const res = await app.handle(new Request(`http://localhost${path}`, { headers }));
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const answer = JSON.parse(await res.text(), (key, value) =>
      typeof value === 'string' && /At$|Until$/.test(key) && !Number.isNaN(Date.parse(value)) ? new Date(value) : value,
    );
    if (
      schema['~standard'].validate(answer) instanceof Promise ||
      (schema['~standard'].validate(answer) as { issues?: unknown }).issues
    ) {
      throw new Error(`${path}: the rebuilt answer does not pass its schema`);
    }
    const check = await perCall(() => schema['~standard'].validate(answer), path.includes('approved') ? 3000 : 1500);
    const request = await perCall(async () => {
      const r = await app.handle(new Request(`http://localhost${path}`, { headers }));
      await r.arrayBuffer();
    });
    console.log(
      `${label.padEnd(44)} ${check.toFixed(1).padStart(10)} ${request.toFixed(1).padStart(10)} ${`${((check / request) * 100).toFixed(1)}%`.padStart(7)}`,
    );
  }
} finally {
  db.$client.close();
  rmSync(work, { recursive: true, force: true });
}

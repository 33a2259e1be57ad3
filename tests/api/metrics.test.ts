// Tool performance metrics (docs/decisions/0054-tool-metrics.md): the tool page's beacon counts a public tool's views
// and Visit Tool clicks once per visitor and UTC day, never for bots, and keeps nothing but the daily counts; owners
// read their own tools' totals, and Premium members the daily series.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { BEACONS_PER_ADDRESS_HOUR, flushBeacons } from '../../api/metrics/service';
import { db } from '../../db/client';
import { metricsDaySecrets, metricsSeen, toolMetricsDaily, type Tool } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { lastDays } from '../../lib/metrics';
import { BASE, call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';
import { startServer, until, type ServerProcess } from '../helpers/server-process';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let n = 0;
const nextAddress = () => `198.51.100.${++n}`;

interface Sent {
  ip?: string;
  userAgent?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A beacon as navigator.sendBeacon sends a string: a text/plain body from the site's own origin. */
function beacon(
  body: unknown,
  { ip = nextAddress(), userAgent = BROWSER, contentType = 'text/plain;charset=UTF-8', headers: extra = {} }: Sent = {},
) {
  const headers = new Headers({ 'content-type': contentType, origin: BASE, [CLIENT_IP_HEADER]: ip, ...extra });
  if (userAgent !== null) headers.set('user-agent', userAgent);
  return app.handle(
    new Request(`${BASE}/api/metrics/beacon`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** The rows a tool's beacons left, once this process has written the beacons it gathered. */
async function dailyRows(toolId: number) {
  await flushBeacons();
  return db.select().from(toolMetricsDaily).where(eq(toolMetricsDaily.toolId, toolId)).orderBy(toolMetricsDaily.day);
}

async function totals(tool: Tool) {
  const rows = await dailyRows(tool.id);
  return { views: rows.reduce((s, r) => s + r.views, 0), clicks: rows.reduce((s, r) => s + r.clicks, 0) };
}

const approvedTool = (values: Parameters<typeof makeTool>[0] = {}) => makeTool({ status: 'approved', ...values });

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/metrics/beacon', () => {
  it('keeps the gathered beacons when a write fails (the other process held the lock) and counts them on the next', async () => {
    const tool = await approvedTool();
    const ip = nextAddress();
    expect((await beacon({ toolId: tool.id, kind: 'view' }, { ip })).status).toBe(204);
    expect((await beacon({ toolId: tool.id, kind: 'click' }, { ip })).status).toBe(204);
    const { sql } = await import('drizzle-orm');
    await db.run(
      sql`create trigger metrics_unavailable before insert on tool_metrics_daily begin select raise(abort, 'database is locked'); end`,
    );
    try {
      await expect(flushBeacons()).rejects.toThrow();
    } finally {
      await db.run(sql`drop trigger metrics_unavailable`);
    }
    expect(await totals(tool)).toEqual({ views: 1, clicks: 1 });
  });

  it('counts a view and a Visit Tool click of a public tool, answering 204', async () => {
    const tool = await approvedTool();
    const ip = nextAddress();
    const view = await beacon({ toolId: tool.id, kind: 'view' }, { ip });
    expect(view.status).toBe(204);
    expect(await view.text()).toBe('');
    expect((await beacon({ toolId: tool.id, kind: 'click' }, { ip })).status).toBe(204);
    expect(await totals(tool)).toEqual({ views: 1, clicks: 1 });
  });

  it('counts one view per address per day whatever user agent it sends, and each other address once', async () => {
    const tool = await approvedTool();
    // Twice in one batch of the process, and again after the batch was written.
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.40' });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.40' });
    await flushBeacons();
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.40' });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.40', userAgent: OTHER_BROWSER });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.40', userAgent: `${BROWSER} rotated` });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.41' });
    expect(await totals(tool)).toEqual({ views: 2, clicks: 0 });
  });

  it('counts a click only after a counted view of that tool from that address that day, and once', async () => {
    const [tool, other] = [await approvedTool(), await approvedTool()];
    const ip = nextAddress();
    // A click alone, one after a view of another tool, and one from another address than the view's: none counts.
    await beacon({ toolId: tool.id, kind: 'click' }, { ip });
    await beacon({ toolId: other.id, kind: 'view' }, { ip });
    await beacon({ toolId: tool.id, kind: 'click' }, { ip });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: nextAddress() });
    await beacon({ toolId: tool.id, kind: 'click' }, { ip: nextAddress() });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
    // After its own view (in the same batch, and in a later one), from another browser too: once.
    await beacon({ toolId: tool.id, kind: 'view' }, { ip });
    await beacon({ toolId: tool.id, kind: 'click' }, { ip });
    await flushBeacons();
    await beacon({ toolId: tool.id, kind: 'click' }, { ip, userAgent: OTHER_BROWSER });
    expect(await totals(tool)).toEqual({ views: 2, clicks: 1 });
    expect(await totals(other)).toEqual({ views: 1, clicks: 0 });
  });

  it.each([
    ['DNT: 1', { dnt: '1' }],
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
  ])('stores nothing for a visitor who sends %s, answering the same 204', async (_name, headers) => {
    const tool = await approvedTool();
    const ip = nextAddress();
    const seenBefore = await db.$count(metricsSeen);
    for (const kind of ['view', 'click'] as const)
      expect((await beacon({ toolId: tool.id, kind }, { ip, headers })).status).toBe(204);
    expect(await totals(tool)).toEqual({ views: 0, clicks: 0 });
    expect(await db.$count(metricsSeen)).toBe(seenBefore);
    // Nothing was remembered of them either: the same address without the signal is a new visitor.
    await beacon({ toolId: tool.id, kind: 'view' }, { ip });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
  });

  it('counts addresses of one IPv6 /64 as one visitor', async () => {
    const tool = await approvedTool();
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '2001:db8:1:2::a' });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '2001:db8:1:2:ffff::b' });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
  });

  it('counts the same visitor again on the next UTC day, and forgets the day before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-10T23:59:00Z'));
    const tool = await approvedTool();
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.50' });
    await flushBeacons();
    const [seen] = await db.select().from(metricsSeen).where(eq(metricsSeen.day, '2031-03-10'));
    // A keyed hash, not the address or the user agent.
    expect(seen.hash).not.toContain('203.0.113.50');
    expect(seen.hash).toMatch(/^[\w-]{43}$/);

    vi.setSystemTime(new Date('2031-03-11T00:01:00Z'));
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.50' });
    await beacon({ toolId: tool.id, kind: 'view' }, { ip: '203.0.113.50' });
    expect((await dailyRows(tool.id)).map(({ day, views }) => [day, views])).toEqual([
      ['2031-03-10', 1],
      ['2031-03-11', 1],
    ]);
    // The first beacon of a day deleted the day before's secret and dedup rows; its counts stay.
    expect(await db.select().from(metricsSeen).where(eq(metricsSeen.day, '2031-03-10'))).toEqual([]);
    expect((await db.select().from(metricsDaySecrets)).map((s) => s.day)).toEqual(['2031-03-11']);
  });

  it('ignores bots and clients without a user agent, answering 204', async () => {
    const tool = await approvedTool();
    expect((await beacon({ toolId: tool.id, kind: 'view' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await beacon({ toolId: tool.id, kind: 'view' }, { userAgent: 'curl/8.5.0' })).status).toBe(204);
    expect((await beacon({ toolId: tool.id, kind: 'view' }, { userAgent: null })).status).toBe(204);
    expect(await totals(tool)).toEqual({ views: 0, clicks: 0 });
  });

  it('counts nothing for a tool that is unknown or not public, and answers the same 204', async () => {
    const unlisted = await makeTool({ status: 'unlisted' });
    const pending = await makeTool({ status: 'pending' });
    for (const toolId of [unlisted.id, pending.id, 999_999_999]) {
      expect((await beacon({ toolId, kind: 'view' })).status).toBe(204);
    }
    expect(await totals(unlisted)).toEqual({ views: 0, clicks: 0 });
    expect(await totals(pending)).toEqual({ views: 0, clicks: 0 });
    expect(await db.select().from(toolMetricsDaily).where(eq(toolMetricsDaily.toolId, 999_999_999))).toEqual([]);
  });

  it('refuses a malformed beacon with 400 and counts nothing', async () => {
    const tool = await approvedTool();
    for (const body of [
      { toolId: tool.id, kind: 'download' },
      { toolId: String(tool.id), kind: 'view' },
      { toolId: tool.id },
      { toolId: tool.id, kind: 'view', extra: 1 },
      { toolId: -1, kind: 'view' },
    ]) {
      const res = await beacon(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toBe(MSG.metricsBeaconInvalid);
    }
    const broken = await beacon('{"toolId":');
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe(MSG.malformedBody);
    expect(await totals(tool)).toEqual({ views: 0, clicks: 0 });
  });

  it('refuses a beacon from another site', async () => {
    const tool = await approvedTool();
    const headers = {
      'content-type': 'text/plain',
      origin: 'https://elsewhere.example',
      'user-agent': BROWSER,
      [CLIENT_IP_HEADER]: nextAddress(),
    };
    const res = await app.handle(
      new Request(`${BASE}/api/metrics/beacon`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ toolId: tool.id, kind: 'view' }),
      }),
    );
    expect(res.status).toBe(403);
    expect(await totals(tool)).toEqual({ views: 0, clicks: 0 });
  });

  it('counts one view from an address that rotates its user agent, and limits its beacons', async () => {
    const tool = await approvedTool();
    const ip = nextAddress();
    const limit = BEACONS_PER_ADDRESS_HOUR;
    for (let i = 0; i < limit; i++)
      await beacon({ toolId: tool.id, kind: 'view' }, { ip, userAgent: `${BROWSER} r${i}` });
    const over = await beacon({ toolId: tool.id, kind: 'view' }, { ip, userAgent: `${BROWSER} over` });
    expect(over.status).toBe(429);
    expect(await over.text()).toBe(MSG.metricsTooManyBeacons);
    expect(await totals(tool)).toEqual({ views: 1, clicks: 0 });
  });
});

describe('the beacon in two server processes over one database', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // TRUSTED_PROXY_HOPS=1: the other process takes the client address from X-Forwarded-For, as behind the platform's proxy.
    server = await startServer({ REBUILD_WORKER: '0', SITE_URL: BASE, TRUSTED_PROXY_HOPS: '1' });
  }, 60_000);
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('counts an address once whichever process takes its beacons, whatever user agents it sends', async () => {
    const tool = await approvedTool();
    const ip = nextAddress();
    const elsewhere = (kind: 'view' | 'click', userAgent: string) =>
      fetch(`${server.base}/api/metrics/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: BASE, 'user-agent': userAgent, 'x-forwarded-for': ip },
        body: JSON.stringify({ toolId: tool.id, kind }),
      });
    expect((await elsewhere('view', OTHER_BROWSER)).status).toBe(204);
    await until('the other process to write its view', async () => (await dailyRows(tool.id)).length > 0);
    await beacon({ toolId: tool.id, kind: 'view' }, { ip });
    // The other process's view is what lets this process's click count; the other's click is then a repeat.
    await beacon({ toolId: tool.id, kind: 'click' }, { ip });
    expect(await totals(tool)).toEqual({ views: 1, clicks: 1 });
    expect((await elsewhere('click', `${OTHER_BROWSER} rotated`)).status).toBe(204);
    expect((await elsewhere('view', `${BROWSER} rotated`)).status).toBe(204);
    // Its flush is due within BEACON_FLUSH_MS; a probe beacon from a fresh address shows when it has written.
    const probe = nextAddress();
    await fetch(`${server.base}/api/metrics/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: BASE, 'user-agent': BROWSER, 'x-forwarded-for': probe },
      body: JSON.stringify({ toolId: tool.id, kind: 'view' }),
    });
    await until('the other process to write its batch', async () => (await totals(tool)).views === 2);
    expect(await totals(tool)).toEqual({ views: 2, clicks: 1 });
  });
});

describe('GET /api/user/tools/{id}/metrics and GET /api/user/tools/metrics', () => {
  async function seed(toolId: number, rows: [day: string, views: number, clicks: number][]) {
    await db.insert(toolMetricsDaily).values(rows.map(([day, views, clicks]) => ({ toolId, day, views, clicks })));
  }

  const NOW = new Date('2031-06-30T12:00:00Z');

  it('gives a free owner the totals and says the daily chart is a Premium feature', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const owner = await signedIn(NO_PASSWORD);
    const tool = await approvedTool({ submittedById: owner.user.id });
    await seed(tool.id, [
      ['2031-06-30', 5, 2],
      ['2031-06-01', 3, 1],
      ['2031-05-31', 100, 100],
    ]);
    const res = await call('GET', `/api/user/tools/${tool.id}/metrics`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      toolId: tool.id,
      days: 30,
      from: '2031-06-01',
      to: '2031-06-30',
      views: 8,
      clicks: 3,
      badgeVisits: 0,
      chartsArePremium: true,
      series: null,
    });
  });

  it('gives a Premium owner every day of the 30 or 90 day range, zeros included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const tool = await approvedTool({ submittedById: owner.user.id });
    await seed(tool.id, [
      ['2031-06-30', 5, 2],
      ['2031-06-01', 3, 1],
      ['2031-05-31', 7, 0],
      ['2031-04-02', 1, 1],
      ['2031-04-01', 50, 50],
    ]);

    const month = await (
      await call('GET', `/api/user/tools/${tool.id}/metrics?days=30`, { cookie: owner.cookie })
    ).json();
    expect(month).toMatchObject({
      days: 30,
      from: '2031-06-01',
      to: '2031-06-30',
      views: 8,
      clicks: 3,
      chartsArePremium: false,
    });
    expect(month.series).toHaveLength(30);
    expect(month.series[0]).toEqual({ day: '2031-06-01', views: 3, clicks: 1 });
    expect(month.series[1]).toEqual({ day: '2031-06-02', views: 0, clicks: 0 });
    expect(month.series[29]).toEqual({ day: '2031-06-30', views: 5, clicks: 2 });

    const quarter = await (
      await call('GET', `/api/user/tools/${tool.id}/metrics?days=90`, { cookie: owner.cookie })
    ).json();
    expect(quarter).toMatchObject({ days: 90, from: '2031-04-02', to: '2031-06-30', views: 16, clicks: 4 });
    expect(quarter.series.map((d: { day: string }) => d.day)).toEqual(lastDays(90, NOW));
    expect(quarter.series.filter((d: { views: number }) => d.views > 0)).toHaveLength(4);
  });

  it('refuses other ranges with 400', async () => {
    const owner = await signedIn(NO_PASSWORD);
    const tool = await approvedTool({ submittedById: owner.user.id });
    for (const days of ['7', '31', 'all', '']) {
      const res = await call('GET', `/api/user/tools/${tool.id}/metrics?days=${days}`, { cookie: owner.cookie });
      expect(res.status, days).toBe(400);
      expect(await res.text()).toBe(MSG.metricsDays);
    }
    expect((await call('GET', '/api/user/tools/metrics?days=365', { cookie: owner.cookie })).status).toBe(400);
  });

  it("answers 404 for another member's tool or one that does not exist, and 401 when signed out", async () => {
    const owner = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const other = await signedIn({ ...NO_PASSWORD, isPremium: true });
    const tool = await approvedTool({ submittedById: owner.user.id });
    await seed(tool.id, [[lastDays(1)[0], 4, 4]]);
    for (const path of [
      `/api/user/tools/${tool.id}/metrics`,
      '/api/user/tools/999999999/metrics',
      '/api/user/tools/abc/metrics',
    ]) {
      const res = await call('GET', path, { cookie: other.cookie });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(MSG.toolNotFound);
    }
    expect((await call('GET', `/api/user/tools/${tool.id}/metrics`)).status).toBe(401);
    expect((await call('GET', '/api/user/tools/metrics')).status).toBe(401);
  });

  it("sums each of the owner's own tools over the range, most viewed first", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const owner = await signedIn(NO_PASSWORD);
    const [quiet, busy, silent] = [
      await approvedTool({ submittedById: owner.user.id }),
      await approvedTool({ submittedById: owner.user.id }),
      await approvedTool({ submittedById: owner.user.id }),
    ];
    const stranger = await approvedTool();
    await seed(quiet.id, [
      ['2031-06-30', 1, 0],
      ['2031-06-29', 1, 1],
      ['2031-05-01', 9, 9],
    ]);
    await seed(busy.id, [['2031-06-15', 10, 3]]);
    await seed(stranger.id, [['2031-06-30', 99, 99]]);

    const month = await (await call('GET', '/api/user/tools/metrics', { cookie: owner.cookie })).json();
    expect(month).toEqual({
      days: 30,
      from: '2031-06-01',
      to: '2031-06-30',
      tools: [
        { toolId: busy.id, name: busy.name, slug: busy.slug, views: 10, clicks: 3, badgeVisits: 0 },
        { toolId: quiet.id, name: quiet.name, slug: quiet.slug, views: 2, clicks: 1, badgeVisits: 0 },
      ],
    });
    expect(month.tools.map((t: { toolId: number }) => t.toolId)).not.toContain(silent.id);
    const quarter = await (await call('GET', '/api/user/tools/metrics?days=90', { cookie: owner.cookie })).json();
    expect(quarter.tools[0]).toEqual({
      toolId: quiet.id,
      name: quiet.name,
      slug: quiet.slug,
      views: 11,
      clicks: 10,
      badgeVisits: 0,
    });
  });
});

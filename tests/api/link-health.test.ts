// Link health (docs/decisions/0102): one check of a tool's address against local servers that answer each class, the
// states a run of daily checks leads to (with a clock the test controls), the owners' e-mails, 90 days of checks, one
// request at a time per host, the tool page's note, the checks queued by approval and a new address, and the admin tab.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { linkChecks, linkHealth, loginThrottle, rebuildJobs, toolOwners, tools, type Tool } from '../../db/schema';
import { checkLink, type LinkCheckResult } from '../../api/listings/link-check';
import { nextCheckSlot, queueLinkCheck, recordLinkCheck } from '../../api/listings/link-health';
import { refreshShownChecks, runLinkCheckPass } from '../../api/listings/link-checks';
import { renderPage } from '../../api/publishing/page-renderer';
import { useTestNetwork } from '../../api/services/resolver';
import { config } from '../../api/config';
import { toolTag } from '../../lib/cache-tags';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { auditOf, emailsTo, makeTool, NO_PASSWORD } from '../helpers/admin';

const DAY = 86_400_000;
let hits = new Map<string, number>();

const server: Bun.Server<undefined> = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request): Response | Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string, init: ResponseInit = {}) =>
      new Response(`<!doctype html><title>${body}</title><p>${body}</p>`, {
        ...init,
        headers: { 'content-type': 'text/html', ...init.headers },
      });
    const to = (location: string) => new Response(null, { status: 302, headers: { location } });
    switch (path) {
      case '/ok':
        return html('Acme writes for you');
      case '/same':
        return to(`http://www.acme.test:${server.port}/ok`);
      case '/other':
        return to(`http://elsewhere.test:${server.port}/ok`);
      case '/gone':
        return html('Not here', { status: 404 });
      case '/removed':
        return html('Gone for good', { status: 410 });
      case '/flaky':
        return hits.get(path) === 1 ? html('Oops', { status: 500 }) : html('Back');
      case '/broken':
        return html('Still broken', { status: 502 });
      case '/busy':
        return html('Slow down', { status: 503, headers: { 'retry-after': '120' } });
      case '/slow':
        return new Promise<Response>(() => {});
      case '/challenge':
        return html('Just a moment...', { status: 403, headers: { 'cf-mitigated': 'challenge' } });
      case '/forbidden':
        return html('No robots', { status: 403 });
      case '/parked':
        return html('acme.test - This domain is for sale! Buy this domain today.');
      case '/to-local':
        return to(`http://127.0.0.1:${other.port}/`);
      case '/large':
        return new Response(`<!doctype html><title>Big</title>${'x'.repeat(400_000)}`);
      default:
        return html('Not here', { status: 404 });
    }
  },
});
// A loopback port the test network does not allow: a redirect there is refused.
const other = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('internal') });
const at = (path: string, host = 'acme.test') => `http://${host}:${server.port}${path}`;

let restore = () => {};
beforeAll(() => {
  restore = useTestNetwork({
    hosts: { 'acme.test': '127.0.0.1', 'www.acme.test': '127.0.0.1', 'elsewhere.test': '127.0.0.1' },
    loopbackPorts: [server.port!],
  });
});
afterAll(() => {
  restore();
  server.stop(true);
  other.stop(true);
});

/** Checks with a sleep that records its waits instead of waiting. */
async function checked(url: string, timeoutMs?: number): Promise<LinkCheckResult & { slept: number[] }> {
  const slept: number[] = [];
  const result = await checkLink(url, { timeoutMs, sleep: async (ms) => void slept.push(ms) });
  return { ...result, slept };
}

describe('one check of an address', () => {
  it('is ok when the site answers, also after a redirect on its own domain, and reads only the start of a large page', async () => {
    expect(await checked(at('/ok'))).toMatchObject({ outcome: 'ok', status: 200, attempts: 1, slept: [] });
    expect(await checked(at('/same'))).toMatchObject({ outcome: 'ok', finalUrl: at('/ok', 'www.acme.test') });
    expect(await checked(at('/large'))).toMatchObject({ outcome: 'ok', status: 200 });
  });

  it('is moved when a redirect leads to another registrable domain', async () => {
    expect(await checked(at('/other'))).toMatchObject({
      outcome: 'moved',
      status: 200,
      finalUrl: at('/ok', 'elsewhere.test'),
      detail: 'elsewhere.test',
    });
  });

  it('fails at once on 404 and 410', async () => {
    expect(await checked(at('/gone'))).toMatchObject({ outcome: 'failed', status: 404, attempts: 1, slept: [] });
    expect(await checked(at('/removed'))).toMatchObject({ outcome: 'failed', status: 410, attempts: 1, slept: [] });
  });

  it('retries a 5xx twice: ok when it recovers, failed when it does not, waiting what Retry-After asks up to a minute', async () => {
    hits = new Map();
    expect(await checked(at('/flaky'))).toMatchObject({ outcome: 'ok', attempts: 2, slept: [2_000] });
    expect(await checked(at('/broken'))).toMatchObject({
      outcome: 'failed',
      status: 502,
      attempts: 3,
      slept: [2_000, 10_000],
    });
    expect(await checked(at('/busy'))).toMatchObject({ outcome: 'failed', attempts: 3, slept: [60_000, 60_000] });
  });

  it('retries a timeout twice, then fails', async () => {
    expect(await checked(at('/slow'), 200)).toMatchObject({ outcome: 'failed', detail: 'timeout', attempts: 3 });
  });

  it("is blocked, never failed, on a 403 or Cloudflare's challenge", async () => {
    expect(await checked(at('/challenge'))).toMatchObject({
      outcome: 'blocked',
      status: 403,
      detail: 'cf-mitigated: challenge',
      attempts: 1,
    });
    expect(await checked(at('/forbidden'))).toMatchObject({ outcome: 'blocked', status: 403, detail: '403' });
  });

  it('is parked on a parked-domain page', async () => {
    expect(await checked(at('/parked'))).toMatchObject({ outcome: 'parked', status: 200 });
  });

  it('fails, unretried, on a redirect to a private address and on a name that does not resolve', async () => {
    expect(await checked(at('/to-local'))).toMatchObject({ outcome: 'failed', detail: 'address', attempts: 1 });
    expect(await checked(at('/ok', 'nowhere.test'))).toMatchObject({
      outcome: 'failed',
      detail: 'dns',
      attempts: 1,
      slept: [],
    });
  });
});

const result = (outcome: LinkCheckResult['outcome'], status: number | null = null): LinkCheckResult => ({
  outcome,
  status,
  finalUrl: null,
  detail: outcome === 'failed' ? 'timeout' : null,
  attempts: 1,
  durationMs: 5,
});

const healthOf = async (toolId: number) => db.query.linkHealth.findFirst({ where: eq(linkHealth.toolId, toolId) });
const linkRebuilds = async (tool: Tool) =>
  (await db.select().from(rebuildJobs)).filter(
    (job) => job.reason.startsWith('link ') && job.tags.includes(toolTag(tool.slug)),
  );

describe('the states a run of daily checks leads to', () => {
  const start = new Date('2026-11-01T06:00:00Z');
  const day = (n: number) => new Date(start.getTime() + n * DAY);

  it('suspect after a failing day, failing after 3, down after 7; one ok resets; the owners are e-mailed once each', async () => {
    const submitter = await makeUser(NO_PASSWORD);
    const owner = await makeUser(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: submitter.id, url: 'https://quill.example.com' });
    await db
      .insert(toolOwners)
      .values({ toolId: tool.id, userId: owner.id, method: 'dns', status: 'verified', domain: 'example.com' });
    const mails = async () => [...(await emailsTo(submitter.email)), ...(await emailsTo(owner.email))];

    await recordLinkCheck(tool.id, result('failed'), day(0));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'suspect', failStreak: 1, failingSince: day(0) });
    // An admin's recheck the same day is the same failing day.
    await recordLinkCheck(tool.id, result('failed'), new Date(day(0).getTime() + 3_600_000));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'suspect', failStreak: 1 });
    // A blocked check is not a failure and not a success.
    await recordLinkCheck(tool.id, result('blocked', 403), day(1));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'suspect', failStreak: 1 });
    expect(await linkRebuilds(tool)).toHaveLength(0);
    await recordLinkCheck(tool.id, result('failed'), day(2));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'suspect', failStreak: 2 });
    expect(await mails()).toHaveLength(0);

    await recordLinkCheck(tool.id, result('failed'), day(3));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'failing', failStreak: 3, failingSince: day(0) });
    expect((await mails()).map((m) => [m.to, m.kind])).toEqual(
      expect.arrayContaining([
        [submitter.email, 'link-unreachable'],
        [owner.email, 'link-unreachable'],
      ]),
    );
    expect(await mails()).toHaveLength(2);
    expect(await linkRebuilds(tool)).toHaveLength(1);

    for (const n of [4, 5, 6]) await recordLinkCheck(tool.id, result('failed'), day(n));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'failing', failStreak: 6 });
    expect(await mails()).toHaveLength(2);
    await recordLinkCheck(tool.id, result('failed'), day(7));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'down', failStreak: 7 });
    expect(await mails()).toHaveLength(4);
    expect((await emailsTo(owner.email))[0].subject).toContain('unreachable for a week');
    await recordLinkCheck(tool.id, result('failed'), day(8));
    expect(await mails()).toHaveLength(4);
    expect(await linkRebuilds(tool)).toHaveLength(2);

    await recordLinkCheck(tool.id, result('ok', 200), day(9));
    expect(await healthOf(tool.id)).toMatchObject({
      state: 'healthy',
      failStreak: 0,
      failingSince: null,
      notifiedState: null,
    });
    expect(await linkRebuilds(tool)).toHaveLength(3);
    // A new streak is news again.
    for (const n of [10, 11, 12]) await recordLinkCheck(tool.id, result('failed'), day(n));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'failing', failingSince: day(10) });
    expect(await mails()).toHaveLength(6);
    expect(await db.select().from(linkChecks).where(eq(linkChecks.toolId, tool.id))).toHaveLength(14);
  });

  it('records moved and parked for the admins without changing the state or the page', async () => {
    const tool = await makeTool({ status: 'approved' });
    await recordLinkCheck(tool.id, { ...result('moved', 200), finalUrl: 'https://elsewhere.example.org/' }, day(0));
    expect(await healthOf(tool.id)).toMatchObject({
      state: 'healthy',
      lastOutcome: 'moved',
      movedTo: 'https://elsewhere.example.org/',
    });
    await recordLinkCheck(tool.id, result('parked', 200), day(1));
    expect(await healthOf(tool.id)).toMatchObject({ state: 'healthy', lastOutcome: 'parked' });
    expect(await linkRebuilds(tool)).toHaveLength(0);
  });
});

describe('the daily job', () => {
  it('checks each approved tool when due, then at its own moment of the next day; never an unlisted or pending one', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    await db.delete(linkHealth);
    const approved = await makeTool({ status: 'approved', url: 'https://due.example.net' });
    const pending = await makeTool({ url: 'https://pending.example.net' });
    const unlisted = await makeTool({ status: 'unlisted', url: 'https://unlisted.example.net' });
    const seen: string[] = [];
    const check = async (url: string) => {
      seen.push(url);
      return result('ok', 200);
    };
    // A tool without a row gets one, due at its moment of the day.
    await runLinkCheckPass({ now, check });
    const slot = nextCheckSlot(approved.id, now);
    expect(await healthOf(approved.id)).toMatchObject({ nextCheckAt: slot, lastCheckedAt: null });
    expect(await healthOf(pending.id)).toBeUndefined();
    await runLinkCheckPass({ now: slot, check });
    expect(seen.filter((url) => url === approved.url)).toHaveLength(1);
    const after = await healthOf(approved.id);
    expect(after).toMatchObject({ lastCheckedAt: slot, lastOutcome: 'ok' });
    expect(after?.nextCheckAt?.getTime()).toBe(slot.getTime() + DAY);
    // Queued at once (approval), it is checked on the next pass even though its moment has not come.
    await queueLinkCheck(db, unlisted.id, slot);
    await runLinkCheckPass({ now: new Date(slot.getTime() + 1000), check });
    expect(seen).not.toContain(unlisted.url);
    expect(seen).not.toContain(pending.url);
  });

  it('gives new tools their rows a batch per pass, so a first start with a large catalogue never holds the database', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    await db.delete(linkHealth);
    const approvedCount = async () =>
      (await db.select({ id: tools.id }).from(tools).where(eq(tools.status, 'approved'))).length;
    for (let i = 0; i < 3; i += 1) await makeTool({ status: 'approved', url: `https://batch-${i}.example.net` });
    const total = await approvedCount();
    const check = async () => result('ok', 200);
    await runLinkCheckPass({ now, check, newTools: 2 });
    expect((await db.select().from(linkHealth)).length).toBe(2);
    for (let pass = 0; pass < Math.ceil(total / 2); pass += 1) await runLinkCheckPass({ now, check, newTools: 2 });
    expect((await db.select().from(linkHealth)).length).toBe(total);
  });

  it('never checks two addresses of one host at once, and runs other hosts side by side', async () => {
    await db.delete(linkHealth);
    const now = new Date();
    const hosts = [
      'a.example.org',
      'a.example.org',
      'a.example.org',
      'b.example.org',
      'b.example.org',
      'c.example.org',
    ];
    for (const [i, host] of hosts.entries()) {
      const tool = await makeTool({ status: 'approved', url: `https://${host}/tool-${i}` });
      await queueLinkCheck(db, tool.id, now);
    }
    const running = new Map<string, number>();
    let most = 0;
    let mostPerHost = 0;
    const check = async (url: string) => {
      const host = new URL(url).hostname;
      running.set(host, (running.get(host) ?? 0) + 1);
      mostPerHost = Math.max(mostPerHost, running.get(host)!);
      most = Math.max(
        most,
        [...running.values()].reduce((a, b) => a + b, 0),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      running.set(host, running.get(host)! - 1);
      return result('ok', 200);
    };
    // Only the rows queued above are due; other approved tools get their moment of the day.
    expect(await runLinkCheckPass({ now, check, concurrency: 4 })).toBeGreaterThanOrEqual(6);
    expect(mostPerHost).toBe(1);
    expect(most).toBeGreaterThan(1);
  });

  it('keeps 90 days of checks', async () => {
    const tool = await makeTool({ status: 'approved' });
    const now = new Date('2031-06-01T00:00:00Z');
    await db.insert(linkChecks).values([
      { toolId: tool.id, checkedAt: new Date(now.getTime() - 91 * DAY), outcome: 'ok' },
      { toolId: tool.id, checkedAt: new Date(now.getTime() - 89 * DAY), outcome: 'failed' },
    ]);
    await runLinkCheckPass({ now, check: async () => result('ok', 200) });
    const kept = await db.select().from(linkChecks).where(eq(linkChecks.toolId, tool.id));
    expect(kept.map((row) => row.outcome)).toEqual(['failed']);
  });

  it("renders again a seventh of the checked tools' pages a day, so a page's check date is at most a week old", async () => {
    const now = new Date('2031-07-01T12:00:00Z');
    const checkedTools: Tool[] = [];
    for (let i = 0; i < 7; i++) {
      const tool = await makeTool({ status: 'approved' });
      await recordLinkCheck(tool.id, result('ok', 200), now);
      checkedTools.push(tool);
    }
    const named = new Map<string, number>();
    for (let d = 0; d < 7; d++) {
      await refreshShownChecks(new Date(now.getTime() + d * DAY));
      const jobs = await db.select().from(rebuildJobs).orderBy(desc(rebuildJobs.id)).limit(1);
      expect(jobs[0].reason).toMatch(/^link check dates/);
      for (const tag of jobs[0].tags) named.set(tag, (named.get(tag) ?? 0) + 1);
    }
    for (const tool of checkedTools) expect(named.get(toolTag(tool.slug)), tool.slug).toBe(1);
  });
});

async function page(slug: string): Promise<string> {
  const res = await renderPage(`/tool/${slug}`, { appDir: config.appDir, siteUrl: BASE });
  expect(res?.status).toBe(200);
  return (await res!.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the tool page', () => {
  it('says when the link was checked, and from failing on since when the site could not be reached', async () => {
    const tool = await makeTool({ status: 'approved', url: 'https://www.inkwell.example.com/app' });
    expect(await page(tool.slug)).not.toContain('Link checked');
    const first = new Date(Date.now() - 3 * DAY);
    await recordLinkCheck(tool.id, result('ok', 200), first);
    let text = await page(tool.slug);
    expect(text).toContain('Link checked on');
    expect(text).not.toContain('could not reach');
    for (const n of [2, 1, 0]) await recordLinkCheck(tool.id, result('failed'), new Date(Date.now() - n * DAY - 1000));
    text = await page(tool.slug);
    expect(text).toMatch(/We could not reach inkwell\.example\.com since \w+ \d+, \d{4}\./);
    await recordLinkCheck(tool.id, result('ok', 200), new Date());
    expect(await page(tool.slug)).not.toContain('could not reach');
  });
});

describe('checked at once when approved or its address changes', () => {
  it('queues the tool on approval and on a new address', async () => {
    const admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
    const tool = await makeTool({ url: 'https://fresh-nib.example.com' });
    const before = Date.now();
    const approved = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
      cookie: admin,
      body: { curatorTake: 'A clean writing tool.', qualityScore: 7 },
    });
    expect(approved.status).toBe(200);
    expect((await healthOf(tool.id))?.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(before);
    await db
      .update(linkHealth)
      .set({ nextCheckAt: new Date(before + DAY) })
      .where(eq(linkHealth.toolId, tool.id));
    const edited = await call('PATCH', `/api/admin/tools/${tool.id}`, {
      cookie: admin,
      body: { url: 'https://fresh-nib.example.org' },
    });
    expect(edited.status).toBe(200);
    expect((await healthOf(tool.id))?.nextCheckAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('the admin Link Health tab', () => {
  let admin: string;
  let failing: Tool;
  beforeAll(async () => {
    admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
    failing = await makeTool({ status: 'approved', name: 'Failing Fox', url: at('/gone') });
    for (const n of [3, 2, 1]) await recordLinkCheck(failing.id, result('failed', 404), new Date(Date.now() - n * DAY));
  });

  it('lists the tools that need a look, worst first, with their last checks; only for those who manage link health', async () => {
    const res = await call('GET', '/api/admin/link-health', { cookie: admin });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { toolId: number; state: string; checks: unknown[] }[];
    const row = rows.find((r) => r.toolId === failing.id);
    expect(row).toMatchObject({ state: 'failing', failStreak: 3, name: 'Failing Fox' });
    expect(row?.checks).toHaveLength(3);
    const down = await call('GET', '/api/admin/link-health?show=down', { cookie: admin });
    expect(((await down.json()) as { toolId: number }[]).some((r) => r.toolId === failing.id)).toBe(false);
    expect((await call('GET', '/api/admin/link-health?show=nonsense', { cookie: admin })).status).toBe(400);
    const member = (await signedIn(NO_PASSWORD)).cookie;
    expect((await call('GET', '/api/admin/link-health', { cookie: member })).status).toBe(403);
    expect((await call('GET', '/api/admin/link-health')).status).toBe(401);
  });

  it('rechecks now: answers the check, moves the state, writes the audit', async () => {
    const tool = await makeTool({ status: 'approved', url: at('/ok') });
    for (const n of [3, 2, 1]) await recordLinkCheck(tool.id, result('failed'), new Date(Date.now() - n * DAY));
    const res = await call('POST', `/api/admin/link-health/${tool.id}/recheck`, { cookie: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { check: { outcome: string; status: number }; health: { state: string } };
    expect(body.check).toMatchObject({ outcome: 'ok', status: 200 });
    expect(body.health.state).toBe('healthy');
    expect((await auditOf('tool', tool.id)).map((row) => row.action)).toContain('link.recheck');
    const pending = await makeTool({});
    expect((await call('POST', `/api/admin/link-health/${pending.id}/recheck`, { cookie: admin })).status).toBe(409);
    expect((await call('POST', '/api/admin/link-health/999999/recheck', { cookie: admin })).status).toBe(404);
  });

  it('throttles rechecks per admin', async () => {
    const { user, cookie } = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    await db
      .insert(loginThrottle)
      .values({ key: `link-recheck-account:${user.id}`, failures: 30, windowStartedAt: new Date() });
    const res = await call('POST', `/api/admin/link-health/${failing.id}/recheck`, { cookie });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('Too many rechecks');
  });

  it('ignores "blocked" for 90 days, only on a blocked tool, audit-logged', async () => {
    const tool = await makeTool({ status: 'approved' });
    await recordLinkCheck(tool.id, result('ok', 200), new Date());
    expect((await call('POST', `/api/admin/link-health/${tool.id}/ignore-blocked`, { cookie: admin })).status).toBe(
      409,
    );
    await recordLinkCheck(tool.id, result('blocked', 403), new Date());
    const listed = async () =>
      (
        (await (await call('GET', '/api/admin/link-health?show=blocked', { cookie: admin })).json()) as {
          toolId: number;
        }[]
      ).some((row) => row.toolId === tool.id);
    expect(await listed()).toBe(true);
    const res = await call('POST', `/api/admin/link-health/${tool.id}/ignore-blocked`, { cookie: admin });
    expect(res.status).toBe(200);
    const until = new Date(((await res.json()) as { ignoreBlockedUntil: string }).ignoreBlockedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(89 * DAY);
    expect(await listed()).toBe(false);
    expect((await auditOf('tool', tool.id)).map((row) => row.action)).toContain('link.ignore-blocked');
  });
});

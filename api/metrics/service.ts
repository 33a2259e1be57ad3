// Tool performance metrics (docs/decisions/0054-tool-metrics.md): counting the tool page's beacons once per address,
// tool, kind and UTC day without keeping anything that names the visitor, and the owner's reads of the daily counts.
import { createHmac, randomBytes } from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { isbot } from 'isbot';
import { db } from '../../db/client';
import { metricsDaySecrets, metricsSeen, toolMetricsDaily, tools, type User } from '../../db/schema';
import type { Beacon, MetricsDay, ToolMetrics, ToolMetricsSummary } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { BADGE_REF } from '../../lib/badge';
import { lastDays, utcDay } from '../../lib/metrics';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { isVerifiedOwner, verifiedOwnerOf } from '../listings/owners';
import { notFound } from '../plugins/errors';
import { log } from '../log';

/** The day's secret as this process last read it: one database read per process per day. */
let cachedSecret: { day: string; secret: Buffer } | null = null;

/**
 * The secret that keys today's hashes: made by the first process to need it (every process then reads the same row),
 * and the first time a day's secret is made, the secrets and dedup rows of the days before are deleted.
 */
async function daySecret(day: string): Promise<Buffer> {
  if (cachedSecret?.day === day) return cachedSecret.secret;
  const made = await db
    .insert(metricsDaySecrets)
    .values({ day, secret: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
    .returning({ day: metricsDaySecrets.day });
  if (made.length > 0) {
    // Yesterday's beacons still queued here are counted first; their dedup rows then go with the rest.
    await flushBeacons();
    await purgePastMetricsDays(day);
  }
  const row = await db.query.metricsDaySecrets.findFirst({ where: eq(metricsDaySecrets.day, day) });
  // Another process's purge may only delete days before `day`, so the row is there.
  cachedSecret = { day, secret: Buffer.from(row!.secret, 'base64') };
  return cachedSecret.secret;
}

/**
 * Deletes the secrets and dedup rows of the days before `today`: once a day's secret is gone, nobody can test whether
 * an address made one of its hashes. Runs when a new day's secret is made, and from the server's periodic purge for
 * days without any beacon. Returns how many dedup rows went.
 */
export async function purgePastMetricsDays(today = utcDay()): Promise<number> {
  await db.delete(metricsDaySecrets).where(lt(metricsDaySecrets.day, today));
  const gone = await db.delete(metricsSeen).where(lt(metricsSeen.day, today)).returning({ hash: metricsSeen.hash });
  if (cachedSecret && cachedSecret.day < today) cachedSecret = null;
  return gone.length;
}

/** Whether a user agent is a crawler, a monitor or a script (an empty one included): such visits are not counted. */
export function isBotAgent(userAgent: string | null): boolean {
  return !userAgent || isbot(userAgent);
}

/** Whether a request carries Do Not Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`). */
export function asksNotToBeTracked(headers: Headers): boolean {
  return headers.get('dnt')?.trim() === '1' || headers.get('sec-gpc')?.trim() === '1';
}

/** How long a process gathers beacons before writing them in one transaction. */
const BEACON_FLUSH_MS = 250;
/** Beacons one address may send a process in an hour (decision 0054): a flood is refused before any work. */
export const BEACONS_PER_ADDRESS_HOUR = 600;

/** Rows per statement of a flush: well under SQLite's limit of bound values (three or four a row). */
const FLUSH_CHUNK = 200;

/** What a queued beacon counts: a view, a click, or a badge visit (a view that came through the tool's badge). */
type CountedKind = Beacon['kind'] | 'badge';

interface Queued {
  toolId: number;
  kind: CountedKind;
  day: string;
  /** A click's: the hash its address's view of the tool that day has, without which the click is not counted. */
  viewHash?: string;
}
/** Beacons waiting to be written, by dedup hash (a repeat within the batch is dropped at once). */
let pending = new Map<string, Queued>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
/** This process's beacons per address in the current hour: in memory, so a refused flood costs no write. */
let perAddress = new Map<string, number>();
let perAddressHour = -1;

/** Counts one beacon of an address against its hour; false past the limit. */
export function takeBeaconAllowance(address: string, at = Date.now()): boolean {
  const hour = Math.floor(at / 3_600_000);
  if (hour !== perAddressHour) [perAddress, perAddressHour] = [new Map(), hour];
  const count = (perAddress.get(address) ?? 0) + 1;
  perAddress.set(address, count);
  return count <= BEACONS_PER_ADDRESS_HOUR;
}

/** The dedup key of what an address did (a beacon: its tool and kind) under the day's secret. Never the user agent:
 * one address changing it would count again. */
const seenHash = (secret: Buffer, address: string, ...key: readonly (string | number)[]) =>
  createHmac('sha256', secret)
    .update(JSON.stringify([address, ...key]))
    .digest('base64url');

/**
 * Whether this address (its IPv6 /64) is seen for the first time today under `key`: one dedup row keyed by the day's
 * secret, so a link counted "once per visitor per day" (a digest's featured slot) keeps nothing that names anyone.
 */
export async function firstToday(
  address: string,
  key: readonly (string | number)[],
  at = Date.now(),
): Promise<boolean> {
  const day = utcDay(at);
  const hash = seenHash(await daySecret(day), address, ...key);
  const added = await db
    .insert(metricsSeen)
    .values({ hash, day })
    .onConflictDoNothing()
    .returning({ hash: metricsSeen.hash });
  return added.length > 0;
}

/**
 * Queues a beacon to be counted unless this address (its IPv6 /64) was already counted today for this tool and kind,
 * the tool is not public, or it is a click without a counted view; written within BEACON_FLUSH_MS. The caller has
 * already left bots and visitors who asked not to be tracked out.
 */
export async function queueBeacon({ toolId, kind, ref }: Beacon, address: string, at = Date.now()): Promise<void> {
  const day = utcDay(at);
  const secret = await daySecret(day);
  const viewHash = kind === 'click' ? seenHash(secret, address, toolId, 'view') : undefined;
  pending.set(seenHash(secret, address, toolId, kind), { toolId, kind, day, viewHash });
  // A view through the badge is a badge visit too, deduplicated on its own (docs/decisions/0109).
  if (ref === BADGE_REF) pending.set(seenHash(secret, address, toolId, 'badge'), { toolId, kind: 'badge', day });
  scheduleFlush();
}

/**
 * Writes the queued beacons in one transaction: a dedup row for each whose tool is public (an unknown or hidden tool
 * leaves nothing), and the day's counts for the rows that are new. Every process writes its own; the dedup rows make
 * a visitor count once whichever process took their beacons.
 */
export async function flushBeacons(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  if (pending.size === 0) return;
  const batch = pending;
  pending = new Map();
  try {
    await writeBatch(batch);
  } catch (error) {
    // Nothing of the transaction was kept (the other process held the write lock past the retries, say): the batch
    // goes back to be written with the next one, so a busy moment loses no visit.
    for (const [hash, seen] of batch) if (!pending.has(hash)) pending.set(hash, seen);
    scheduleFlush();
    throw error;
  }
}

function scheduleFlush(): void {
  flushTimer ??= setTimeout(
    () => void flushBeacons().catch((error) => log.error({ err: error }, 'metrics: writing beacons failed')),
    BEACON_FLUSH_MS,
  );
}

/** The daily count each kind adds to. */
const COUNTED_IN = { view: 'views', click: 'clicks', badge: 'badgeVisits' } as const;

async function writeBatch(batch: Map<string, Queued>): Promise<void> {
  // Views first, in statements of their own: a click then finds the view of the same batch (SQLite reads a statement's
  // select before its inserts, so one statement would not).
  const entries = [...batch].sort(([, a], [, b]) => (a.kind === 'click' ? 1 : 0) - (b.kind === 'click' ? 1 : 0));
  await db.transaction(async (tx) => {
    const counts = new Map<
      string,
      { toolId: number; day: string; views: number; clicks: number; badgeVisits: number }
    >();
    for (let i = 0; i < entries.length; i += FLUSH_CHUNK) {
      // The file driver runs a statement synchronously: between chunks, requests waiting for the process go first.
      if (i > 0) await yieldToRequests();
      const chunk = entries.slice(i, i + FLUSH_CHUNK);
      const views = chunk.filter(([, q]) => !q.viewHash);
      const clicks = chunk.filter(([, q]) => q.viewHash);
      const values = (rows: typeof chunk) =>
        sql.join(
          rows.map(([hash, { toolId, day, viewHash }]) => sql`(${hash}, ${day}, ${toolId}, ${viewHash ?? null})`),
          sql`, `,
        );
      // Only a public tool's beacon leaves a dedup row, and a click only beside its address's view of the tool that
      // day; those already there (counted before) are not returned.
      const insert = (rows: typeof chunk, condition: SQL) =>
        rows.length === 0
          ? []
          : tx.all<{ hash: string }>(sql`
        insert into ${metricsSeen} (hash, day)
        select v.column1, v.column2 from (values ${values(rows)}) v join ${tools} t on t.id = v.column3 and t.status = ${PUBLIC_TOOL_STATUS}
        where ${condition}
        on conflict do nothing
        returning hash`);
      const added = [
        ...(await insert(views, sql`true`)),
        ...(await insert(clicks, sql`exists (select 1 from ${metricsSeen} s where s.hash = v.column4)`)),
      ];
      for (const { hash } of added) {
        const { toolId, kind, day } = batch.get(hash)!;
        const key = `${toolId}|${day}`;
        const count = counts.get(key) ?? { toolId, day, views: 0, clicks: 0, badgeVisits: 0 };
        count[COUNTED_IN[kind]] += 1;
        counts.set(key, count);
      }
    }
    const totals = [...counts.values()];
    for (let i = 0; i < totals.length; i += FLUSH_CHUNK) {
      await tx
        .insert(toolMetricsDaily)
        .values(totals.slice(i, i + FLUSH_CHUNK))
        .onConflictDoUpdate({
          target: [toolMetricsDaily.toolId, toolMetricsDaily.day],
          set: {
            views: sql`${toolMetricsDaily.views} + excluded.views`,
            clicks: sql`${toolMetricsDaily.clicks} + excluded.clicks`,
            badgeVisits: sql`${toolMetricsDaily.badgeVisits} + excluded."badgeVisits"`,
          },
        });
    }
  });
}

/**
 * One tool's counts over the `days` days ending today: totals for its owner (its submitter or a verified owner), the
 * daily series for a Premium one.
 */
export async function toolMetrics(owner: User, toolId: number, days: number, at = Date.now()): Promise<ToolMetrics> {
  const tool = await db.query.tools.findFirst({ columns: { submittedById: true }, where: eq(tools.id, toolId) });
  // Its submitter or a verified owner (docs/decisions/0099); the daily series stays Premium's either way.
  if (!tool || (tool.submittedById !== owner.id && !(await isVerifiedOwner(owner.id, toolId))))
    throw notFound(MSG.toolNotFound);
  const range = lastDays(days, at);
  const [from, to] = [range[0], range.at(-1)!];
  const rows = await db
    .select({
      day: toolMetricsDaily.day,
      views: toolMetricsDaily.views,
      clicks: toolMetricsDaily.clicks,
      badgeVisits: toolMetricsDaily.badgeVisits,
    })
    .from(toolMetricsDaily)
    .where(and(eq(toolMetricsDaily.toolId, toolId), gte(toolMetricsDaily.day, from), lte(toolMetricsDaily.day, to)));
  const byDay = new Map(rows.map(({ day, views, clicks }) => [day, { day, views, clicks }]));
  const series: MetricsDay[] = range.map((day) => byDay.get(day) ?? { day, views: 0, clicks: 0 });
  const sum = (key: 'views' | 'clicks' | 'badgeVisits') => rows.reduce((total, r) => total + r[key], 0);
  const premium = owner.isPremium;
  return {
    toolId,
    days,
    from,
    to,
    views: sum('views'),
    clicks: sum('clicks'),
    badgeVisits: sum('badgeVisits'),
    chartsArePremium: !premium,
    series: premium ? series : null,
  };
}

/** The totals of each of the member's tools (submitted or verified as theirs) counted in the range, in one grouped query. */
export async function toolMetricsSummary(owner: User, days: number, at = Date.now()): Promise<ToolMetricsSummary> {
  const range = lastDays(days, at);
  const [from, to] = [range[0], range.at(-1)!];
  const views = sql<number>`sum(${toolMetricsDaily.views})`.mapWith(Number);
  const clicks = sql<number>`sum(${toolMetricsDaily.clicks})`.mapWith(Number);
  const badgeVisits = sql<number>`sum(${toolMetricsDaily.badgeVisits})`.mapWith(Number);
  const rows = await db
    .select({ toolId: tools.id, name: tools.name, slug: tools.slug, views, clicks, badgeVisits })
    .from(tools)
    .innerJoin(
      toolMetricsDaily,
      and(eq(toolMetricsDaily.toolId, tools.id), gte(toolMetricsDaily.day, from), lte(toolMetricsDaily.day, to)),
    )
    .where(or(eq(tools.submittedById, owner.id), verifiedOwnerOf(owner.id)))
    .groupBy(tools.id)
    .orderBy(desc(views), tools.id);
  return { days, from, to, tools: rows };
}

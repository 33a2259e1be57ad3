// Tool performance metrics (docs/decisions/0054-tool-metrics.md): counting the tool page's beacons once per visitor,
// tool, kind and UTC day without keeping anything that names the visitor, and the owner's reads of the daily counts.
import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { db } from '../../db/client';
import { metricsDaySecrets, metricsSeen, toolMetricsDaily, tools, type User } from '../../db/schema';
import type { Beacon, MetricsDay, ToolMetrics, ToolMetricsSummary } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { lastDays, utcDay } from '../../lib/metrics';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { notFound } from '../plugins/errors';

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
  if (made.length > 0) await purgePastMetricsDays(day);
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

/**
 * Counts a beacon unless this visitor (address and user agent) was already counted today for this tool and kind, or
 * the tool is not public; says whether it counted. The caller has already left bots out.
 */
export async function countBeacon({ toolId, kind }: Beacon, address: string, userAgent: string, at = Date.now()): Promise<boolean> {
  const day = utcDay(at);
  const secret = await daySecret(day);
  const hash = createHmac('sha256', secret).update(JSON.stringify([address, userAgent, toolId, kind])).digest('base64url');
  const isPublic = and(eq(tools.id, toolId), eq(tools.status, PUBLIC_TOOL_STATUS));
  const views = kind === 'view' ? 1 : 0;
  const clicks = kind === 'click' ? 1 : 0;
  return db.transaction(async (tx) => {
    // Only a public tool's beacon leaves a dedup row; an unknown or hidden one changes nothing.
    const seen = await tx
      .insert(metricsSeen)
      .select(tx.select({ hash: sql<string>`${hash}`.as('hash'), day: sql<string>`${day}`.as('day') }).from(tools).where(isPublic))
      .onConflictDoNothing()
      .returning({ hash: metricsSeen.hash });
    if (seen.length === 0) return false;
    await tx
      .insert(toolMetricsDaily)
      .values({ toolId, day, views, clicks })
      .onConflictDoUpdate({
        target: [toolMetricsDaily.toolId, toolMetricsDaily.day],
        set: { views: sql`${toolMetricsDaily.views} + ${views}`, clicks: sql`${toolMetricsDaily.clicks} + ${clicks}` },
      });
    return true;
  });
}

/** One tool's counts over the `days` days ending today: totals for its owner, the daily series for a Premium owner. */
export async function toolMetrics(owner: User, toolId: number, days: number, at = Date.now()): Promise<ToolMetrics> {
  const tool = await db.query.tools.findFirst({ columns: { submittedById: true }, where: eq(tools.id, toolId) });
  if (!tool || tool.submittedById !== owner.id) throw notFound(MSG.toolNotFound);
  const range = lastDays(days, at);
  const [from, to] = [range[0], range.at(-1)!];
  const rows = await db
    .select({ day: toolMetricsDaily.day, views: toolMetricsDaily.views, clicks: toolMetricsDaily.clicks })
    .from(toolMetricsDaily)
    .where(and(eq(toolMetricsDaily.toolId, toolId), gte(toolMetricsDaily.day, from), lte(toolMetricsDaily.day, to)));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: MetricsDay[] = range.map((day) => byDay.get(day) ?? { day, views: 0, clicks: 0 });
  const sum = (key: 'views' | 'clicks') => rows.reduce((total, r) => total + r[key], 0);
  const premium = owner.isPremium;
  return { toolId, days, from, to, views: sum('views'), clicks: sum('clicks'), chartsArePremium: !premium, series: premium ? series : null };
}

/** The totals of each of the owner's tools counted in the range, in one grouped query over the daily rows. */
export async function toolMetricsSummary(owner: User, days: number, at = Date.now()): Promise<ToolMetricsSummary> {
  const range = lastDays(days, at);
  const [from, to] = [range[0], range.at(-1)!];
  const views = sql<number>`sum(${toolMetricsDaily.views})`.mapWith(Number);
  const clicks = sql<number>`sum(${toolMetricsDaily.clicks})`.mapWith(Number);
  const rows = await db
    .select({ toolId: tools.id, name: tools.name, slug: tools.slug, views, clicks })
    .from(tools)
    .innerJoin(toolMetricsDaily, and(eq(toolMetricsDaily.toolId, tools.id), gte(toolMetricsDaily.day, from), lte(toolMetricsDaily.day, to)))
    .where(eq(tools.submittedById, owner.id))
    .groupBy(tools.id)
    .orderBy(desc(views), tools.id);
  return { days, from, to, tools: rows };
}

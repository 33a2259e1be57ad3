// Reader reports as the public pages read them (docs/decisions/0101): the tool a /report page is about, and the
// figures of /transparency (received and resolved per month by type, the median time to resolve). No names, ever.
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { REPORTS_TAG, toolTag } from '../../lib/cache-tags';
import { REPORT_TYPES, type ReportType } from '../../lib/reports';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { reports, tools } from '../schema';

/** The tool a report may be about: listed, or discontinued (its page stays); undefined for any other. */
export async function reportableTool(
  slug: string,
  database: Database = readDb(),
): Promise<{ name: string; slug: string } | undefined> {
  readTags([toolTag(slug)]);
  const [tool] = await database
    .select({ name: tools.name, slug: tools.slug })
    .from(tools)
    .where(and(eq(tools.slug, slug), inArray(tools.status, [...PAGE_TOOL_STATUSES])))
    .limit(1);
  return tool;
}

/** Months /transparency shows: this one and the eleven before it. */
const TRANSPARENCY_MONTHS = 12;

interface TransparencyMonth {
  /** 'YYYY-MM' (UTC). */
  month: string;
  received: Record<ReportType, number>;
  resolved: Record<ReportType, number>;
}

export interface TransparencyFigures {
  /** Newest month first. */
  months: TransparencyMonth[];
  /** Over the reports resolved in these months; null when none was. */
  medianHoursToResolve: number | null;
  resolvedCount: number;
}

const zeros = () => Object.fromEntries(REPORT_TYPES.map((type) => [type, 0])) as Record<ReportType, number>;
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The figures of the last TRANSPARENCY_MONTHS months to `now`, in UTC months. */
export async function transparencyFigures(
  now = new Date(),
  database: Database = readDb(),
): Promise<TransparencyFigures> {
  readTags([REPORTS_TAG]);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TRANSPARENCY_MONTHS - 1), 1));
  const months = Array.from({ length: TRANSPARENCY_MONTHS }, (_, i) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    return { month: monthOf(at), received: zeros(), resolved: zeros() };
  });
  const byMonth = new Map(months.map((m) => [m.month, m]));
  // SQLite's strftime on the stored milliseconds: the month in UTC, counted in the database.
  const monthSql = (column: typeof reports.createdAt) => sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;
  const received = await database
    .select({ month: monthSql(reports.createdAt), type: reports.type, n: sql<number>`count(*)` })
    .from(reports)
    .where(gte(reports.createdAt, from))
    .groupBy(monthSql(reports.createdAt), reports.type);
  for (const row of received) {
    const month = byMonth.get(row.month);
    if (month) month.received[row.type] += row.n;
  }
  const resolved = await database
    .select({ type: reports.type, createdAt: reports.createdAt, resolvedAt: reports.resolvedAt })
    .from(reports)
    .where(and(isNotNull(reports.resolvedAt), gte(reports.resolvedAt, from)));
  const hours: number[] = [];
  for (const row of resolved) {
    const month = row.resolvedAt && byMonth.get(monthOf(row.resolvedAt));
    if (!month || !row.resolvedAt) continue;
    month.resolved[row.type] += 1;
    hours.push((row.resolvedAt.getTime() - row.createdAt.getTime()) / 3_600_000);
  }
  return { months, medianHoursToResolve: median(hours), resolvedCount: hours.length };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

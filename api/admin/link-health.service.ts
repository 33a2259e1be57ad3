// The admin Link Health tab (docs/decisions/0102): tools by link state with their last checks, a check run now, and
// "blocked" ignored for 90 days. Every change is audit-logged.
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { linkChecks, linkHealth, tools, type LinkCheck } from '../../db/schema';
import type { LinkCheckRow, LinkHealthRow } from '../../lib/contract';
import type { LinkHealthView } from '../../lib/link-health';
import { LISTING_MSG } from '../../lib/listing-messages';
import { MSG } from '../../lib/messages';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { recordAudit } from '../audit';
import { checkLink, type LinkCheckResult } from '../listings/link-check';
import { DAY_MS, recordLinkCheck } from '../listings/link-health';
import { conflict, notFound } from '../plugins/errors';

/** How long "ignore blocked" lasts. */
const IGNORE_BLOCKED_DAYS = 90;
/** The latest checks shown per tool. */
const CHECKS_SHOWN = 5;
/** Rows per answer: the worst first; a list this long is work for days. */
const ROWS_SHOWN = 200;

/** "Blocked" counts for the tab unless an admin chose to ignore it until a later date. */
const blockedNotIgnored = (now: Date) =>
  and(
    eq(linkHealth.lastOutcome, 'blocked'),
    or(isNull(linkHealth.ignoreBlockedUntil), lte(linkHealth.ignoreBlockedUntil, now)),
  );

function viewFilter(view: LinkHealthView, now: Date): SQL | undefined {
  switch (view) {
    case 'attention':
      return or(
        ne(linkHealth.state, 'healthy'),
        inArray(linkHealth.lastOutcome, ['moved', 'parked']),
        blockedNotIgnored(now),
      );
    case 'moved':
    case 'parked':
      return eq(linkHealth.lastOutcome, view);
    case 'blocked':
      return blockedNotIgnored(now);
    default:
      return eq(linkHealth.state, view);
  }
}

const checkRow = ({ checkedAt, outcome, status, finalUrl, detail, attempts, durationMs }: LinkCheck): LinkCheckRow => ({
  checkedAt,
  outcome,
  status,
  finalUrl,
  detail,
  attempts,
  durationMs,
});

/** The latest checks of each tool, newest first, in one query. */
async function latestChecks(toolIds: number[]): Promise<Map<number, LinkCheckRow[]>> {
  const byTool = new Map<number, LinkCheckRow[]>();
  if (toolIds.length === 0) return byTool;
  const ranked = db
    .select({
      id: linkChecks.id,
      rank: sql<number>`row_number() over (partition by ${linkChecks.toolId} order by ${linkChecks.checkedAt} desc, ${linkChecks.id} desc)`.as(
        'rank',
      ),
    })
    .from(linkChecks)
    .where(inArray(linkChecks.toolId, toolIds))
    .as('ranked');
  const rows = await db
    .select({ check: linkChecks })
    .from(linkChecks)
    .innerJoin(ranked, eq(ranked.id, linkChecks.id))
    .where(lte(ranked.rank, CHECKS_SHOWN))
    .orderBy(desc(linkChecks.checkedAt), desc(linkChecks.id));
  for (const { check } of rows) byTool.set(check.toolId, [...(byTool.get(check.toolId) ?? []), checkRow(check)]);
  return byTool;
}

const healthColumns = {
  toolId: tools.id,
  name: tools.name,
  slug: tools.slug,
  url: tools.url,
  toolStatus: tools.status,
  state: linkHealth.state,
  failStreak: linkHealth.failStreak,
  lastOutcome: linkHealth.lastOutcome,
  lastStatus: linkHealth.lastStatus,
  lastCheckedAt: linkHealth.lastCheckedAt,
  failingSince: linkHealth.failingSince,
  movedTo: linkHealth.movedTo,
  nextCheckAt: linkHealth.nextCheckAt,
  ignoreBlockedUntil: linkHealth.ignoreBlockedUntil,
};

/** Worst first: down, failing, suspect, then the others; the longest failing first within a state. */
const stateOrder = sql`case ${linkHealth.state} when 'down' then 0 when 'failing' then 1 when 'suspect' then 2 else 3 end`;

/** The approved tools of one view with their latest checks. */
export async function linkHealthList(view: LinkHealthView, now: Date = new Date()): Promise<LinkHealthRow[]> {
  const rows = await db
    .select(healthColumns)
    .from(linkHealth)
    .innerJoin(tools, eq(tools.id, linkHealth.toolId))
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), viewFilter(view, now)))
    .orderBy(stateOrder, asc(linkHealth.failingSince), desc(linkHealth.lastCheckedAt), asc(tools.id))
    .limit(ROWS_SHOWN);
  const checks = await latestChecks(rows.map((row) => row.toolId));
  return rows.map((row) => ({ ...row, checks: checks.get(row.toolId) ?? [] }));
}

async function healthRow(toolId: number): Promise<LinkHealthRow> {
  const [row] = await db
    .select(healthColumns)
    .from(linkHealth)
    .innerJoin(tools, eq(tools.id, linkHealth.toolId))
    .where(eq(tools.id, toolId));
  const checks = await latestChecks([toolId]);
  return { ...row, checks: checks.get(toolId) ?? [] };
}

async function approvedTool(toolId: number) {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool) throw notFound(MSG.toolNotFound);
  if (tool.status !== PUBLIC_TOOL_STATUS) throw conflict(LISTING_MSG.linkCheckNeedsApprovedTool);
  return tool;
}

/** Checks the tool's address now (it counts as that day's check), audit-logged; the check and the row after it. */
export async function recheckLink(
  toolId: number,
  actorId: number,
  check: (url: string) => Promise<LinkCheckResult> = (url) => checkLink(url),
): Promise<{ check: LinkCheckRow; health: LinkHealthRow }> {
  const tool = await approvedTool(toolId);
  const result = await check(tool.url);
  const now = new Date();
  const saved = await recordLinkCheck(toolId, result, now, (tx) =>
    recordAudit(tx, {
      actorId,
      action: 'link.recheck',
      entityType: 'tool',
      entityId: toolId,
      before: null,
      after: { outcome: result.outcome, status: result.status, detail: result.detail },
    }),
  );
  return { check: { checkedAt: now, ...result }, health: await healthRow(saved.toolId) };
}

/** Stops listing the tool as blocked for 90 days (its site keeps robots out; an admin looked at it). */
export async function ignoreBlocked(toolId: number, actorId: number, now: Date = new Date()): Promise<LinkHealthRow> {
  await approvedTool(toolId);
  const until = new Date(now.getTime() + IGNORE_BLOCKED_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    const health = await tx.query.linkHealth.findFirst({ where: eq(linkHealth.toolId, toolId) });
    if (health?.lastOutcome !== 'blocked') throw conflict(LISTING_MSG.linkNotBlocked);
    await tx.update(linkHealth).set({ ignoreBlockedUntil: until }).where(eq(linkHealth.toolId, toolId));
    await recordAudit(tx, {
      actorId,
      action: 'link.ignore-blocked',
      entityType: 'tool',
      entityId: toolId,
      before: { ignoreBlockedUntil: health.ignoreBlockedUntil },
      after: { ignoreBlockedUntil: until },
    });
  });
  return healthRow(toolId);
}

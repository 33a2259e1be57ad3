// The daily check of every approved tool's address (docs/decisions/0102): each tool at its own moment of the day, a few
// checks at a time and never two of one host at once, 90 days of checks kept, and the tool pages' "Link checked" dates
// refreshed a seventh of the tools a day.
import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { linkChecks, linkHealth, tools } from '../../db/schema';
import { toolTag } from '../../lib/cache-tags';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { log } from '../log';
import { startPoll } from '../poll';
import { requestRebuild } from '../publishing/rebuild-queue';
import { checkLink, type LinkCheckResult } from './link-check';
import { DAY_MS, nextCheckSlot, recordLinkCheck } from './link-health';

/** Checks of link_checks older than this are deleted. */
const KEEP_CHECKS_DAYS = 90;
/** Checks running at once, across hosts. */
const CONCURRENCY = 4;
/** Tools taken per pass: a pass that falls behind catches up on the next one. */
const PASS_LIMIT = 200;
/** New tools given a row per pass (a pass a minute: 10,000 tools in 20 minutes). */
const NEW_TOOLS_PER_PASS = 500;
/** A tool page's "Link checked" date is rendered again at least this often (docs/decisions/0102). */
const SHOWN_CHECK_REFRESH_DAYS = 7;
const PASS_EVERY_MS = 60_000;

export interface LinkCheckPass {
  now: Date;
  /** One check of one address (tests: a recording stand-in). */
  check?: (url: string) => Promise<LinkCheckResult>;
  concurrency?: number;
  limit?: number;
  /** New tools given their rows in one pass. */
  newTools?: number;
}

/**
 * Gives up to `batch` approved tools without a link_health row one, due at its moment of the day, in one statement: the
 * first start of a large catalogue fills them over a few passes instead of holding the database for thousands of rows.
 */
async function addNewTools(now: Date, batch: number): Promise<void> {
  const missing = await db
    .select({ id: tools.id })
    .from(tools)
    .leftJoin(linkHealth, eq(linkHealth.toolId, tools.id))
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), isNull(linkHealth.toolId)))
    .limit(batch);
  if (missing.length === 0) return;
  await db
    .insert(linkHealth)
    .values(missing.map(({ id }) => ({ toolId: id, nextCheckAt: nextCheckSlot(id, now) })))
    .onConflictDoNothing();
}

/** Host of an address, lower case (the unit checks are serialised by). */
function hostKey(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}

/**
 * Runs `work` for every item, at most `concurrency` at once and never two items of one host at once; items of a busy
 * host wait for it while other hosts go ahead.
 */
async function perHost<T extends { url: string }>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const waiting = [...items];
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();
  while (waiting.length > 0 || running.size > 0) {
    const at = running.size < concurrency ? waiting.findIndex((item) => !busy.has(hostKey(item.url))) : -1;
    if (at < 0) {
      await Promise.race(running);
      continue;
    }
    const [item] = waiting.splice(at, 1);
    const host = hostKey(item.url);
    busy.add(host);
    const task = work(item)
      .catch((error) => log.error({ err: error, url: item.url }, 'link check failed'))
      .finally(() => {
        busy.delete(host);
        running.delete(task);
      });
    running.add(task);
  }
}

/** One pass of the job at `now`: the due approved tools checked, their results recorded; how many were checked. */
export async function runLinkCheckPass({
  now,
  check = (url) => checkLink(url),
  concurrency = CONCURRENCY,
  limit = PASS_LIMIT,
  newTools = NEW_TOOLS_PER_PASS,
}: LinkCheckPass): Promise<number> {
  await addNewTools(now, newTools);
  const due = await db
    .select({ id: tools.id, url: tools.url })
    .from(linkHealth)
    .innerJoin(tools, eq(tools.id, linkHealth.toolId))
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), lte(linkHealth.nextCheckAt, now)))
    .orderBy(asc(linkHealth.nextCheckAt), asc(tools.id))
    .limit(limit);
  await perHost(due, concurrency, async (tool) => {
    await recordLinkCheck(tool.id, await check(tool.url), now);
  });
  await db.delete(linkChecks).where(lt(linkChecks.checkedAt, new Date(now.getTime() - KEEP_CHECKS_DAYS * DAY_MS)));
  return due.length;
}

/**
 * Names for a rebuild the pages of today's seventh of the checked public tools, so the "Link checked" date a page shows
 * is never more than a week older than the latest check, without a rebuild per check (docs/decisions/0102).
 */
export async function refreshShownChecks(now: Date): Promise<number> {
  const day = Math.floor(now.getTime() / DAY_MS);
  const rows = await db
    .select({ slug: tools.slug })
    .from(tools)
    .innerJoin(linkHealth, eq(linkHealth.toolId, tools.id))
    .where(
      and(
        eq(tools.status, PUBLIC_TOOL_STATUS),
        isNotNull(linkHealth.lastCheckedAt),
        sql`(${tools.id} + ${day}) % ${SHOWN_CHECK_REFRESH_DAYS} = 0`,
      ),
    );
  if (rows.length > 0)
    await requestRebuild(
      `link check dates: ${rows.length} tool page(s)`,
      db,
      rows.map((row) => toolTag(row.slug)),
    );
  return rows.length;
}

/** Starts the checks (under the worker lease): a pass a minute, one at a time; returns what stops them. */
export function startLinkChecks(): () => void {
  // Not on start: a restart must not render a seventh of the tool pages again (docs/decisions/0065).
  let refreshedDay = Math.floor(Date.now() / DAY_MS);
  return startPoll(PASS_EVERY_MS, 'link check pass failed', async () => {
    const now = new Date();
    await runLinkCheckPass({ now });
    const day = Math.floor(now.getTime() / DAY_MS);
    if (day !== refreshedDay) {
      await refreshShownChecks(now);
      refreshedDay = day;
    }
  });
}

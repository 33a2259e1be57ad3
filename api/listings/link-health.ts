// A tool's link health (docs/decisions/0102): what each check does to its state (healthy, suspect, failing, down), the
// check's row, the page it changes and the owners' e-mails; when its next daily check falls due.
import { and, eq, isNull } from 'drizzle-orm';
import { db, type Executor, type Transaction } from '../../db/client';
import { linkChecks, linkHealth, toolOwners, tools, users, type LinkHealth, type Tool } from '../../db/schema';
import { toolTag } from '../../lib/cache-tags';
import { shownState, type LinkOutcome, type LinkState } from '../../lib/link-health';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { linkUnreachableEmail } from '../emails';
import { requestRebuild } from '../publishing/rebuild-queue';
import { enqueueEmail } from '../services/email';
import type { LinkCheckResult } from './link-check';

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Failing days in a row that make a tool failing, then down. */
const FAILING_AFTER_DAYS = 3;
const DOWN_AFTER_DAYS = 7;
/**
 * A failed check this soon after another failed one is the same failing day (an admin's recheck of a tool the job
 * found failing this morning does not make it fail twice as fast).
 */
const SAME_DAY_MS = 12 * HOUR_MS;

/** What a tool's row holds between checks. */
type Standing = Pick<LinkHealth, 'state' | 'failStreak' | 'failingSince' | 'lastOutcome' | 'lastCheckedAt'>;
type NextStanding = Pick<LinkHealth, 'state' | 'failStreak' | 'failingSince'>;

/**
 * The state after a check with `outcome` at `now`: a failed one adds a failing day, an ok one resets; blocked, moved and
 * parked change nothing (the site refused a robot, or the admins decide what a move or a parked page means).
 */
function nextLinkStanding(previous: Standing, outcome: LinkOutcome, now: Date): NextStanding {
  if (outcome === 'ok') return { state: 'healthy', failStreak: 0, failingSince: null };
  if (outcome !== 'failed')
    return { state: previous.state, failStreak: previous.failStreak, failingSince: previous.failingSince };
  const sameDay =
    previous.lastOutcome === 'failed' &&
    previous.lastCheckedAt !== null &&
    now.getTime() - previous.lastCheckedAt.getTime() < SAME_DAY_MS &&
    previous.failStreak > 0;
  const failStreak = sameDay ? previous.failStreak : previous.failStreak + 1;
  const state: LinkState =
    failStreak >= DOWN_AFTER_DAYS ? 'down' : failStreak >= FAILING_AFTER_DAYS ? 'failing' : 'suspect';
  return { state, failStreak, failingSince: previous.failingSince ?? now };
}

/** What the tool page shows of a state: nothing until failing (docs/decisions/0102). */

/** A stable moment of the day for the tool's check (its id hashed over the day's seconds), so checks spread evenly. */
function dailyOffsetMs(toolId: number): number {
  // Knuth's multiplicative hash: neighbouring ids land far apart in the day.
  return ((Math.imul(toolId, 2654435761) >>> 0) % 86_400) * 1000;
}

/** The tool's next daily check after `now`. */
export function nextCheckSlot(toolId: number, now: Date): Date {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const slot = dayStart + dailyOffsetMs(toolId);
  return new Date(slot > now.getTime() ? slot : slot + DAY_MS);
}

/** Checks the tool at the job's next pass: it was approved or its address changed. */
export async function queueLinkCheck(tx: Executor, toolId: number, now: Date): Promise<void> {
  await tx
    .insert(linkHealth)
    .values({ toolId, nextCheckAt: now })
    .onConflictDoUpdate({ target: linkHealth.toolId, set: { nextCheckAt: now } });
}

/** Who hears that a tool's site cannot be reached: its submitter and its verified owners, open accounts only. */
async function ownersOf(tx: Transaction, tool: Tool) {
  const submitter = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, tool.submittedById), isNull(users.closedAt)));
  const verified = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(toolOwners)
    .innerJoin(users, eq(users.id, toolOwners.userId))
    .where(and(eq(toolOwners.toolId, tool.id), eq(toolOwners.status, 'verified'), isNull(users.closedAt)));
  return [...new Map([...submitter, ...verified].map((person) => [person.id, person])).values()];
}

/**
 * Records one check of the tool at `now` (its link_checks row), moves its state, and in the same transaction names its
 * page for a rebuild when what the page shows changed, and e-mails its owners once on failing and once on down.
 */
export async function recordLinkCheck(
  toolId: number,
  result: LinkCheckResult,
  now: Date,
  also?: (tx: Transaction) => Promise<void>,
): Promise<LinkHealth> {
  return db.transaction(async (tx) => {
    const tool = await tx.query.tools.findFirst({ where: eq(tools.id, toolId) });
    if (!tool) throw new Error(`tool ${toolId} is gone`);
    await tx.insert(linkChecks).values({
      toolId,
      checkedAt: now,
      outcome: result.outcome,
      status: result.status,
      finalUrl: result.finalUrl,
      detail: result.detail,
      attempts: result.attempts,
      durationMs: result.durationMs,
    });
    const previous: LinkHealth = (await tx.query.linkHealth.findFirst({ where: eq(linkHealth.toolId, toolId) })) ?? {
      toolId,
      state: 'healthy',
      failStreak: 0,
      lastOutcome: null,
      lastStatus: null,
      lastCheckedAt: null,
      failingSince: null,
      movedTo: null,
      nextCheckAt: null,
      ignoreBlockedUntil: null,
      notifiedState: null,
    };
    const next = nextLinkStanding(previous, result.outcome, now);
    const notify = shownState(next.state);
    const mailNow = notify !== null && previous.notifiedState !== notify && tool.status === PUBLIC_TOOL_STATUS;
    const row = {
      ...next,
      lastOutcome: result.outcome,
      lastStatus: result.status,
      lastCheckedAt: now,
      movedTo: result.outcome === 'moved' ? result.finalUrl : result.outcome === 'ok' ? null : previous.movedTo,
      nextCheckAt: nextCheckSlot(toolId, now),
      // Back to healthy: a later failing streak is news again.
      notifiedState: next.state === 'healthy' ? null : mailNow ? notify : previous.notifiedState,
    };
    const [saved] = await tx
      .insert(linkHealth)
      .values({ toolId, ...row })
      .onConflictDoUpdate({ target: linkHealth.toolId, set: row })
      .returning();
    if (tool.status === PUBLIC_TOOL_STATUS && shownState(previous.state) !== shownState(next.state))
      await requestRebuild(`link ${next.state}: ${tool.slug}`, tx, [toolTag(tool.slug)]);
    if (mailNow) {
      for (const person of await ownersOf(tx, tool))
        await enqueueEmail(await linkUnreachableEmail(person, tool, notify, next.failingSince ?? now), tx);
    }
    await also?.(tx);
    return saved;
  });
}

// The review queue (docs/decisions/0104): its one order (Premium first, then oldest first), each pending tool's place
// in it, the expected decision date from the editors' last 30 days, and why a member's rejected tools were rejected.
import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { db } from '../../db/client';
import { auditLog, tools } from '../../db/schema';
import type { AdminQueueEntry, UserQueue } from '../../lib/contract';
import {
  DEFAULT_REJECTION_CODE,
  QUEUE_PACE_DAYS,
  REJECTION_REASONS,
  expectedDecisionDate,
} from '../../lib/review-queue';
import { TOOL_STATUS } from '../../lib/tool-status';

/**
 * The order editors review in and submitters are told their place by: Premium first (the "priority placement"
 * pricing sells), then oldest first. A tool with changes requested keeps its place; an edit keeps its submittedAt.
 */
export const QUEUE_ORDER = [desc(tools.isPremium), asc(tools.submittedAt), asc(tools.id)];

const DECISIONS = ['tool.approve', 'tool.reject'];

/** Approvals and rejections in the QUEUE_PACE_DAYS before `now`, read from the audit log (a resubmission's count too). */
async function recentDecisions(now: Date): Promise<number> {
  const since = new Date(now.getTime() - QUEUE_PACE_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({ decisions: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'tool'),
        inArray(auditLog.action, DECISIONS),
        gte(auditLog.createdAt, since),
        lte(auditLog.createdAt, now),
      ),
    );
  return row.decisions;
}

const queuedColumns = {
  id: tools.id,
  submittedById: tools.submittedById,
  isPremium: tools.isPremium,
  changesRequestedAt: tools.changesRequestedAt,
  changesRequestedNote: tools.changesRequestedNote,
};

/** Every pending tool in the queue's order (ids and the few fields a place needs; one short row each). */
function queue() {
  return db
    .select(queuedColumns)
    .from(tools)
    .where(eq(tools.status, TOOL_STATUS.pending))
    .orderBy(...QUEUE_ORDER);
}

/** The editors' view: per pending tool, its place, Premium and the changes asked for. */
export async function adminQueue(): Promise<AdminQueueEntry[]> {
  const rows = await queue();
  return rows.map(({ id, submittedById: _owner, ...row }, index) => ({ toolId: id, position: index + 1, ...row }));
}

/** The member's pending submissions with their places and expected dates, and their rejected ones' reasons. */
export async function userQueue(userId: number, now: Date): Promise<UserQueue> {
  const rows = await queue();
  const mine = rows.flatMap(({ submittedById, ...row }, index) =>
    submittedById === userId ? [{ ...row, position: index + 1 }] : [],
  );
  const decisions = mine.length > 0 ? await recentDecisions(now) : 0;
  const rejected = await db
    .select({ id: tools.id, code: tools.rejectionCode })
    .from(tools)
    .where(and(eq(tools.submittedById, userId), eq(tools.status, TOOL_STATUS.rejected)))
    .orderBy(asc(tools.id));
  return {
    queueLength: rows.length,
    pending: mine.map((tool) => ({ ...tool, expectedBy: expectedDecisionDate(tool.position, decisions, now) })),
    rejected: rejected.map(({ id, code }) => {
      const known = code ?? DEFAULT_REJECTION_CODE;
      return { id, code: known, ...REJECTION_REASONS[known] };
    }),
  };
}

// Marking a tool discontinued and listing it again (docs/decisions/0103): admins only. The tool's page stays, saying
// when and why with a Wayback Machine copy of its site; it leaves the directory's lists. Each move is one transaction
// with its e-mail to the owner, its audit row and its rebuild request.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type Tool } from '../../db/schema';
import { toolChangeTags } from '../../lib/cache-tags';
import type { DiscontinueInput, ToolRecord } from '../../lib/contract';
import { longDate } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { TOOL_TRANSITIONS, canTransition } from '../../lib/tool-status';
import { waybackUrl } from '../../lib/wayback';
import { recordAudit } from '../audit';
import { toolDiscontinuedEmail, toolRevivedEmail } from '../emails';
import { badRequest, conflict } from '../plugins/errors';
import { requestRebuild } from '../publishing/rebuild-queue';
import { recordStandingEvent } from '../follows/events';
import { enqueueEmail } from '../services/email';
import { toolRecord } from '../tools/service';
import { setTool, toolForUpdate } from './tools.service';

const DAY_MS = 86_400_000;

/** The day the input names (midnight UTC), or today's; refused when it is after today. */
function discontinuedDay(date: string | undefined, now: Date): Date {
  if (date === undefined) return now;
  const day = new Date(`${date}T00:00:00Z`);
  if (day.getTime() > Math.floor(now.getTime() / DAY_MS) * DAY_MS) throw badRequest(LISTING_MSG.discontinueDateFuture);
  return day;
}

const discontinuedFields = (tool: Pick<Tool, 'discontinuedAt' | 'discontinuedReason' | 'archiveUrl'>) => ({
  discontinuedAt: tool.discontinuedAt,
  discontinuedReason: tool.discontinuedReason,
  archiveUrl: tool.archiveUrl,
});

export async function discontinueTool(
  toolId: number,
  input: DiscontinueInput,
  actorId: number,
  now = new Date(),
): Promise<ToolRecord> {
  const day = discontinuedDay(input.date, now);
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'discontinue')) throw conflict(LISTING_MSG.onlyListedDiscontinued);
    const discontinued = await setTool(tx, toolId, {
      status: TOOL_TRANSITIONS.discontinue.to,
      discontinuedAt: day,
      discontinuedReason: input.reason,
      archiveUrl: waybackUrl(tool.url, day),
      updatedAt: now,
    });
    // An unlisted tool had no page: marking it discontinued gives it one again (the page says what happened).
    await requestRebuild(`tool discontinued: ${tool.slug}`, tx, toolChangeTags(tool.slug, tool.tags));
    await recordStandingEvent(tx, discontinued, 'discontinued', now);
    const owner = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (owner)
      await enqueueEmail(
        await toolDiscontinuedEmail(owner, discontinued, { date: longDate(day), reason: input.reason }),
        tx,
      );
    await recordAudit(tx, {
      actorId,
      action: 'tool.discontinue',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status, ...discontinuedFields(tool) },
      after: { status: discontinued.status, ...discontinuedFields(discontinued) },
    });
    return toolRecord(discontinued);
  });
}

/** Lists a discontinued tool again; when and why it had ended stay in the audit log only. */
export async function reviveTool(toolId: number, actorId: number, now = new Date()): Promise<ToolRecord> {
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'revive')) throw conflict(LISTING_MSG.onlyDiscontinuedRevived);
    const revived = await setTool(tx, toolId, {
      status: TOOL_TRANSITIONS.revive.to,
      discontinuedAt: null,
      discontinuedReason: null,
      archiveUrl: null,
      updatedAt: now,
    });
    await requestRebuild(`tool revived: ${tool.slug}`, tx, toolChangeTags(tool.slug, tool.tags));
    await recordStandingEvent(tx, revived, 'revived', now);
    const owner = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (owner) await enqueueEmail(await toolRevivedEmail(owner, revived), tx);
    await recordAudit(tx, {
      actorId,
      action: 'tool.revive',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status, ...discontinuedFields(tool) },
      after: { status: revived.status, ...discontinuedFields(revived) },
    });
    return toolRecord(revived);
  });
}

// Owners' change requests as the admin reviews them: the list with a readable 'changes' text,
// approving (applies requestData to the tool) and rejecting, each e-mailing the requester.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db, type Executor, type Transaction } from '../../db/client';
import { changeRequests, tools, users, type ChangeRequest, type Tool } from '../../db/schema';
import { changeDiff, changeText } from '../../lib/change-text';
import {
  changeRequestSchema,
  type AdminChangeRequest,
  type ChangeRequestApproval,
  type ChangeRequestDecision,
} from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { hasPremiumAssets } from '../../lib/premium-assets';
import { ownToolRefusal, type Actor } from '../../lib/permissions';
import { CHANGE_REQUEST_STATUS, PUBLIC_TOOL_STATUS, type ChangeRequestStatus } from '../../lib/tool-status';
import { conflict, notFound, refuse } from '../plugins/errors';
import { recordAudit } from '../audit';
import { enqueueEmail } from '../services/email';
import { requestRebuild } from '../publishing/rebuild-queue';
import { toolEditTags } from '../../lib/cache-tags';
import { changeRequestApprovedEmail, changeRequestRejectedEmail } from '../emails';
import { ownerColumns, ownerOf } from './shared';
import { toolRecord } from '../tools/service';
import { applyToolChanges } from './tools.service';
import { copyRemoteImages, type RemoteImageOptions } from '../tool-assets/service';

const requester = alias(users, 'requester');

/** Every request: pending ones first, then newest first. `changes` compares a pending request with the tool as it is now. */
export async function listChangeRequests(): Promise<AdminChangeRequest[]> {
  const rows = await db
    .select({
      request: changeRequests,
      tool: {
        name: tools.name,
        submittedById: tools.submittedById,
        slug: tools.slug,
        url: tools.url,
        description: tools.description,
        tags: tools.tags,
        pricingModel: tools.pricingModel,
        targetAudience: tools.targetAudience,
        screenshots: tools.screenshots,
        videoUrl: tools.videoUrl,
        logoUrl: tools.logoUrl,
        brandColor: tools.brandColor,
        coverImage: tools.coverImage,
      },
      requester: ownerColumns(requester),
    })
    .from(changeRequests)
    .innerJoin(tools, eq(tools.id, changeRequests.toolId))
    .innerJoin(requester, eq(requester.id, changeRequests.submittedById))
    .orderBy(
      asc(sql`case when ${changeRequests.status} = ${CHANGE_REQUEST_STATUS.pending} then 0 else 1 end`),
      desc(changeRequests.submittedAt),
      desc(changeRequests.id),
    );
  return rows.map(({ request, tool, requester: person }) => {
    // A decided request is shown as what it asked for: the tool no longer holds the old values.
    const current = request.status === CHANGE_REQUEST_STATUS.pending ? tool : null;
    return {
      id: request.id,
      toolId: request.toolId,
      toolName: tool.name,
      toolSlug: tool.slug,
      // The tool's submitter: the panel disables Approve Changes for them (docs/decisions/0023).
      toolSubmittedById: tool.submittedById,
      status: request.status,
      submittedById: request.submittedById,
      requester: ownerOf(person),
      submittedAt: request.submittedAt,
      date: request.submittedAt,
      reviewedAt: request.reviewedAt,
      reviewedById: request.reviewedById,
      requestData: request.requestData,
      changes: changeText(request.requestData, current),
      diff: changeDiff(request.requestData, current),
    };
  });
}

async function pendingRequest(tx: Executor, requestId: number): Promise<{ request: ChangeRequest; tool: Tool }> {
  const request = await tx.query.changeRequests.findFirst({ where: eq(changeRequests.id, requestId) });
  if (!request) throw notFound(MSG.changeRequestNotFound);
  if (request.status !== CHANGE_REQUEST_STATUS.pending) throw conflict(MSG.changeRequestAlreadyDecided);
  const tool = await tx.query.tools.findFirst({ where: eq(tools.id, request.toolId) });
  if (!tool) throw notFound(MSG.toolNotFound);
  return { request, tool };
}

async function decide(
  tx: Transaction,
  request: ChangeRequest,
  status: Exclude<ChangeRequestStatus, typeof CHANGE_REQUEST_STATUS.pending>,
  actorId: number,
) {
  const [decided] = await tx
    .update(changeRequests)
    .set({ status, reviewedAt: new Date(), reviewedById: actorId })
    .where(eq(changeRequests.id, request.id))
    .returning();
  return decided;
}

/**
 * Applies the request to the tool (validated again: it was stored a while ago), under the same rules
 * as an editor's edit: an approved tool keeps its slug, a new url moves urlKey and must be free.
 */
export async function approveChangeRequest(
  requestId: number,
  actor: Actor,
  remote: RemoteImageOptions = {},
): Promise<ChangeRequestApproval> {
  const actorId = actor.id;
  /** The request's changes, if this actor may apply them to the tool as it is now. */
  const approvable = async (tx: Executor) => {
    const { request, tool } = await pendingRequest(tx, requestId);
    // Applying changes to one's own tool is judging it (docs/decisions/0023).
    refuse(ownToolRefusal(actor, tool));
    const changes = changeRequestSchema.parse(request.requestData);
    // Asked for while the tool was premium; a tool that lost Premium since takes no premium assets.
    if (!tool.isPremium && hasPremiumAssets(changes)) throw conflict(MSG.premiumAssetsNoLongerPremium);
    return { request, tool, changes };
  };
  // Images given by address are copied to our uploads first, outside the transaction (they may take seconds); a
  // request's data never changes once sent, so the copies fit the request read again inside it.
  const asked = await approvable(db);
  const copied = await copyRemoteImages(asked.changes, asked.request.submittedById, remote);
  return db.transaction(async (tx) => {
    const { request, tool } = await approvable(tx);
    const applied = await applyToolChanges(tx, tool, copied);
    const decided = await decide(tx, request, CHANGE_REQUEST_STATUS.approved, actorId);
    const person = await tx.query.users.findFirst({ where: eq(users.id, request.submittedById) });
    if (person) await enqueueEmail(await changeRequestApprovedEmail(person, applied.tool), tx);
    const changed = Object.keys(applied.after).length > 0;
    if (changed && applied.tool.status === PUBLIC_TOOL_STATUS)
      await requestRebuild(
        `tool changes approved: ${applied.tool.slug}`,
        tx,
        toolEditTags(applied.tool.slug, Object.keys(applied.after), [...tool.tags, ...applied.tool.tags]),
      );
    if (changed) {
      await recordAudit(tx, {
        actorId,
        action: 'tool.change-request-applied',
        entityType: 'tool',
        entityId: tool.id,
        before: applied.before,
        after: { ...applied.after, changeRequestId: request.id },
      });
    }
    await recordAudit(tx, {
      actorId,
      action: 'change-request.approve',
      entityType: 'change_request',
      entityId: request.id,
      before: { status: request.status },
      after: { status: decided.status },
    });
    return { id: decided.id, status: decided.status, reviewedAt: decided.reviewedAt, tool: toolRecord(applied.tool) };
  });
}

export async function rejectChangeRequest(
  requestId: number,
  reason: string | null,
  actorId: number,
): Promise<ChangeRequestDecision> {
  return db.transaction(async (tx) => {
    const { request, tool } = await pendingRequest(tx, requestId);
    const decided = await decide(tx, request, CHANGE_REQUEST_STATUS.rejected, actorId);
    const person = await tx.query.users.findFirst({ where: eq(users.id, request.submittedById) });
    if (person) await enqueueEmail(await changeRequestRejectedEmail(person, tool, reason), tx);
    await recordAudit(tx, {
      actorId,
      action: 'change-request.reject',
      entityType: 'change_request',
      entityId: request.id,
      before: { status: request.status },
      after: reason ? { status: decided.status, reason } : { status: decided.status },
    });
    return { id: decided.id, status: decided.status, reviewedAt: decided.reviewedAt };
  });
}

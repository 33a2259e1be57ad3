// Tool moderation for the admin panel: stats, the pending and approved lists, a tool's history,
// approve/reject, edits, premium, unlist/list and follow-up reviews. Every mutation is one transaction.
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { db, type Transaction } from '../../db/client';
import { publicToolColumns } from '../../db/queries/tools';
import { auditLog, changeRequests, editorialReviews, tools, users, type Tool } from '../../db/schema';
import { DEFAULT_UNLIST_REASON } from '../../lib/constants';
import type {
  AdminApprovedTool,
  AdminQueueEntry,
  AdminEditorialReview,
  AdminPendingTool,
  AdminStats,
  ClosedOwnerTool,
  ChangeRequestInput,
  EditorialReviewInput,
  PendingRejection,
  PremiumChange,
  RejectionInput,
  ToolHistory,
  ToolRecord,
  ToolUpdateInput,
} from '../../lib/contract';
import { urlKey } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { MSG } from '../../lib/messages';
import { DEFAULT_REJECTION_CODE } from '../../lib/review-queue';
import { can, ownToolRefusal, type Actor, type PermissionSubject } from '../../lib/permissions';
import {
  APPROVED_SIDE_STATUSES,
  TOOL_STATUS,
  TOOL_TRANSITIONS,
  canTransition,
  hasPublicPage,
  isApprovedSide,
  isEditableByStaff,
  slugFollowsName,
} from '../../lib/tool-status';
import { conflict, notFound, refuse } from '../plugins/errors';
import { changedFields, recordAudit } from '../audit';
import { enqueueEmail } from '../services/email';
import { suspendOwnersIfMoved } from '../listings/claims';
import { requestRebuild } from '../publishing/rebuild-queue';
import { recordApprovalEvents, recordEditEvents, recordReviewEvent } from '../follows/events';
import { toolChangeTags, toolEditTags } from '../../lib/cache-tags';
import { assertUrlFree, claimPublicSlug, freeToolSlug, toolRecord } from '../tools/service';
import { copyRemoteImages, type RemoteImageOptions } from '../tool-assets/service';
import { changesRequestedEmail, toolApprovedEmail, toolRejectedEmail, toolUnlistedEmail } from '../emails';
import { ownerColumns, ownerOf, personColumns, personOf } from './shared';
import { returnPremiumSlot } from '../submissions/service';
import { QUEUE_ORDER, adminQueue } from '../submissions/queue';
import { queueLinkCheck } from '../listings/link-health';

const approvedSide = () => inArray(tools.status, [...APPROVED_SIDE_STATUSES]);
/** Whether the tool has a public page (approved, or discontinued: docs/decisions/0103): its pages change with it. */
const isPublic = (tool: Pick<Tool, 'status'>) => hasPublicPage(tool.status);

/** total = every tool; approved and premium count the approved side, unlisted included (the Approved Tools tab). */
export async function adminStats(): Promise<AdminStats> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql`coalesce(sum(${tools.status} = ${TOOL_STATUS.pending}), 0)`.mapWith(Number),
      approved: sql`coalesce(sum(${approvedSide()}), 0)`.mapWith(Number),
      premium: sql`coalesce(sum(${approvedSide()} and ${tools.isPremium}), 0)`.mapWith(Number),
    })
    .from(tools);
  const [people] = await db.select({ users: count() }).from(users);
  return { ...row, users: people.users };
}

/** Pending tools in the queue's order; submitters' e-mails only for those who moderate (not guest reviewers). */
export async function pendingTools(viewer: PermissionSubject): Promise<AdminPendingTool[]> {
  const showEmail = can(viewer, 'moderate:tools');
  const rows = await db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      url: tools.url,
      description: tools.description,
      logoUrl: tools.logoUrl,
      tags: tools.tags,
      isPremium: tools.isPremium,
      submittedById: tools.submittedById,
      submittedAt: tools.submittedAt,
      submitter: ownerColumns(users),
    })
    .from(tools)
    .innerJoin(users, eq(users.id, tools.submittedById))
    .where(eq(tools.status, TOOL_STATUS.pending))
    .orderBy(...QUEUE_ORDER);
  return rows.map(({ submitter, ...tool }) => {
    const person = ownerOf(submitter);
    return { ...tool, submittedBy: person && { name: person.name, email: showEmail ? person.email : null } };
  });
}

/** The earlier rejections of the tools now pending (resubmitted), newest first, read from the audit log. */
export async function pendingRejections(): Promise<PendingRejection[]> {
  const rows = await db
    .select({ toolId: auditLog.entityId, after: auditLog.after, rejectedAt: auditLog.createdAt })
    .from(auditLog)
    .innerJoin(tools, eq(tools.id, auditLog.entityId))
    .where(
      and(eq(auditLog.entityType, 'tool'), eq(auditLog.action, 'tool.reject'), eq(tools.status, TOOL_STATUS.pending)),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map(({ after, ...row }) => ({
    ...row,
    rejectionReason: typeof after?.rejectionReason === 'string' ? after.rejectionReason : null,
  }));
}

const reviewColumns = {
  id: editorialReviews.id,
  toolId: editorialReviews.toolId,
  curatorTake: editorialReviews.curatorTake,
  qualityScore: editorialReviews.qualityScore,
  reviewedBy: editorialReviews.reviewedBy,
  reviewedAt: editorialReviews.reviewedAt,
  isFollowUp: editorialReviews.isFollowUp,
  reviewer: personColumns(users),
};

type ReviewRow = Omit<AdminEditorialReview, 'reviewerName'> & {
  reviewer: { firstName: string | null; lastName: string | null; email: string | null } | null;
};

function withReviewerName({ reviewer, ...review }: ReviewRow): AdminEditorialReview {
  return { ...review, reviewerName: personOf(reviewer)?.name ?? null };
}

/** The approved side (approved and unlisted), newest approval first, each with its reviews newest first. */
export async function approvedTools(): Promise<AdminApprovedTool[]> {
  const rows = await db
    .select({
      ...publicToolColumns,
      status: tools.status,
      unlistReason: tools.unlistReason,
      submittedById: tools.submittedById,
    })
    .from(tools)
    .where(approvedSide())
    .orderBy(desc(tools.approvedAt), desc(tools.id));
  const reviews = await db
    .select(reviewColumns)
    .from(editorialReviews)
    .innerJoin(tools, eq(tools.id, editorialReviews.toolId))
    .leftJoin(users, eq(users.id, editorialReviews.reviewedBy))
    .where(approvedSide())
    .orderBy(desc(editorialReviews.reviewedAt), desc(editorialReviews.id));
  const byTool = new Map<number, AdminEditorialReview[]>();
  for (const review of reviews) {
    const list = byTool.get(review.toolId) ?? [];
    list.push(withReviewerName(review));
    byTool.set(review.toolId, list);
  }
  return rows.map((tool) => ({ ...tool, editorialReviews: byTool.get(tool.id) ?? [] }));
}

/** The approved-side tools whose owner's account is closed (or deleted since), for the approved list's badge. */
export async function closedOwnerTools(): Promise<ClosedOwnerTool[]> {
  const rows = await db
    .select({ toolId: tools.id, closedAt: users.closedAt, deletedAt: users.deletedAt })
    .from(tools)
    .innerJoin(users, eq(users.id, tools.submittedById))
    .where(and(approvedSide(), isNotNull(users.closedAt)))
    .orderBy(asc(tools.id));
  return rows.map(({ toolId, closedAt, deletedAt }) => ({
    toolId,
    closedAt: closedAt as Date, // never null: only closed accounts are selected
    deleted: deletedAt !== null,
  }));
}

/** The View dialog: the tool's editorial reviews and its audit rows (its change requests' too), newest first. */
export async function toolHistory(toolId: number): Promise<ToolHistory> {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId), columns: { id: true } });
  if (!tool) throw notFound(MSG.toolNotFound);
  const reviews = await db
    .select(reviewColumns)
    .from(editorialReviews)
    .leftJoin(users, eq(users.id, editorialReviews.reviewedBy))
    .where(eq(editorialReviews.toolId, toolId))
    .orderBy(desc(editorialReviews.reviewedAt), desc(editorialReviews.id));
  const requestIds = db.select({ id: changeRequests.id }).from(changeRequests).where(eq(changeRequests.toolId, toolId));
  const audit = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      actorId: auditLog.actorId,
      actor: personColumns(users),
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      or(
        and(eq(auditLog.entityType, 'tool'), eq(auditLog.entityId, toolId)),
        and(eq(auditLog.entityType, 'change_request'), inArray(auditLog.entityId, requestIds)),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return {
    toolId,
    editorialReviews: reviews.map(withReviewerName),
    auditLog: audit.map(({ actor, ...row }) => ({ ...row, actorName: personOf(actor)?.name ?? null })),
  };
}

/** The tool, read inside the change's transaction; 404 when there is none. */
export async function toolForUpdate(tx: Transaction, toolId: number): Promise<Tool> {
  const tool = await tx.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool) throw notFound(MSG.toolNotFound);
  return tool;
}

/** Writes these fields of one tool, stamping updatedAt unless given, and returns the row as it now is. */
export async function setTool(tx: Transaction, toolId: number, fields: Partial<Tool>): Promise<Tool> {
  // An editor's premium decision replaces one a lapsed membership left to give back (decision 0052).
  const lapse = fields.isPremium !== undefined ? { premiumLapsed: false } : {};
  const [row] = await tx
    .update(tools)
    .set({ updatedAt: new Date(), ...fields, ...lapse })
    .where(eq(tools.id, toolId))
    .returning();
  return row;
}

export async function approveTool(toolId: number, input: EditorialReviewInput, actor: Actor): Promise<ToolRecord> {
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'approve')) throw conflict(MSG.onlyPendingApproved);
    refuse(ownToolRefusal(actor, tool));
    const now = new Date();
    // The name's own slug goes to the tool the public sees (docs/decisions/0069).
    const { slug, moved } = await claimPublicSlug(tx, tool);
    if (moved) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'tool.slug',
        entityType: 'tool',
        entityId: moved.toolId,
        before: { slug: moved.from },
        after: { slug: moved.to },
      });
    }
    const approved = await setTool(tx, toolId, {
      slug,
      status: TOOL_TRANSITIONS.approve.to,
      approvedAt: now,
      curatorTake: input.curatorTake,
      qualityScore: input.qualityScore,
      updatedAt: now,
      lastReviewedAt: now,
    });
    await tx.insert(editorialReviews).values({
      toolId,
      curatorTake: input.curatorTake,
      qualityScore: input.qualityScore,
      reviewedBy: actor.id,
      reviewedAt: now,
      isFollowUp: false,
    });
    await queueLinkCheck(tx, toolId, now);
    const submitter = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (submitter) await enqueueEmail(await toolApprovedEmail(submitter, approved), tx);
    await requestRebuild(`tool approved: ${approved.slug}`, tx, toolChangeTags(approved.slug, approved.tags));
    await recordApprovalEvents(tx, approved, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.approve',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status, slug: tool.slug, curatorTake: tool.curatorTake, qualityScore: tool.qualityScore },
      after: {
        status: approved.status,
        slug: approved.slug,
        curatorTake: approved.curatorTake,
        qualityScore: approved.qualityScore,
      },
    });
    return toolRecord(approved);
  });
}

/**
 * Rejecting a premium submission gives the submitter's premium slot back: it was taken when they submitted (also when
 * it lapsed with their membership: the slot stayed used). The reason from the list (no code: 'other') and the note
 * both go to the submitter; a request for changes ends with the decision.
 */
export async function rejectTool(toolId: number, input: RejectionInput, actorId: number): Promise<ToolRecord> {
  const { rejectionReason, rejectionCode = DEFAULT_REJECTION_CODE } = input;
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'reject')) throw conflict(MSG.onlyPendingRejected);
    const rejected = await setTool(tx, toolId, {
      status: TOOL_TRANSITIONS.reject.to,
      rejectionReason,
      rejectionCode,
      changesRequestedAt: null,
      changesRequestedNote: null,
      premiumLapsed: false,
    });
    if (tool.isPremium || tool.premiumLapsed) await returnPremiumSlot(tool.submittedById, tx);
    const submitter = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (submitter) await enqueueEmail(await toolRejectedEmail(submitter, rejected, rejectionCode, rejectionReason), tx);
    await recordAudit(tx, {
      actorId,
      action: 'tool.reject',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status },
      after: { status: rejected.status, rejectionReason, rejectionCode },
    });
    return toolRecord(rejected);
  });
}

/**
 * Asks the submitter for changes instead of rejecting: the tool stays pending with its submittedAt, so it keeps its
 * place in the queue, until the owner's edit clears the request (api/submissions/service.ts). Asking again replaces
 * the note. Answers the tool's place in the queue, as the pending list's companion call shows it.
 */
export async function requestToolChanges(
  toolId: number,
  note: string,
  actorId: number,
  now = new Date(),
): Promise<AdminQueueEntry> {
  await db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (tool.status !== TOOL_STATUS.pending) throw conflict(LISTING_MSG.onlyPendingChangesRequested);
    const asked = await setTool(tx, toolId, { changesRequestedAt: now, changesRequestedNote: note });
    const submitter = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (submitter) await enqueueEmail(await changesRequestedEmail(submitter, asked, note), tx);
    await recordAudit(tx, {
      actorId,
      action: 'tool.request-changes',
      entityType: 'tool',
      entityId: toolId,
      before: { changesRequestedAt: tool.changesRequestedAt, changesRequestedNote: tool.changesRequestedNote },
      after: { changesRequestedAt: now, changesRequestedNote: note },
    });
  });
  const entry = (await adminQueue()).find((e) => e.toolId === toolId);
  if (!entry) throw conflict(LISTING_MSG.onlyPendingChangesRequested); // decided by another editor meanwhile
  return entry;
}

interface AppliedChanges {
  tool: Tool;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Applies edited fields to a tool inside the caller's transaction and says what changed. A url change
 * moves urlKey (refused if another live or pending tool has it) and suspends the verified owners it moves off their
 * domain (docs/decisions/0099); a name change re-slugs a pending tool only: once a tool has been approved its URL is
 * permanent.
 */
export async function applyToolChanges(
  tx: Transaction,
  tool: Tool,
  input: ToolUpdateInput | ChangeRequestInput,
): Promise<AppliedChanges> {
  const next: Partial<Tool> = {};
  for (const [key, value] of Object.entries(input) as [keyof Tool, unknown][]) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if ('curatorTake' in next) next.curatorTake = next.curatorTake?.trim() || null;
  if (next.name !== undefined && next.name !== tool.name && slugFollowsName(tool.status)) {
    next.slug = await freeToolSlug(tx, next.name, tool.id);
  }
  if (next.url !== undefined && next.url !== tool.url) {
    next.urlKey = urlKey(next.url);
    if (next.urlKey !== tool.urlKey) await assertUrlFree(tx, next.url, tool.id);
    await suspendOwnersIfMoved(tx, tool, next.url);
    // A new address is checked at once, whoever changed it (an editor's edit, an owner's approved request).
    await queueLinkCheck(tx, tool.id, new Date());
  }
  const { before, after } = changedFields(tool, next);
  if (Object.keys(after).length === 0) return { tool, before, after };
  const updated = await setTool(tx, tool.id, after as Partial<Tool>);
  await recordEditEvents(tx, tool, updated);
  // urlKey is bookkeeping, not something an editor changed.
  delete before.urlKey;
  delete after.urlKey;
  return { tool: updated, before, after };
}

/** Staff edit pending, approved and unlisted tools; a rejected tool is closed. Rebuilds when the tool is public. */
export async function updateTool(
  toolId: number,
  input: ToolUpdateInput,
  actor: Actor,
  remote: RemoteImageOptions = {},
): Promise<ToolRecord> {
  // A screenshot or cover given by a new address is copied into our uploads first, outside the transaction
  // (docs/decisions/0067); the Edit dialog sends every field, so what the tool already shows is left as it is.
  const current = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  const shown = new Set([...(current?.screenshots ?? []), current?.coverImage ?? '']);
  const copied = await copyRemoteImages(input, actor.id, remote, shown);
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!isEditableByStaff(tool.status)) throw conflict(MSG.rejectedToolNotEditable);
    // The Edit dialog sends every field: only a real change of the take, the score or premium is judging.
    const judges =
      (input.qualityScore !== undefined && input.qualityScore !== tool.qualityScore) ||
      (input.curatorTake !== undefined && (input.curatorTake?.trim() || null) !== tool.curatorTake) ||
      (input.isPremium !== undefined && input.isPremium !== tool.isPremium);
    if (judges) refuse(ownToolRefusal(actor, tool));
    // A pending tool's premium flag is the submitter's quota slot: only submission and rejection move it.
    if (input.isPremium !== undefined && input.isPremium !== tool.isPremium && !isApprovedSide(tool.status)) {
      throw conflict(MSG.premiumNeedsApprovedTool);
    }
    const applied = await applyToolChanges(tx, tool, copied);
    if (Object.keys(applied.after).length === 0) return toolRecord(tool);
    if (isPublic(applied.tool))
      await requestRebuild(
        `tool edited: ${applied.tool.slug}`,
        tx,
        toolEditTags(applied.tool.slug, Object.keys(applied.after), [...tool.tags, ...applied.tool.tags]),
      );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.update',
      entityType: 'tool',
      entityId: toolId,
      ...applied,
    });
    return toolRecord(applied.tool);
  });
}

export async function setPremium(toolId: number, isPremium: boolean, actor: Actor): Promise<PremiumChange> {
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!isApprovedSide(tool.status)) throw conflict(MSG.premiumNeedsApprovedTool);
    refuse(ownToolRefusal(actor, tool));
    if (tool.isPremium === isPremium) return { isPremium, name: tool.name };
    await setTool(tx, toolId, { isPremium });
    if (isPublic(tool))
      await requestRebuild(
        `tool ${isPremium ? 'made premium' : 'made free'}: ${tool.slug}`,
        tx,
        toolChangeTags(tool.slug, tool.tags),
      );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.premium',
      entityType: 'tool',
      entityId: toolId,
      before: { isPremium: tool.isPremium },
      after: { isPremium },
    });
    return { isPremium, name: tool.name };
  });
}

export async function unlistTool(
  toolId: number,
  reason: string | null | undefined,
  actorId: number,
): Promise<ToolRecord> {
  const unlistReason = reason?.trim() || DEFAULT_UNLIST_REASON;
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'unlist')) throw conflict(MSG.onlyApprovedUnlisted);
    const unlisted = await setTool(tx, toolId, { status: TOOL_TRANSITIONS.unlist.to, unlistReason });
    await requestRebuild(`tool unlisted: ${tool.slug}`, tx, toolChangeTags(tool.slug, tool.tags));
    // The owner learns why their tool left the directory, as a rejection's submitter does (issue 24).
    const owner = await tx.query.users.findFirst({ where: eq(users.id, tool.submittedById) });
    if (owner) await enqueueEmail(await toolUnlistedEmail(owner, unlisted, unlistReason), tx);
    await recordAudit(tx, {
      actorId,
      action: 'tool.unlist',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status, unlistReason: tool.unlistReason },
      after: { status: unlisted.status, unlistReason },
    });
    return toolRecord(unlisted);
  });
}

export async function listTool(toolId: number, actor: Actor): Promise<ToolRecord> {
  return db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!canTransition(tool.status, 'list')) throw conflict(MSG.onlyUnlistedListed);
    refuse(ownToolRefusal(actor, tool));
    const listed = await setTool(tx, toolId, { status: TOOL_TRANSITIONS.list.to, unlistReason: null });
    await requestRebuild(`tool listed again: ${tool.slug}`, tx, toolChangeTags(tool.slug, tool.tags));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.list',
      entityType: 'tool',
      entityId: toolId,
      before: { status: tool.status, unlistReason: tool.unlistReason },
      after: { status: listed.status, unlistReason: null },
    });
    return toolRecord(listed);
  });
}

/** A follow-up review: the history keeps every review; the newest take and score become the tool's. */
export async function addReview(
  toolId: number,
  input: EditorialReviewInput,
  actor: Actor,
): Promise<AdminEditorialReview> {
  const reviewId = await db.transaction(async (tx) => {
    const tool = await toolForUpdate(tx, toolId);
    if (!isApprovedSide(tool.status)) throw conflict(MSG.reviewNeedsApprovedTool);
    refuse(ownToolRefusal(actor, tool));
    const now = new Date();
    const [review] = await tx
      .insert(editorialReviews)
      .values({
        toolId,
        curatorTake: input.curatorTake,
        qualityScore: input.qualityScore,
        reviewedBy: actor.id,
        reviewedAt: now,
        isFollowUp: true,
      })
      .returning({ id: editorialReviews.id });
    await setTool(tx, toolId, {
      curatorTake: input.curatorTake,
      qualityScore: input.qualityScore,
      updatedAt: now,
      lastReviewedAt: now,
    });
    await recordReviewEvent(tx, tool, { id: review.id, qualityScore: input.qualityScore }, now);
    if (isPublic(tool)) await requestRebuild(`tool reviewed: ${tool.slug}`, tx, toolChangeTags(tool.slug, tool.tags));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.review',
      entityType: 'tool',
      entityId: toolId,
      before: { curatorTake: tool.curatorTake, qualityScore: tool.qualityScore },
      after: { curatorTake: input.curatorTake, qualityScore: input.qualityScore, reviewId: review.id },
    });
    return review.id;
  });
  const [row] = await db
    .select(reviewColumns)
    .from(editorialReviews)
    .leftJoin(users, eq(users.id, editorialReviews.reviewedBy))
    .where(eq(editorialReviews.id, reviewId));
  return withReviewerName(row);
}

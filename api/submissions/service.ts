// Tool submissions and owners' change requests: the rules of SPEC.md sections 4-6 and issue 4,
// as plain functions of plain values (the routes parse requests; this file decides).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Executor, type Transaction } from '../../db/client';
import { changeRequests, tools, users, type Tool, type User } from '../../db/schema';
import { changedFields, recordAudit } from '../audit';
import type {
  ChangeRequestInput,
  RequestedChanges,
  SubmissionInput,
  ToolRecord,
  UserChangeRequest,
  UserTool,
  UserToolStats,
  PageQuery,
} from '../../lib/contract';
import { urlKey } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { MSG } from '../../lib/messages';
import { DEFAULT_REJECTION_CODE, REJECTION_REASONS } from '../../lib/review-queue';
import { can } from '../../lib/permissions';
import { CHANGE_REQUEST_STATUS, INITIAL_TOOL_STATUS, TOOL_STATUS, takesChangeRequests } from '../../lib/tool-status';
import { badRequest, conflict, forbidden, notFound } from '../plugins/errors';
import { submissionReceivedEmail } from '../emails';
import { isVerifiedOwner } from '../listings/owners';
import { enqueueEmail } from '../services/email';
import { discardUpload, prepareLogo, publishUpload, stageLogo, type StagedUpload } from '../services/uploads';
import { assertAssetsAllowed } from '../tool-assets/service';
import { assertUrlFree, freeToolSlug, toolRecord } from '../tools/service';

/** Tools one account may have awaiting review at once (docs/decisions/0022). */
export const MAX_PENDING_SUBMISSIONS = 10;

/** Refuses a submission while the user has the most pending tools allowed. */
async function assertPendingRoom(userId: number, reader: Executor): Promise<void> {
  const [{ pending }] = await reader
    .select({ pending: sql<number>`count(*)` })
    .from(tools)
    .where(and(eq(tools.submittedById, userId), eq(tools.status, TOOL_STATUS.pending)));
  if (pending >= MAX_PENDING_SUBMISSIONS) throw conflict(MSG.tooManyPending(MAX_PENDING_SUBMISSIONS));
}

/** The premium rules known before the transaction; the transaction re-checks them atomically. */
function assertMayUsePremium(user: Pick<User, 'isPremium' | 'premiumToolsUsed' | 'premiumToolsAllowed'>): void {
  if (!user.isPremium) throw forbidden(MSG.premiumRequiresMembership);
  if (user.premiumToolsUsed >= user.premiumToolsAllowed) throw forbidden(MSG.premiumQuotaUsed);
}

/** Takes one premium slot, or none if another request took the last one first. */
async function takePremiumSlot(userId: number, tx: Transaction): Promise<void> {
  const taken = await tx
    .update(users)
    .set({ premiumToolsUsed: sql`${users.premiumToolsUsed} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isPremium, true),
        sql`${users.premiumToolsUsed} < ${users.premiumToolsAllowed}`,
      ),
    )
    .returning({ id: users.id });
  if (taken.length === 0) throw forbidden(MSG.premiumQuotaUsed);
}

/**
 * Runs `write` (one transaction) with the re-encoded logo staged under a hidden name, removed if anything fails and
 * published once the row is committed: a failed request leaves neither a file nor a row, and a crashed one a staged
 * file that the upload sweep clears. `write` is given the logo's address, or null without one.
 */
async function withStagedLogo<T>(image: Buffer | null, write: (logoUrl: string | null) => Promise<T>): Promise<T> {
  let staged: StagedUpload | null = null;
  let result: T;
  try {
    if (image) staged = await stageLogo(image);
    result = await write(staged?.url ?? null);
  } catch (error) {
    await discardUpload(staged);
    throw error;
  }
  await publishUpload(staged);
  return result;
}

/** Creates a pending tool for the user; the logo is checked and re-encoded first. */
export async function submitTool(user: User, input: SubmissionInput, logo: Blob | null): Promise<ToolRecord> {
  if (input.isPremium) assertMayUsePremium(user);
  await assertUrlFree(db, input.url);
  await assertPendingRoom(user.id, db);
  const image = logo ? await prepareLogo(logo) : null;

  // Rendered before the write transaction, which it would otherwise hold open.
  const receivedEmail = await submissionReceivedEmail(user, { name: input.name, isPremium: input.isPremium });
  const tool = await withStagedLogo(image, (logoUrl) =>
    db.transaction(async (tx) => {
      // Checked again inside the write transaction: a parallel request may have won meanwhile.
      await assertUrlFree(tx, input.url);
      await assertPendingRoom(user.id, tx);
      if (input.isPremium) await takePremiumSlot(user.id, tx);
      const [created] = await tx
        .insert(tools)
        .values({
          name: input.name,
          slug: await freeToolSlug(tx, input.name),
          url: input.url,
          urlKey: urlKey(input.url),
          description: input.description,
          logoUrl,
          tags: input.tags,
          pricingModel: input.pricingModel ?? null,
          targetAudience: input.targetAudience ?? [],
          isPremium: input.isPremium,
          status: INITIAL_TOOL_STATUS,
          submittedById: user.id,
        })
        .returning();
      await enqueueEmail(receivedEmail, tx);
      return created;
    }),
  );
  return toolRecord(tool);
}

/** Gives a premium slot back (a rejected or no longer premium submission), never below none. */
export async function returnPremiumSlot(userId: number, tx: Transaction): Promise<void> {
  await tx
    .update(users)
    .set({ premiumToolsUsed: sql`max(${users.premiumToolsUsed} - 1, 0)`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The submitter's own tool: 404 when there is none, 403 when it is someone else's. */
async function ownTool(reader: Executor, user: User, toolId: number): Promise<Tool> {
  const tool = await reader.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool) throw notFound(MSG.toolNotFound);
  if (tool.submittedById !== user.id) throw forbidden();
  return tool;
}

/** What the owner may do to a submission: edit it while pending, resubmit it once rejected (docs/decisions/0069). */
const REWRITES = {
  edit: { from: TOOL_STATUS.pending, refusal: MSG.onlyPendingEdited, action: 'tool.edit' },
  resubmit: { from: TOOL_STATUS.rejected, refusal: MSG.onlyRejectedResubmitted, action: 'tool.resubmit' },
} as const;
type Rewrite = keyof typeof REWRITES;

/** A rejection whose reason says no resubmission can change it (lib/review-queue.ts) is final (docs/decisions/0104). */
function assertResubmittable(tool: Tool): void {
  const reason = REJECTION_REASONS[tool.rejectionCode ?? DEFAULT_REJECTION_CODE];
  if (!reason.resubmit) throw conflict(LISTING_MSG.resubmitRefused(reason.label));
}

/**
 * The owner's edit of a pending submission, or the resubmission of a rejected one with edits: the form's values
 * replace the submission's (a new logo only when one is sent). A resubmission is a new submission for the limits,
 * the premium slot (its rejection gave it back), the queue and the e-mail; an edit keeps its place and may turn
 * premium on (a slot) or off (the slot back).
 */
export async function rewriteSubmission(
  user: User,
  toolId: number,
  input: SubmissionInput,
  logo: Blob | null,
  kind: Rewrite,
): Promise<ToolRecord> {
  const rule = REWRITES[kind];
  const resubmit = kind === 'resubmit';
  const checks = async (reader: Executor): Promise<Tool> => {
    const tool = await ownTool(reader, user, toolId);
    if (tool.status !== rule.from) throw conflict(rule.refusal);
    if (resubmit) assertResubmittable(tool);
    await assertUrlFree(reader, input.url, tool.id);
    if (resubmit) await assertPendingRoom(user.id, reader);
    return tool;
  };
  // A premium slot is taken by a premium resubmission, or by an edit that makes a free submission premium.
  const takesSlot = (tool: Tool) => input.isPremium && (resubmit || !tool.isPremium);
  if (takesSlot(await checks(db))) assertMayUsePremium(user);
  const image = logo ? await prepareLogo(logo) : null;
  const receivedEmail = resubmit
    ? await submissionReceivedEmail(user, { name: input.name, isPremium: input.isPremium })
    : null;

  const updated = await withStagedLogo(image, (logoUrl) =>
    db.transaction(async (tx) => {
      const tool = await checks(tx);
      if (takesSlot(tool)) await takePremiumSlot(user.id, tx);
      if (!resubmit && !input.isPremium && tool.isPremium) await returnPremiumSlot(user.id, tx);
      const next: Partial<Tool> = {
        name: input.name,
        url: input.url,
        urlKey: urlKey(input.url),
        description: input.description,
        tags: input.tags,
        pricingModel: input.pricingModel ?? null,
        targetAudience: input.targetAudience ?? [],
        isPremium: input.isPremium,
        ...(logoUrl ? { logoUrl } : {}),
        // A submission's slug is provisional and follows its name (the public tool takes the name's own at approval).
        ...(input.name !== tool.name ? { slug: await freeToolSlug(tx, input.name, tool.id) } : {}),
        ...(resubmit
          ? { status: TOOL_STATUS.pending, rejectionReason: null, rejectionCode: null, submittedAt: new Date() }
          : {}),
        // The owner's save answers the editors' request for changes: the submission is theirs to decide again.
        changesRequestedAt: null,
        changesRequestedNote: null,
      };
      const { before: was, after } = changedFields(tool, next);
      if (Object.keys(after).length === 0) return tool;
      if (input.isPremium !== tool.isPremium) after.premiumLapsed = false;
      const [row] = await tx
        .update(tools)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(tools.id, tool.id))
        .returning();
      // urlKey is bookkeeping, not something the owner changed; premiumLapsed is billing's.
      delete was.urlKey;
      delete after.urlKey;
      delete after.premiumLapsed;
      await recordAudit(tx, {
        actorId: user.id,
        action: rule.action,
        entityType: 'tool',
        entityId: tool.id,
        before: was,
        after,
      });
      if (receivedEmail) await enqueueEmail(receivedEmail, tx);
      return row;
    }),
  );
  return toolRecord(updated);
}

/**
 * The user's own tools, newest first, each saying whether a change request is open: all of them, or a page of them
 * with `more` when a later page has tools (one row past the page is read to know).
 */
export async function listUserTools(
  userId: number,
  requested: PageQuery | null,
): Promise<{ tools: UserTool[]; more: boolean }> {
  const mine = db
    .select()
    .from(tools)
    .where(eq(tools.submittedById, userId))
    .orderBy(desc(tools.submittedAt), desc(tools.id));
  const rows = requested ? await mine.limit(requested.limit + 1).offset(requested.offset) : await mine;
  const page = requested ? rows.slice(0, requested.limit) : rows;
  const open =
    page.length === 0
      ? []
      : await db
          .select({ id: changeRequests.id, toolId: changeRequests.toolId })
          .from(changeRequests)
          .where(
            and(
              // A page's tools by id; the whole list's are every tool of the user, however many (no bound variable each).
              requested
                ? inArray(
                    changeRequests.toolId,
                    page.map((t) => t.id),
                  )
                : undefined,
              eq(changeRequests.submittedById, userId),
              eq(changeRequests.status, CHANGE_REQUEST_STATUS.pending),
            ),
          );
  const openByTool = new Map(open.map((r) => [r.toolId, r.id]));
  return {
    tools: page.map((tool) => {
      const pendingChangeRequestId = openByTool.get(tool.id) ?? null;
      return { ...toolRecord(tool), pendingChangeRequest: pendingChangeRequestId !== null, pendingChangeRequestId };
    }),
    more: requested !== null && rows.length > requested.limit,
  };
}

/** The dashboard's stat cards over all of the user's tools: approved and pending by status, premium of any status. */
export async function userToolStats(userId: number): Promise<UserToolStats> {
  const [row] = await db
    .select({
      total: count(),
      approved: sql`coalesce(sum(${tools.status} = ${TOOL_STATUS.approved}), 0)`.mapWith(Number),
      pending: sql`coalesce(sum(${tools.status} = ${TOOL_STATUS.pending}), 0)`.mapWith(Number),
      premium: sql`coalesce(sum(${tools.isPremium}), 0)`.mapWith(Number),
    })
    .from(tools)
    .where(eq(tools.submittedById, userId));
  return row;
}

/** A tool for its private preview: its owner or a reviewer; anyone else learns nothing (404). */
export async function previewTool(viewer: User, toolId: number): Promise<ToolRecord> {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool || (tool.submittedById !== viewer.id && !can(viewer, 'read:pending-tools')))
    throw notFound(MSG.toolNotFound);
  return toolRecord(tool);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Categories are a set: the form's checkbox order is not a change. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((v) => right.has(v));
}

/** What a change request asks for: only the fields of the input that differ from the tool as it is now. */
function requestedChanges(tool: Tool, input: ChangeRequestInput): RequestedChanges {
  const changes: RequestedChanges = {};
  if (input.name !== undefined && input.name !== tool.name) changes.name = input.name;
  if (input.url !== undefined && input.url !== tool.url) changes.url = input.url;
  if (input.description !== undefined && input.description !== tool.description)
    changes.description = input.description;
  if (input.tags !== undefined && !sameSet(input.tags, tool.tags)) changes.tags = input.tags;
  if (input.pricingModel !== undefined && input.pricingModel !== (tool.pricingModel ?? null))
    changes.pricingModel = input.pricingModel;
  if (input.targetAudience !== undefined && !sameList(input.targetAudience, tool.targetAudience)) {
    changes.targetAudience = input.targetAudience;
  }
  if (input.screenshots !== undefined && !sameList(input.screenshots, tool.screenshots))
    changes.screenshots = input.screenshots;
  if (input.videoUrl !== undefined && input.videoUrl !== tool.videoUrl) changes.videoUrl = input.videoUrl;
  if (input.logoUrl !== undefined && input.logoUrl !== tool.logoUrl) changes.logoUrl = input.logoUrl;
  if (input.brandColor !== undefined && input.brandColor !== tool.brandColor) changes.brandColor = input.brandColor;
  if (input.coverImage !== undefined && input.coverImage !== tool.coverImage) changes.coverImage = input.coverImage;
  return changes;
}

/**
 * An owner (its submitter or a verified owner) asks for changes to their approved tool; the request stores only what
 * differs.
 * One open request per tool, checked inside the write transaction.
 */
export async function requestChanges(
  user: User,
  toolId: number,
  input: ChangeRequestInput,
): Promise<UserChangeRequest> {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  // Its submitter, or a verified owner (docs/decisions/0099): anyone else learns nothing of the tool.
  if (!tool || (tool.submittedById !== user.id && !(await isVerifiedOwner(user.id, tool.id))))
    throw notFound(MSG.toolNotFound);
  if (!takesChangeRequests(tool.status)) throw conflict(MSG.changeRequestNotApproved);
  const changes = requestedChanges(tool, input);
  if (Object.keys(changes).length === 0) throw badRequest(MSG.noChanges);
  await assertAssetsAllowed(tool, changes);
  if (changes.url !== undefined && urlKey(changes.url) !== tool.urlKey) await assertUrlFree(db, changes.url, tool.id);

  const created = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(and(eq(changeRequests.toolId, tool.id), eq(changeRequests.status, CHANGE_REQUEST_STATUS.pending)))
      .limit(1);
    if (open) throw conflict(MSG.changeRequestPending);
    const [row] = await tx
      .insert(changeRequests)
      .values({ toolId: tool.id, submittedById: user.id, requestData: changes, status: CHANGE_REQUEST_STATUS.pending })
      .returning();
    return row;
  });
  return {
    id: created.id,
    toolId: tool.id,
    toolName: tool.name,
    toolSlug: tool.slug,
    status: created.status,
    submittedAt: created.submittedAt,
    reviewedAt: created.reviewedAt,
    requestData: created.requestData,
  };
}

/** The user's change requests, newest first, with the name of the tool each concerns. */
export async function listUserChangeRequests(userId: number): Promise<UserChangeRequest[]> {
  return db
    .select({
      id: changeRequests.id,
      toolId: changeRequests.toolId,
      toolName: tools.name,
      toolSlug: tools.slug,
      status: changeRequests.status,
      submittedAt: changeRequests.submittedAt,
      reviewedAt: changeRequests.reviewedAt,
      requestData: changeRequests.requestData,
    })
    .from(changeRequests)
    .innerJoin(tools, eq(tools.id, changeRequests.toolId))
    .where(eq(changeRequests.submittedById, userId))
    .orderBy(desc(changeRequests.submittedAt), desc(changeRequests.id));
}

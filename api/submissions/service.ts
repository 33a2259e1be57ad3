// Tool submissions and owners' change requests: the rules of SPEC.md sections 4-6 and issue 4,
// as plain functions of plain values (the routes parse requests; this file decides).
import { and, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { db, type Executor, type Transaction } from '../../db/client';
import { changeRequests, tools, users, type ChangeRequest, type Tool, type User } from '../../db/schema';
import { REVIEW_DECISION_HOURS } from '../../lib/constants';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { can } from '../../lib/permissions';
import type { ChangeRequestInput, SubmissionInput } from '../../lib/schemas';
import { slugify, uniqueSlug } from '../../lib/slug';
import { badRequest, conflict, forbidden, notFound } from '../plugins/errors';
import { enqueueEmail, simpleEmail } from '../services/email';
import { discardUpload, prepareLogo, publishUpload, stageLogo, type StagedUpload } from '../services/uploads';


/** Statuses that hold a URL: a second submission of it is refused. Rejected tools free it. */
const URL_HOLDING_STATUSES = ['approved', 'unlisted', 'pending'];

/** A tool as its owner (or a reviewer) sees it: every field but the internal duplicate key. */
export type OwnTool = Omit<Tool, 'urlKey'>;

export function ownTool(tool: Tool): OwnTool {
  const { urlKey: _key, ...rest } = tool;
  return rest;
}

/** Refuses a URL that another live or pending tool already has, naming that tool. */
async function assertUrlFree(url: string, reader: Executor, exceptToolId?: number): Promise<void> {
  const [existing] = await reader
    .select({ name: tools.name, status: tools.status })
    .from(tools)
    .where(
      and(
        eq(tools.urlKey, urlKey(url)),
        inArray(tools.status, URL_HOLDING_STATUSES),
        exceptToolId === undefined ? undefined : ne(tools.id, exceptToolId),
      ),
    )
    .limit(1);
  if (!existing) return;
  throw conflict(existing.status === 'pending' ? MSG.toolAlreadyPending(existing.name) : MSG.toolAlreadyListed(existing.name));
}

/** Tools one account may have awaiting review at once (docs/decisions/0022). */
export const MAX_PENDING_SUBMISSIONS = 10;

/** Refuses a submission while the user has the most pending tools allowed. */
async function assertPendingRoom(userId: number, reader: Executor): Promise<void> {
  const [{ pending }] = await reader
    .select({ pending: sql<number>`count(*)` })
    .from(tools)
    .where(and(eq(tools.submittedById, userId), eq(tools.status, 'pending')));
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
    .where(and(eq(users.id, userId), eq(users.isPremium, true), sql`${users.premiumToolsUsed} < ${users.premiumToolsAllowed}`))
    .returning({ id: users.id });
  if (taken.length === 0) throw forbidden(MSG.premiumQuotaUsed);
}

async function freeSlug(name: string, tx: Transaction): Promise<string> {
  const root = slugify(name) || 'tool';
  const rows = await tx
    .select({ slug: tools.slug })
    .from(tools)
    .where(or(eq(tools.slug, root), like(tools.slug, `${root}-%`)));
  return uniqueSlug(root, new Set(rows.map((r) => r.slug)));
}

function submissionReceivedEmail(user: Pick<User, 'email' | 'firstName'>, tool: Pick<Tool, 'name' | 'isPremium'>) {
  return simpleEmail(user.email, 'submission-received', `We received your submission: ${tool.name}`, [
    `Hi ${user.firstName?.trim() || 'there'},`,
    `Thank you for submitting ${tool.name}${tool.isPremium ? ' as a Premium listing' : ''}. Every tool in the directory is reviewed by hand by our editors.`,
    `You will receive an e-mail with the decision within ${REVIEW_DECISION_HOURS} hours. You can follow the status of your submission on your dashboard.`,
  ]);
}

/**
 * Creates a pending tool for the user. The logo is checked and re-encoded first, staged under a
 * hidden name before the transaction, removed if anything fails and published once the row is
 * committed: a failed request leaves neither a file nor a row, and a crashed one a staged file
 * that the upload sweep clears.
 */
export async function submitTool(user: User, input: SubmissionInput, logo: Blob | null): Promise<OwnTool> {
  if (input.isPremium) assertMayUsePremium(user);
  await assertUrlFree(input.url, db);
  await assertPendingRoom(user.id, db);
  const image = logo ? await prepareLogo(logo) : null;

  let staged: StagedUpload | null = null;
  let tool: Tool;
  try {
    if (image) staged = await stageLogo(image);
    const logoUrl = staged?.url ?? null;
    tool = await db.transaction(async (tx) => {
      // Checked again inside the write transaction: a parallel request may have won meanwhile.
      await assertUrlFree(input.url, tx);
      await assertPendingRoom(user.id, tx);
      if (input.isPremium) await takePremiumSlot(user.id, tx);
      const [created] = await tx
        .insert(tools)
        .values({
          name: input.name,
          slug: await freeSlug(input.name, tx),
          url: input.url,
          urlKey: urlKey(input.url),
          description: input.description,
          logoUrl,
          tags: input.tags,
          isPremium: input.isPremium,
          status: 'pending',
          submittedById: user.id,
        })
        .returning();
      await enqueueEmail(submissionReceivedEmail(user, created), tx);
      return created;
    });
  } catch (error) {
    await discardUpload(staged);
    throw error;
  }
  await publishUpload(staged);
  return ownTool(tool);
}

export type UserTool = OwnTool & { pendingChangeRequest: boolean; pendingChangeRequestId: number | null };

/** The user's own tools, newest first, each saying whether a change request is open. */
export async function listUserTools(userId: number): Promise<UserTool[]> {
  const rows = await db
    .select()
    .from(tools)
    .where(eq(tools.submittedById, userId))
    .orderBy(desc(tools.submittedAt), desc(tools.id));
  const open = await db
    .select({ id: changeRequests.id, toolId: changeRequests.toolId })
    .from(changeRequests)
    .where(and(eq(changeRequests.submittedById, userId), eq(changeRequests.status, 'pending')));
  const openByTool = new Map(open.map((r) => [r.toolId, r.id]));
  return rows.map((tool) => {
    const pendingChangeRequestId = openByTool.get(tool.id) ?? null;
    return { ...ownTool(tool), pendingChangeRequest: pendingChangeRequestId !== null, pendingChangeRequestId };
  });
}

/** A tool for its private preview: its owner or a reviewer; anyone else learns nothing (404). */
export async function previewTool(viewer: User, toolId: number): Promise<OwnTool> {
  const tool = Number.isSafeInteger(toolId) ? await db.query.tools.findFirst({ where: eq(tools.id, toolId) }) : undefined;
  if (!tool || (tool.submittedById !== viewer.id && !can(viewer, 'read:pending-tools'))) throw notFound(MSG.toolNotFound);
  return ownTool(tool);
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

/** Only the fields of the input that differ from the tool as it is now. */
export function changedFields(tool: Tool, input: ChangeRequestInput): ChangeRequestInput {
  const changes: ChangeRequestInput = {};
  if (input.name !== undefined && input.name !== tool.name) changes.name = input.name;
  if (input.url !== undefined && input.url !== tool.url) changes.url = input.url;
  if (input.description !== undefined && input.description !== tool.description) changes.description = input.description;
  if (input.tags !== undefined && !sameSet(input.tags, tool.tags)) changes.tags = input.tags;
  if (input.pricingModel !== undefined && input.pricingModel !== (tool.pricingModel ?? null)) changes.pricingModel = input.pricingModel;
  if (input.targetAudience !== undefined && !sameList(input.targetAudience, tool.targetAudience)) {
    changes.targetAudience = input.targetAudience;
  }
  return changes;
}

export interface UserChangeRequest {
  id: number;
  toolId: number;
  toolName: string;
  toolSlug: string;
  status: string;
  submittedAt: Date;
  reviewedAt: Date | null;
  requestData: ChangeRequest['requestData'];
}

/**
 * An owner asks for changes to their approved tool; the request stores only what differs.
 * One open request per tool, checked inside the write transaction.
 */
export async function requestChanges(user: User, toolId: number, input: ChangeRequestInput): Promise<UserChangeRequest> {
  const tool = Number.isSafeInteger(toolId) ? await db.query.tools.findFirst({ where: eq(tools.id, toolId) }) : undefined;
  if (!tool || tool.submittedById !== user.id) throw notFound(MSG.toolNotFound);
  if (tool.status !== 'approved') throw conflict(MSG.changeRequestNotApproved);
  const changes = changedFields(tool, input);
  if (Object.keys(changes).length === 0) throw badRequest(MSG.noChanges);
  if (changes.url !== undefined && urlKey(changes.url) !== tool.urlKey) await assertUrlFree(changes.url, db, tool.id);

  const created = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(and(eq(changeRequests.toolId, tool.id), eq(changeRequests.status, 'pending')))
      .limit(1);
    if (open) throw conflict(MSG.changeRequestPending);
    const [row] = await tx
      .insert(changeRequests)
      .values({ toolId: tool.id, submittedById: user.id, requestData: changes, status: 'pending' })
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


// The admin's claims of listings (docs/decisions/0099): every claim with its tool and member, and revoking one with a
// reason, which takes the mark off the tool's pages at once and tells the member why.
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db } from '../../db/client';
import { toolOwners, tools, users } from '../../db/schema';
import type { ClaimStatus } from '../../lib/claims';
import type { AdminClaim } from '../../lib/contract';
import { ownerChangeTags } from '../../lib/cache-tags';
import { displayName } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { recordAudit } from '../audit';
import { claimRevokedEmail } from '../emails';
import { conflict, notFound } from '../plugins/errors';
import { requestRebuild } from '../publishing/rebuild-queue';
import { enqueueEmail } from '../services/email';
import { ownerColumns, ownerOf } from './shared';

const member = alias(users, 'member');
const ender = alias(users, 'ender');

/** Every claim, newest first, or those in one status. */
export async function listClaims(status?: ClaimStatus): Promise<AdminClaim[]> {
  return claimRows(status ? eq(toolOwners.status, status) : undefined);
}

async function claimRows(where: SQL | undefined): Promise<AdminClaim[]> {
  const rows = await db
    .select({
      claim: toolOwners,
      tool: { id: tools.id, name: tools.name, slug: tools.slug, status: tools.status },
      member: ownerColumns(member),
      ender: { firstName: ender.firstName, lastName: ender.lastName, email: ender.email },
    })
    .from(toolOwners)
    .innerJoin(tools, eq(tools.id, toolOwners.toolId))
    .innerJoin(member, eq(member.id, toolOwners.userId))
    .leftJoin(ender, eq(ender.id, toolOwners.endedById))
    .where(where)
    .orderBy(desc(toolOwners.createdAt), desc(toolOwners.id));
  return rows.map(({ claim, tool, member: person, ender: by }) => ({
    id: claim.id,
    tool,
    member: ownerOf(person),
    method: claim.method,
    status: claim.status,
    domain: claim.domain,
    email: claim.email,
    expiresAt: claim.expiresAt,
    createdAt: claim.createdAt,
    verifiedAt: claim.verifiedAt,
    lastCheckedAt: claim.lastCheckedAt,
    recheckDueAt: claim.recheckDueAt,
    graceUntil: claim.graceUntil,
    endedAt: claim.endedAt,
    endedBy: by?.email ? displayName(by) : null,
    endReason: claim.endReason,
  }));
}

/**
 * Revokes a claim of any status but revoked: it ends (when, by whom, why), an audit row says so, the member is
 * e-mailed the reason, and a verified one's tool pages (its tag: the page, the Markdown, its cards) lose the mark.
 */
export async function revokeClaim(
  claimId: number,
  reason: string,
  actorId: number,
  now = new Date(),
): Promise<AdminClaim> {
  await db.transaction(async (tx) => {
    const claim = await tx.query.toolOwners.findFirst({ where: eq(toolOwners.id, claimId) });
    if (!claim) throw notFound(LISTING_MSG.claimMissing);
    const ended = await tx
      .update(toolOwners)
      .set({ status: 'revoked', endedAt: now, endedById: actorId, endReason: reason })
      .where(and(eq(toolOwners.id, claimId), ne(toolOwners.status, 'revoked')))
      .returning({ id: toolOwners.id });
    if (ended.length === 0) throw conflict(LISTING_MSG.claimAlreadyRevoked);
    const tool = (await tx.query.tools.findFirst({ where: eq(tools.id, claim.toolId) }))!;
    if (claim.status === 'verified')
      await requestRebuild(`owner revoked: ${tool.slug}`, tx, ownerChangeTags(tool.slug));
    await recordAudit(tx, {
      actorId,
      action: 'claim.revoke',
      entityType: 'tool_owner',
      entityId: claim.id,
      before: { status: claim.status },
      after: { status: 'revoked', endReason: reason },
    });
    const owner = await tx.query.users.findFirst({ where: eq(users.id, claim.userId) });
    if (owner && !owner.closedAt) await enqueueEmail(await claimRevokedEmail(owner, tool, reason), tx);
  });
  const [row] = await claimRows(eq(toolOwners.id, claimId));
  return row;
}

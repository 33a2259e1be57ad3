// A member's claims of a listing (docs/decisions/0099): starting one by DNS, meta tag or file (a token shown once, kept
// as its hash, 7 days), the e-mail code to an address on the tool's registrable domain, "Check now", the member's list,
// and the suspension of every owner when the tool's address moves to another domain. Plain functions, no requests; each
// call of a member needs a verified address (requireVerifiedEmail), whatever route calls it.
import { and, desc, eq } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { toolOwners, tools, users, type Tool, type ToolOwner, type User } from '../../db/schema';
import { ownerChangeTags } from '../../lib/cache-tags';
import { CLAIM_TIMES, isFreeMail, type ClaimMethod, type TokenMethod } from '../../lib/claims';
import type { MemberClaim } from '../../lib/contract';
import { longDate } from '../../lib/format';
import { LISTING_MSG } from '../../lib/listing-messages';
import { isSharedHost, registrableDomain } from '../../lib/registrable-domain';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { consumeCode, issueProof, liveProofOf } from '../account/proofs';
import { recordAudit } from '../audit';
import { hashToken, newToken } from '../auth/sessions';
import { claimCodeEmail, claimSuspendedEmail, claimVerifiedEmail } from '../emails';
import { requireVerifiedEmail } from '../plugins/auth';
import { badRequest, conflict, notFound } from '../plugins/errors';
import { requestRebuild } from '../publishing/rebuild-queue';
import { rateKey, requireAttempt } from '../rate-limit';
import { enqueueEmail } from '../services/email';
import { checkTokenProof, proofLocation, proofValue } from './claim-proofs';

type ClaimTool = Pick<Tool, 'id' | 'slug' | 'name' | 'url'>;
const TOOL_COLUMNS = { id: true, slug: true, name: true, url: true } as const;

/** What a claim asks of the member next, in words. */
function nextStep(claim: ToolOwner, now: number): string {
  switch (claim.status) {
    case 'pending':
      if (claim.method === 'email') return LISTING_MSG.claimNextCode(claim.email ?? '');
      return claim.expiresAt && claim.expiresAt.getTime() <= now
        ? LISTING_MSG.claimTokenExpired
        : LISTING_MSG.claimNextToken;
    case 'verified':
      if (claim.graceUntil) {
        const until = longDate(claim.graceUntil);
        return claim.method === 'email' ? LISTING_MSG.claimNextConfirm(until) : LISTING_MSG.claimNextGrace(until);
      }
      return claim.method === 'email' ? LISTING_MSG.claimNextVerifiedEmail : LISTING_MSG.claimNextVerified;
    case 'revoked':
      return LISTING_MSG.claimNextRevoked(claim.endReason ?? '');
    default:
      return LISTING_MSG.claimNextStartAgain;
  }
}

/** A claim as the member sees it. */
function claimView(claim: ToolOwner, tool: ClaimTool, now: number): MemberClaim {
  return {
    id: claim.id,
    tool: { slug: tool.slug, name: tool.name, url: tool.url },
    method: claim.method,
    status: claim.status,
    domain: claim.domain,
    location: claim.method === 'email' ? claim.email : proofLocation(claim.method, tool.url, claim.domain),
    expiresAt: claim.expiresAt,
    verifiedAt: claim.verifiedAt,
    lastCheckedAt: claim.lastCheckedAt,
    recheckDueAt: claim.recheckDueAt,
    graceUntil: claim.graceUntil,
    endedAt: claim.endedAt,
    endReason: claim.endReason,
    next: nextStep(claim, now),
  };
}

/** The member's claims, newest first, each with what it asks of them next. */
export async function listClaims(user: Pick<User, 'id'>, now = Date.now()): Promise<MemberClaim[]> {
  const rows = await db
    .select({ claim: toolOwners, tool: { id: tools.id, slug: tools.slug, name: tools.name, url: tools.url } })
    .from(toolOwners)
    .innerJoin(tools, eq(tools.id, toolOwners.toolId))
    .where(eq(toolOwners.userId, user.id))
    .orderBy(desc(toolOwners.id));
  return rows.map(({ claim, tool }) => claimView(claim, tool, now));
}

/** A listed tool by slug (only a public tool can be claimed) and its registrable domain; 404 / 409 otherwise. */
async function claimableTool(slug: string): Promise<{ tool: ClaimTool; domain: string }> {
  const tool = await db.query.tools.findFirst({
    columns: TOOL_COLUMNS,
    where: and(eq(tools.slug, slug), eq(tools.status, PUBLIC_TOOL_STATUS)),
  });
  if (!tool) throw notFound(LISTING_MSG.claimToolMissing);
  const domain = registrableDomain(tool.url);
  if (!domain) throw conflict(LISTING_MSG.claimNoDomain);
  return { tool, domain };
}

const claimOf = (tx: Executor, toolId: number, userId: number) =>
  tx.query.toolOwners.findFirst({ where: and(eq(toolOwners.toolId, toolId), eq(toolOwners.userId, userId)) });

/** Refuses starting again over a claim an admin revoked, or one already verified. */
function refuseRestart(claim: ToolOwner | undefined): void {
  if (claim?.status === 'revoked') throw conflict(LISTING_MSG.claimRevoked);
  if (claim?.status === 'verified') throw conflict(LISTING_MSG.claimAlreadyOwner);
}

/** A claim started (again): pending, its earlier token, code, dates and ending forgotten. */
async function writePending(
  tx: Executor,
  values: {
    toolId: number;
    userId: number;
    method: ClaimMethod;
    domain: string;
    tokenHash: string | null;
    email: string | null;
    expiresAt: Date;
  },
  now: number,
): Promise<ToolOwner> {
  const fresh = {
    ...values,
    status: 'pending' as const,
    createdAt: new Date(now),
    verifiedAt: null,
    lastCheckedAt: null,
    recheckDueAt: null,
    graceUntil: null,
    endedAt: null,
    endedById: null,
    endReason: null,
  };
  const [row] = await tx
    .insert(toolOwners)
    .values(fresh)
    .onConflictDoUpdate({ target: [toolOwners.toolId, toolOwners.userId], set: fresh })
    .returning();
  await recordAudit(tx, {
    actorId: values.userId,
    action: 'claim.start',
    entityType: 'tool_owner',
    entityId: row.id,
    before: null,
    after: { toolId: values.toolId, method: values.method, domain: values.domain, email: values.email },
  });
  return row;
}

/**
 * Starts a DNS, meta or file claim of a listed tool: a new random token (the old one stops working), kept as its
 * SHA-256 only and shown this once with the exact value to place. A lost token: start again.
 */
export async function startClaim(
  user: User,
  input: { toolSlug: string; method: TokenMethod },
  now = Date.now(),
): Promise<{ claim: MemberClaim; token: string; value: string }> {
  requireVerifiedEmail(user);
  await requireAttempt([rateKey('claim-start-account', user.id)], LISTING_MSG.claimTooManyStarts);
  const { tool, domain } = await claimableTool(input.toolSlug);
  // Whoever runs a shared host's DNS (vercel.app, github.io) is the host, never the tool.
  if (input.method === 'dns' && isSharedHost(tool.url)) throw badRequest(LISTING_MSG.claimDnsSharedHost(domain));
  const token = newToken();
  const claim = await db.transaction(async (tx) => {
    refuseRestart(await claimOf(tx, tool.id, user.id));
    return writePending(
      tx,
      {
        toolId: tool.id,
        userId: user.id,
        method: input.method,
        domain,
        tokenHash: hashToken(token),
        email: null,
        expiresAt: new Date(now + CLAIM_TIMES.tokenMs),
      },
      now,
    );
  });
  return { claim: claimView(claim, tool, now), token, value: proofValue(input.method, token) };
}

/** A claim-email proof's target: the tool and the address the code was sent to, so the code proves that pair only. */
const claimTarget = (toolId: number, address: string) => `${toolId} ${address}`;

function targetOf(target: string | null | undefined): { toolId: number; address: string } | null {
  const match = /^(\d+) (.+)$/.exec(target ?? '');
  return match ? { toolId: Number(match[1]), address: match[2] } : null;
}

/** Whether an address proves the domain: on it or a subdomain of it, never a free-mail provider's. */
function refuseAddress(address: string, tool: ClaimTool, domain: string): void {
  if (isSharedHost(tool.url)) throw badRequest(LISTING_MSG.claimEmailSharedHost(domain));
  const host = address.slice(address.lastIndexOf('@') + 1);
  if (isFreeMail(host)) throw badRequest(LISTING_MSG.claimEmailFreeMail(domain));
  if (registrableDomain(host) !== domain) throw badRequest(LISTING_MSG.claimEmailNotOnDomain(domain));
}

/**
 * E-mails a 6-digit code (10 minutes, 5 wrong tries) to an address on the tool's registrable domain, bound to the
 * member, the tool and the address. Starts an e-mail claim, or lets a verified e-mail owner confirm their yearly proof.
 */
export async function sendClaimCode(
  user: User,
  input: { toolSlug: string; address: string },
  now = Date.now(),
): Promise<{ claim: MemberClaim; verified: boolean; message: string }> {
  requireVerifiedEmail(user);
  await requireAttempt(
    [rateKey('claim-email-account', user.id), rateKey('claim-email-address', input.address)],
    LISTING_MSG.claimTooManyEmails,
  );
  const { tool, domain } = await claimableTool(input.toolSlug);
  refuseAddress(input.address, tool, domain);
  const claim = await db.transaction(async (tx) => {
    const existing = await claimOf(tx, tool.id, user.id);
    // An e-mail owner whose yearly confirmation is due proves it with a new code; the claim stays verified meanwhile.
    const confirming = existing?.status === 'verified' && existing.method === 'email' && existing.graceUntil !== null;
    if (!confirming) refuseRestart(existing);
    const { code, expiresAt } = await issueProof(tx, {
      userId: user.id,
      purpose: 'claim-email',
      target: claimTarget(tool.id, input.address),
      withCode: true,
      now,
    });
    await enqueueEmail(await claimCodeEmail(input.address, tool, code as string), tx);
    if (confirming && existing) return existing;
    return writePending(
      tx,
      { toolId: tool.id, userId: user.id, method: 'email', domain, tokenHash: null, email: input.address, expiresAt },
      now,
    );
  });
  return { claim: claimView(claim, tool, now), verified: false, message: LISTING_MSG.claimCodeSent(input.address) };
}

/**
 * The claim proved (by its token, or a code): verified, to be checked again in 30 days (a year for e-mail), the owner
 * told and the tool's pages rendered again with the mark. A verified claim proved again keeps its date and is only
 * moved on.
 */
async function markProved(
  tx: Executor,
  claim: ToolOwner,
  tool: ClaimTool,
  proof: { method: ClaimMethod; domain: string; email: string | null },
  now: number,
): Promise<ToolOwner> {
  const again = claim.status === 'verified';
  const [row] = await tx
    .update(toolOwners)
    .set({
      ...proof,
      status: 'verified',
      tokenHash: proof.method === 'email' ? null : claim.tokenHash,
      verifiedAt: again ? claim.verifiedAt : new Date(now),
      lastCheckedAt: new Date(now),
      recheckDueAt: new Date(now + (proof.method === 'email' ? CLAIM_TIMES.confirmMs : CLAIM_TIMES.recheckMs)),
      graceUntil: null,
      expiresAt: null,
    })
    .where(eq(toolOwners.id, claim.id))
    .returning();
  if (again) return row;
  await recordAudit(tx, {
    actorId: claim.userId,
    action: 'claim.verify',
    entityType: 'tool_owner',
    entityId: claim.id,
    before: { status: claim.status },
    after: { status: 'verified', toolId: tool.id, ...proof },
  });
  const owner = await tx.query.users.findFirst({ where: eq(users.id, claim.userId) });
  if (owner) await enqueueEmail(await claimVerifiedEmail(owner, tool, proof.method), tx);
  await requestRebuild(`owner verified: ${tool.slug}`, tx, ownerChangeTags(tool.slug));
  return row;
}

/**
 * The code typed for a tool: right, and bound to this tool, proves the address it was sent to. Every try counts
 * against the member first, a wrong one against the code too (spent after five).
 */
export async function confirmClaimCode(
  user: User,
  input: { toolSlug: string; code: string },
  now = Date.now(),
): Promise<{ claim: MemberClaim; verified: boolean; message: string }> {
  requireVerifiedEmail(user);
  await requireAttempt([rateKey('claim-code-account', user.id)], LISTING_MSG.claimTooManyCodes);
  const { tool, domain } = await claimableTool(input.toolSlug);
  // A wrong try's count must commit: the transaction returns, and the refusal comes after it.
  const result = await db.transaction(async (tx) => {
    const live = await liveProofOf(tx, user.id, 'claim-email', now);
    const target = targetOf(live?.target);
    // A code sent for another tool is no code for this one (and is not used up by trying it here).
    if (!target || target.toolId !== tool.id) return 'none' as const;
    const claim = await claimOf(tx, tool.id, user.id);
    if (!claim || claim.status === 'revoked') return 'none' as const;
    const typed = await consumeCode(tx, { userId: user.id, purpose: 'claim-email', code: input.code, now });
    if (!typed) return 'none' as const;
    if ('wrong' in typed) return 'wrong' as const;
    const wasVerified = claim.status === 'verified';
    const proved = await markProved(tx, claim, tool, { method: 'email', domain, email: target.address }, now);
    return { proved, wasVerified };
  });
  if (result === 'none') throw badRequest(LISTING_MSG.claimNoCode);
  if (result === 'wrong') throw badRequest(LISTING_MSG.claimCodeWrong);
  return {
    claim: claimView(result.proved, tool, now),
    verified: true,
    message: result.wasVerified ? LISTING_MSG.claimConfirmed(tool.name) : LISTING_MSG.claimVerified(tool.name),
  };
}

/**
 * "Check now" on the member's own DNS, meta or file claim: looks for its token (the site fetched through the guarded
 * client, outside any transaction). Found: verified. Not found: what was found instead, and nothing changed but the
 * time of the check. A pending token past its 7 days: start again.
 */
export async function checkClaim(
  user: User,
  claimId: number,
  now = Date.now(),
): Promise<{ claim: MemberClaim; verified: boolean; message: string }> {
  requireVerifiedEmail(user);
  await requireAttempt([rateKey('claim-check-account', user.id)], LISTING_MSG.claimTooManyChecks);
  const claim = await db.query.toolOwners.findFirst({
    where: and(eq(toolOwners.id, claimId), eq(toolOwners.userId, user.id)),
  });
  if (!claim) throw notFound(LISTING_MSG.claimMissing);
  const tool = await db.query.tools.findFirst({
    columns: TOOL_COLUMNS,
    where: and(eq(tools.id, claim.toolId), eq(tools.status, PUBLIC_TOOL_STATUS)),
  });
  if (!tool) throw notFound(LISTING_MSG.claimToolMissing);
  if (claim.status === 'revoked') throw conflict(LISTING_MSG.claimRevoked);
  if (claim.status !== 'pending' && claim.status !== 'verified') throw conflict(LISTING_MSG.claimEnded);
  if (claim.method === 'email') throw conflict(LISTING_MSG.claimIsEmail);
  if (!claim.tokenHash) throw conflict(LISTING_MSG.claimEnded);
  if (claim.status === 'pending' && claim.expiresAt && claim.expiresAt.getTime() <= now)
    throw conflict(LISTING_MSG.claimTokenExpired);
  const domain = registrableDomain(tool.url);
  if (!domain) throw conflict(LISTING_MSG.claimNoDomain);
  const outcome = await checkTokenProof(claim.method, { toolUrl: tool.url, domain, tokenHash: claim.tokenHash });
  const after = await db.transaction(async (tx) => {
    const current = await tx.query.toolOwners.findFirst({ where: eq(toolOwners.id, claim.id) });
    // Started again (a new token) or ended while the check ran: this check speaks for neither.
    if (!current || current.tokenHash !== claim.tokenHash || current.status !== claim.status) return null;
    if (outcome.found) return markProved(tx, current, tool, { method: claim.method, domain, email: null }, now);
    const [row] = await tx
      .update(toolOwners)
      .set({ lastCheckedAt: new Date(now) })
      .where(eq(toolOwners.id, claim.id))
      .returning();
    return row;
  });
  if (!after) throw conflict(LISTING_MSG.claimEnded);
  const message = !outcome.found
    ? outcome.message
    : claim.status === 'verified'
      ? LISTING_MSG.claimConfirmed(tool.name)
      : LISTING_MSG.claimVerified(tool.name);
  return { claim: claimView(after, tool, now), verified: outcome.found, message };
}

/**
 * Called wherever a tool's address changes (the admin's edit, an approved change request), in that change's
 * transaction: when `newUrl` is on another registrable domain than a verified owner proved, that owner is suspended
 * (told, audited, the mark gone from the tool's pages) until they prove the new domain. Returns how many.
 */
export async function suspendOwnersIfMoved(
  tx: Executor,
  tool: Pick<Tool, 'id' | 'slug' | 'name' | 'url'>,
  newUrl: string,
  now = Date.now(),
): Promise<number> {
  if (newUrl === tool.url) return 0;
  const domain = registrableDomain(newUrl);
  const owners = await tx.query.toolOwners.findMany({
    where: and(eq(toolOwners.toolId, tool.id), eq(toolOwners.status, 'verified')),
  });
  const moved = owners.filter((owner) => owner.domain !== domain);
  for (const owner of moved) {
    const endReason = `The tool's address moved to ${domain ?? newUrl}, which this claim did not prove.`;
    await tx
      .update(toolOwners)
      .set({ status: 'suspended', endedAt: new Date(now), endedById: null, endReason, graceUntil: null })
      .where(eq(toolOwners.id, owner.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'claim.suspend',
      entityType: 'tool_owner',
      entityId: owner.id,
      before: { status: owner.status, domain: owner.domain },
      after: { status: 'suspended', domain, url: newUrl },
    });
    const person = await tx.query.users.findFirst({ where: eq(users.id, owner.userId) });
    if (person) await enqueueEmail(await claimSuspendedEmail(person, tool, domain ?? newUrl), tx);
  }
  if (moved.length > 0) await requestRebuild(`owners suspended: ${tool.slug}`, tx, ownerChangeTags(tool.slug));
  return moved.length;
}

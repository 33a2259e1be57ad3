// Verified owners' proofs checked again (docs/decisions/0099): a DNS, meta or file proof every 30 days, an e-mail owner
// asked to confirm with a new code every year. A failing proof (or an unconfirmed year) gives 14 days of grace, the
// owner e-mailed on its first day and 3 days before its end, then the claim lapses and the mark leaves the tool's pages.
import { and, eq, lte } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { toolOwners, tools, users, type Tool, type ToolOwner } from '../../db/schema';
import { ownerChangeTags } from '../../lib/cache-tags';
import { CLAIM_TIMES } from '../../lib/claims';
import { registrableDomain } from '../../lib/registrable-domain';
import { recordAudit } from '../audit';
import { claimConfirmDueEmail, claimFailingEmail, claimLapsedEmail } from '../emails';
import { log } from '../log';
import { requestRebuild } from '../publishing/rebuild-queue';
import { enqueueEmail } from '../services/email';
import { checkTokenProof, type ProofOutcome } from './claim-proofs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Passes run this often; each claim is looked at only when due, so a failing site is asked at most once a day. */
const PASS_EVERY_MS = 60 * 60 * 1000;

type OwnedTool = Pick<Tool, 'id' | 'slug' | 'name' | 'url'>;

const ownerOf = (tx: Executor, claim: ToolOwner) => tx.query.users.findFirst({ where: eq(users.id, claim.userId) });

/** The claim lapses: ended, audited, its owner told, and the mark gone from the tool's pages. */
async function lapse(tx: Executor, claim: ToolOwner, tool: OwnedTool, reason: string, now: number): Promise<void> {
  await tx
    .update(toolOwners)
    .set({
      status: 'lapsed',
      endedAt: new Date(now),
      endReason: reason,
      graceUntil: null,
      lastCheckedAt: new Date(now),
    })
    .where(eq(toolOwners.id, claim.id));
  await recordAudit(tx, {
    actorId: null,
    action: 'claim.lapse',
    entityType: 'tool_owner',
    entityId: claim.id,
    before: { status: claim.status, graceUntil: claim.graceUntil },
    after: { status: 'lapsed', reason },
  });
  const owner = await ownerOf(tx, claim);
  if (owner) await enqueueEmail(await claimLapsedEmail(owner, tool, reason), tx);
  await requestRebuild(`owner lapsed: ${tool.slug}`, tx, ownerChangeTags(tool.slug));
}

/** A DNS, meta or file owner's re-check, judged once its check has run (outside any transaction). */
async function judgeTokenCheck(
  tx: Executor,
  claim: ToolOwner,
  tool: OwnedTool,
  outcome: ProofOutcome,
  now: number,
): Promise<void> {
  if (outcome.found) {
    await tx
      .update(toolOwners)
      .set({ lastCheckedAt: new Date(now), recheckDueAt: new Date(now + CLAIM_TIMES.recheckMs), graceUntil: null })
      .where(eq(toolOwners.id, claim.id));
    return;
  }
  if (claim.graceUntil && claim.graceUntil.getTime() <= now) return lapse(tx, claim, tool, outcome.message, now);
  const graceUntil = claim.graceUntil ?? new Date(now + CLAIM_TIMES.graceMs);
  // Told on the grace's first day, and once more when a check first falls in its last days.
  const remindAt = graceUntil.getTime() - CLAIM_TIMES.reminderMs;
  const previous = claim.lastCheckedAt?.getTime() ?? 0;
  const tell = claim.graceUntil === null || (previous < remindAt && now >= remindAt);
  await tx
    .update(toolOwners)
    .set({
      lastCheckedAt: new Date(now),
      graceUntil,
      // Checked again daily while in grace, and once more when it ends.
      recheckDueAt: new Date(Math.min(now + DAY_MS, graceUntil.getTime())),
    })
    .where(eq(toolOwners.id, claim.id));
  const owner = tell ? await ownerOf(tx, claim) : undefined;
  if (owner) await enqueueEmail(await claimFailingEmail(owner, tool, { found: outcome.message, graceUntil }), tx);
}

/** An e-mail owner's year is up: asked to confirm, reminded 3 days before the grace ends, then lapsed. */
async function judgeEmailOwner(tx: Executor, claim: ToolOwner, tool: OwnedTool, now: number): Promise<void> {
  if (claim.graceUntil && claim.graceUntil.getTime() <= now)
    return lapse(tx, claim, tool, 'Not confirmed with a new code within 14 days.', now);
  const graceUntil = claim.graceUntil ?? new Date(now + CLAIM_TIMES.graceMs);
  const first = claim.graceUntil === null;
  await tx
    .update(toolOwners)
    .set({
      graceUntil,
      recheckDueAt: first ? new Date(graceUntil.getTime() - CLAIM_TIMES.reminderMs) : graceUntil,
    })
    .where(eq(toolOwners.id, claim.id));
  const owner = await ownerOf(tx, claim);
  if (owner) await enqueueEmail(await claimConfirmDueEmail(owner, tool, { address: claim.email, graceUntil }), tx);
}

/** One due claim: its check (if it has one) runs first, then the verdict in a transaction that re-reads the claim. */
async function recheck(claim: ToolOwner, tool: OwnedTool, now: number): Promise<void> {
  let outcome: ProofOutcome | null = null;
  if (claim.method !== 'email') {
    const domain = registrableDomain(tool.url);
    outcome =
      claim.tokenHash && domain
        ? await checkTokenProof(claim.method, { toolUrl: tool.url, domain, tokenHash: claim.tokenHash })
        : { found: false, message: 'The proof can no longer be checked.' };
  }
  await db.transaction(async (tx) => {
    const current = await tx.query.toolOwners.findFirst({ where: eq(toolOwners.id, claim.id) });
    // Revoked, suspended or proved again while the check ran: nothing is due any more.
    if (current?.status !== 'verified' || current.recheckDueAt?.getTime() !== claim.recheckDueAt?.getTime()) return;
    if (outcome) await judgeTokenCheck(tx, current, tool, outcome, now);
    else await judgeEmailOwner(tx, current, tool, now);
  });
}

/** One pass: every verified claim whose re-check is due at `now`, one at a time. Returns how many were looked at. */
export async function runClaimRechecks(now = Date.now()): Promise<number> {
  const due = await db
    .select({ claim: toolOwners, tool: { id: tools.id, slug: tools.slug, name: tools.name, url: tools.url } })
    .from(toolOwners)
    .innerJoin(tools, eq(tools.id, toolOwners.toolId))
    .where(and(eq(toolOwners.status, 'verified'), lte(toolOwners.recheckDueAt, new Date(now))));
  for (const { claim, tool } of due) {
    try {
      await recheck(claim, tool, now);
    } catch (error) {
      log.error({ err: error, claimId: claim.id }, 'claim re-check failed');
    }
  }
  return due.length;
}

/** Starts the re-checks (under the worker lease): a pass now and every hour; returns what stops them. */
export function startClaimRechecks(): () => void {
  const run = () => runClaimRechecks().catch((error) => log.error({ err: error }, 'claim re-checks failed'));
  void run();
  const timer = setInterval(run, PASS_EVERY_MS);
  return () => clearInterval(timer);
}

// Single-use proofs (docs/decisions/0092): a link or a code sent to a member's address, or a token a browser holds
// between two steps of a sign-in. The database keeps SHA-256 hashes only; a proof is deleted when used, when it
// expires, when too many wrong codes were typed against it, or when a newer proof of the same purpose replaces it.
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { verifications, type Verification } from '../../db/schema';
import { hashToken, newToken } from '../auth/sessions';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** What each kind of proof is for, and how long it lives. */
export const PROOFS = {
  /** The link of "Forgot password?" (and of a reset the admin sends): one hour, as the issue asks. */
  'reset-password': { lifetimeMs: HOUR },
  /** The link and 6-digit code that verify the address an account registered with. */
  'verify-email': { lifetimeMs: 24 * HOUR },
  /** The link that verifies a new address before it replaces the old one; `target` is the new address. */
  'change-email': { lifetimeMs: 24 * HOUR },
  /** A sign-in whose password (or Google) passed, waiting for the authenticator code; `target` is where to go next. */
  'two-factor-sign-in': { lifetimeMs: 10 * MINUTE },
  /** An enrolment waiting for its first code; `target` is the secret shown in the QR code. */
  'two-factor-enrol': { lifetimeMs: 15 * MINUTE },
  /** The code e-mailed to a Google-only account to confirm closing it. */
  'close-account': { lifetimeMs: 15 * MINUTE },
  /** A closed account whose owner signed in, waiting for "Restore my account". */
  'restore-account': { lifetimeMs: 15 * MINUTE },
  /**
   * The code e-mailed to an address on a tool's domain to claim the listing (docs/decisions/0099); `target` binds the
   * tool and the address (claimTarget in api/listings/claims.ts), so a code proves that pair only.
   */
  'claim-email': { lifetimeMs: 10 * MINUTE },
} as const;

export type ProofPurpose = keyof typeof PROOFS;

/** Wrong codes a proof takes before it is spent (a 6-digit code then has 5 guesses in 10^6 per e-mail sent). */
const MAX_CODE_ATTEMPTS = 5;

/** A 6-digit code from the system CSPRNG, uniform over 000000-999999 (rejection sampling, no modulo bias). */
function sixDigitCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

export interface IssuedProof {
  /** The token for the link or cookie (never stored). */
  token: string;
  /** The 6-digit code, when asked for (never stored). */
  code?: string;
  expiresAt: Date;
}

/**
 * Issues a proof for the user, replacing any earlier one of the same purpose (only the newest link works). Pass the
 * transaction of the change it belongs to.
 */
export async function issueProof(
  tx: Executor,
  {
    userId,
    purpose,
    target = null,
    withCode = false,
    now = Date.now(),
  }: { userId: number; purpose: ProofPurpose; target?: string | null; withCode?: boolean; now?: number },
): Promise<IssuedProof> {
  const token = newToken();
  const code = withCode ? sixDigitCode() : undefined;
  const expiresAt = new Date(now + PROOFS[purpose].lifetimeMs);
  await tx.delete(verifications).where(and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)));
  await tx.insert(verifications).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    codeHash: code ? hashToken(code) : null,
    target,
    expiresAt,
  });
  return { token, code, expiresAt };
}

/**
 * The live proof a token stands for, without using it up (a page showing a form for it). The lookup is by the
 * token's SHA-256: an attacker timing it learns about hashes of their own guesses, never about the stored token.
 */
export async function findProof(purpose: ProofPurpose, token: string | undefined, now = Date.now()) {
  if (!token) return null;
  const row = await db.query.verifications.findFirst({
    where: and(
      eq(verifications.tokenHash, hashToken(token)),
      eq(verifications.purpose, purpose),
      gt(verifications.expiresAt, new Date(now)),
    ),
  });
  return row ?? null;
}

/**
 * Uses a proof up: deletes it and returns it when it was live, in the caller's transaction so the change it allows
 * lands with it or not at all. Two requests racing with one token: one gets the row, the other null.
 */
export async function consumeProof(
  tx: Executor,
  purpose: ProofPurpose,
  token: string | undefined,
  now = Date.now(),
): Promise<Verification | null> {
  if (!token) return null;
  const [row] = await tx
    .delete(verifications)
    .where(
      and(
        eq(verifications.tokenHash, hashToken(token)),
        eq(verifications.purpose, purpose),
        gt(verifications.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The user's live proof of `purpose` (a pending change of address, an enrolment waiting for its code), or null. */
export async function liveProofOf(tx: Executor, userId: number, purpose: ProofPurpose, now = Date.now()) {
  const row = await tx.query.verifications.findFirst({
    where: and(
      eq(verifications.userId, userId),
      eq(verifications.purpose, purpose),
      gt(verifications.expiresAt, new Date(now)),
    ),
  });
  return row ?? null;
}

/** A wrong code typed against a proof: counted, and the proof spent at MAX_CODE_ATTEMPTS. */
export async function countWrongCode(tx: Executor, proof: Verification): Promise<void> {
  if (proof.attempts + 1 >= MAX_CODE_ATTEMPTS) await tx.delete(verifications).where(eq(verifications.id, proof.id));
  else
    await tx
      .update(verifications)
      .set({ attempts: proof.attempts + 1 })
      .where(eq(verifications.id, proof.id));
}

/**
 * Checks a typed code against the user's live proof of that purpose, in constant time. Right: the proof, used up (in
 * the caller's transaction). Wrong: counted (countWrongCode); the caller returns from its transaction before
 * refusing, so the count is kept (a throw would roll it back). None live: null.
 */
export async function consumeCode(
  tx: Executor,
  { userId, purpose, code, now = Date.now() }: { userId: number; purpose: ProofPurpose; code: string; now?: number },
): Promise<{ proof: Verification } | { wrong: true } | null> {
  const row = await liveProofOf(tx, userId, purpose, now);
  if (!row?.codeHash) return null;
  const right = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hashToken(code.trim()), 'hex'));
  if (right) {
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    return { proof: row };
  }
  await countWrongCode(tx, row);
  return { wrong: true };
}

/** Deletes every proof of the user (of one purpose, or all): a password reset voids older links, closing voids all. */
export async function dropProofs(tx: Executor, userId: number, purpose?: ProofPurpose): Promise<void> {
  await tx
    .delete(verifications)
    .where(
      purpose
        ? and(eq(verifications.userId, userId), eq(verifications.purpose, purpose))
        : eq(verifications.userId, userId),
    );
}

/** Deletes expired proofs (their lookups already ignore them); returns how many. */
export async function purgeExpiredProofs(now = Date.now()): Promise<number> {
  const gone = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, new Date(now)))
    .returning({ id: verifications.id });
  return gone.length;
}

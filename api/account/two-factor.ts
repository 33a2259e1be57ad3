// Two-factor sign-in with an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s, one step either side accepted) and
// its ten single-use recovery codes: enrolment, the code step of a sign-in, turning it off, new codes (decision 0095).
import { and, count, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { db, type Executor } from '../../db/client';
import { recoveryCodes, users, verifications, type User } from '../../db/schema';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { SITE_NAME } from '../../lib/constants';
import { recordAudit } from '../audit';
import { hashToken, signInBlock } from '../auth/sessions';
import { HttpError, badRequest, conflict } from '../plugins/errors';
import { addressBucket, giveBack, isOver, rateKey, take, takeAttempt, requireAttempt } from '../rate-limit';
import { consumeProof, countWrongCode, dropProofs, findProof, issueProof, liveProofOf } from './proofs';

/** What every authenticator app reads by default (Google Authenticator ignores anything else). */
const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the step before and after are accepted too: a phone's clock a little off, a code typed as it turned. */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no i, l, o or u, so a code written down reads back one way (o, i and l are read as 0 and 1). */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(user: User): Promise<TwoFactorStatus> {
  const [{ left }] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const enabled = Boolean(user.twoFactorEnabledAt && user.twoFactorSecret);
  return { enabled, enabledAt: enabled ? user.twoFactorEnabledAt : null, recoveryCodesLeft: enabled ? left : 0 };
}

/**
 * Counts one code attempt for the account and the client address, before anything is checked: 429 past either. The
 * keys to give back when the code was right (a right code is no attack).
 */
async function throttleCodes(userId: number, ip: string): Promise<string[]> {
  const keys = [rateKey('two-factor-address', addressBucket(ip)), rateKey('two-factor-account', userId)];
  const counts = await take(keys);
  if (keys.some((key, i) => isOver(key, counts[i]))) throw new HttpError(429, ACCOUNT_MSG.twoFactorTooManyTries);
  return keys;
}

/** The time step of a right authenticator code for `secret`, or null (anything but six digits is not one). */
function totpStep(secret: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = OTPAuth.TOTP.validate({
    token,
    secret: OTPAuth.Secret.fromBase32(secret),
    ...TOTP,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : Math.floor(now / 1000 / TOTP.period) + delta;
}

/**
 * A right authenticator code is good once: the second use of its time step for the account is refused (a code seen
 * over a shoulder or relayed by a phishing page cannot be used again while it is still valid).
 */
async function spendStep(userId: number, step: number): Promise<void> {
  if (!(await takeAttempt([rateKey('two-factor-step', userId, step)]))) throw badRequest(ACCOUNT_MSG.twoFactorCodeUsed);
}

/** A recovery code as stored (hashed): lower case, no spaces or dashes, o/i/l read as 0/1. */
function recoveryHash(code: string): string {
  const plain = code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  return hashToken(plain);
}

/** Ten new recovery codes (50 random bits each, as xxxxx-xxxxx), replacing the account's old ones in `tx`. */
async function makeRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...crypto.getRandomValues(new Uint8Array(10))].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
  return codes;
}

/**
 * Checks an authenticator code or a recovery code of a two-factor account: true when right (a recovery code is then
 * used up, with its audit row; an authenticator code's step is spent), false when wrong. Looked up by hash, a recovery
 * code's check takes no time that depends on how close a guess was.
 */
async function secondFactorRight(user: User, code: string, now: number): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  const step = totpStep(user.twoFactorSecret, code, now);
  if (step !== null) {
    await spendStep(user.id, step);
    return true;
  }
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, recoveryHash(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (!used) return false;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.recovery-code-used',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { recoveryCodeId: used.id },
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Enrolment and the account page

/** A new secret for the account, waiting (as a 'two-factor-enrol' proof) for its first right code. */
export async function startEnrolment(user: User, ip: string, now = Date.now()) {
  await requireAttempt(
    [rateKey('two-factor-setup', user.id), rateKey('two-factor-address', addressBucket(ip))],
    ACCOUNT_MSG.twoFactorTooManyTries,
  );
  if (user.twoFactorEnabledAt) throw conflict(ACCOUNT_MSG.twoFactorAlreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const totp = new OTPAuth.TOTP({ issuer: SITE_NAME, label: user.email, secret, ...TOTP });
  await issueProof(db, { userId: user.id, purpose: 'two-factor-enrol', target: secret, now });
  const otpauthUri = totp.toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { otpauthUri, qrSvg, secret };
}

/** Turns two-factor on with the first right code for the pending secret; the ten recovery codes, shown this once. */
export async function enableTwoFactor(user: User, code: string, ip: string, now = Date.now()): Promise<string[]> {
  const keys = await throttleCodes(user.id, ip);
  if (user.twoFactorEnabledAt) throw conflict(ACCOUNT_MSG.twoFactorAlreadyOn);
  const proof = await liveProofOf(db, user.id, 'two-factor-enrol', now);
  if (!proof?.target) throw badRequest(ACCOUNT_MSG.twoFactorSetupExpired);
  const step = totpStep(proof.target, code, now);
  if (step === null) {
    await countWrongCode(db, proof);
    throw badRequest(ACCOUNT_MSG.twoFactorCodeWrong);
  }
  await spendStep(user.id, step);
  const codes = await db.transaction(async (tx) => {
    const [spent] = await tx.delete(verifications).where(eq(verifications.id, proof.id)).returning();
    if (!spent) return null;
    const enabledAt = new Date(now);
    await tx
      .update(users)
      .set({ twoFactorSecret: proof.target, twoFactorEnabledAt: enabledAt, updatedAt: enabledAt })
      .where(eq(users.id, user.id));
    const made = await makeRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.two-factor-enable',
      entityType: 'user',
      entityId: user.id,
      before: { twoFactorEnabledAt: null },
      after: { twoFactorEnabledAt: enabledAt },
    });
    return made;
  });
  // Two tabs confirming at once: the other one turned it on.
  if (!codes) throw badRequest(ACCOUNT_MSG.twoFactorSetupExpired);
  await giveBack(keys);
  return codes;
}

/** Checks the code of a change on the account page: 429 past the throttles, 409 when off, 400 when wrong. */
async function requireSecondFactor(user: User, code: string, ip: string, now: number): Promise<void> {
  const keys = await throttleCodes(user.id, ip);
  if (!user.twoFactorEnabledAt) throw conflict(ACCOUNT_MSG.twoFactorNotOn);
  if (!(await secondFactorRight(user, code, now))) throw badRequest(ACCOUNT_MSG.twoFactorCodeWrong);
  await giveBack(keys);
}

/** Turns two-factor off with a right code: the secret, the recovery codes and any sign-in waiting for a code go. */
export async function disableTwoFactor(user: User, code: string, ip: string, now = Date.now()) {
  await requireSecondFactor(user, code, ip, now);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, updatedAt: new Date(now) })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await dropProofs(tx, user.id, 'two-factor-sign-in');
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.two-factor-disable',
      entityType: 'user',
      entityId: user.id,
      before: { twoFactorEnabledAt: user.twoFactorEnabledAt },
      after: { twoFactorEnabledAt: null },
    });
  });
  return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
}

/** Ten new recovery codes for a right code; every old one stops working. */
export async function replaceRecoveryCodes(user: User, code: string, ip: string, now = Date.now()) {
  await requireSecondFactor(user, code, ip, now);
  return db.transaction(async (tx) => {
    const made = await makeRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'account.recovery-codes',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { recoveryCodes: made.length },
    });
    return made;
  });
}

// ---------------------------------------------------------------------------------------------
// The code step of a sign-in

/** A sign-in whose password (or Google) passed, waiting for the code: the token for the browser's cookie. */
export async function startTwoFactorSignIn(user: User, next: string | undefined, now = Date.now()) {
  return issueProof(db, { userId: user.id, purpose: 'two-factor-sign-in', target: next ?? null, now });
}

/**
 * The code step: the account and the page it was going to when the code is right (the proof is used up). 401 when the
 * token stands for no live sign-in, 429 past the throttles, 403 for an account blocked meanwhile, 400 for a wrong
 * code (counted on the proof: after MAX_CODE_ATTEMPTS the sign-in starts over).
 */
export async function finishTwoFactorSignIn(token: string | undefined, code: string, ip: string, now = Date.now()) {
  const proof = await findProof('two-factor-sign-in', token, now);
  if (!proof) throw new HttpError(401, ACCOUNT_MSG.twoFactorSignInExpired);
  const keys = await throttleCodes(proof.userId, ip);
  const user = await db.query.users.findFirst({ where: eq(users.id, proof.userId) });
  if (!user?.twoFactorEnabledAt) throw new HttpError(401, ACCOUNT_MSG.twoFactorSignInExpired);
  const blocked = signInBlock(user);
  if (blocked) throw new HttpError(403, blocked);
  if (!(await secondFactorRight(user, code, now))) {
    await countWrongCode(db, proof);
    throw badRequest(ACCOUNT_MSG.twoFactorCodeWrong);
  }
  // Two tabs sending a right code at once: one signs in.
  if (!(await consumeProof(db, 'two-factor-sign-in', token, now)))
    throw new HttpError(401, ACCOUNT_MSG.twoFactorSignInExpired);
  await giveBack(keys);
  return { user, next: proof.target ?? undefined };
}

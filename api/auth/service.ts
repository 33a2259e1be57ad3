// Accounts: registration, password sign-in and the public shape of a user.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type User } from '../../db/schema';
import type { CurrentUser, LoginInput, RegisterInput } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { permissionsOf } from '../../lib/permissions';
import { sendVerification } from '../account/email';
import { welcomeEmail } from '../emails';
import { HttpError, conflict } from '../plugins/errors';
import { enqueueEmail } from '../services/email';
import {
  RATE_LIMITS,
  addressBucket,
  forget,
  giveBack,
  isOver,
  peek,
  rateKey,
  take,
  requireAttempt,
} from '../rate-limit';
import { signInBlock } from './sessions';

/** A password as the database keeps it: argon2id, through Bun. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' });
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** What the API tells the browser about a user: never the password hash or payment ids. */
export function publicUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    isPremium: user.isPremium,
    premiumToolsAllowed: user.premiumToolsAllowed,
    premiumToolsUsed: user.premiumToolsUsed,
    role: user.role,
    accountStatus: user.accountStatus,
    permissions: [...permissionsOf(user)],
    createdAt: user.createdAt,
  };
}

async function findUserByEmail(email: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export async function register(input: RegisterInput, ip: string): Promise<User> {
  // Every registration counts, taken or not: each costs a hash, and probing e-mails is throttled too.
  await requireAttempt([rateKey('register', addressBucket(ip))]);
  if (await findUserByEmail(input.email)) throw conflict(MSG.emailTaken);
  const password = await hashPassword(input.password);
  const welcome = await welcomeEmail({ email: input.email, firstName: input.firstName || null });
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        password,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await enqueueEmail(welcome, tx);
      // The address is not proved yet: its link and code come in an e-mail of their own (docs/decisions/0094).
      await sendVerification(tx, created);
    }
    return created;
  });
  if (!user) throw conflict(MSG.emailTaken);
  return user;
}

/**
 * Password sign-in, throttled before any hash is computed (docs/decisions/0003): a client that
 * keeps failing is refused, but failures from elsewhere never lock the account's owner out.
 */
export async function login(input: LoginInput, ip: string): Promise<User> {
  const client = addressBucket(ip);
  const addressKey = rateKey('login-address', client);
  const pairKey = rateKey('login-pair', client, input.email);
  const accountKey = rateKey('login-account', input.email);
  const [addressCount, pairCount] = await take([addressKey, pairKey]);
  if (isOver(addressKey, addressCount) || isOver(pairKey, pairCount)) throw new HttpError(429, MSG.tooManyAttempts);
  // Guessing spread over many addresses: each may still try once, but not again after failing.
  if (pairCount > 1 && (await peek(accountKey)) >= RATE_LIMITS['login-account'].limit)
    throw new HttpError(429, MSG.tooManyAttempts);
  const user = await findUserByEmail(input.email);
  const ok = user?.password
    ? await Bun.password.verify(input.password, user.password)
    : await Bun.password.verify(input.password, await (dummyHash ??= hashPassword('not-a-real-password')));
  if (!user || !ok) {
    // Counted for unknown e-mails too, so the answers do not tell which e-mails have accounts.
    await take([accountKey]);
    throw new HttpError(401, MSG.wrongCredentials);
  }
  const blocked = signInBlock(user);
  if (blocked) throw new HttpError(403, blocked);
  // The account's counter stays: a success must not hand distributed guessers a fresh allowance.
  await forget(pairKey);
  await giveBack([addressKey]);
  if (user.accountStatus === 'suspended') {
    // The suspension has ended: the account is active again.
    await db
      .update(users)
      .set({ accountStatus: 'active', suspendedUntil: null, suspensionReason: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  return user;
}

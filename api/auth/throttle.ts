// Sign-in attempt counters in the database, per account and per client address. Each attempt is
// counted atomically *before* any password hash is computed, so neither sequential nor parallel
// guessing can burn the CPU past the limits.
import { eq, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Attempts allowed in one window before further tries are refused with 429. */
export const LIMITS = { account: 5, address: 30, register: 20 } as const;

export type ThrottleKind = keyof typeof LIMITS;

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.toLowerCase()}`;
}

function limitOf(key: string): number {
  return LIMITS[key.slice(0, key.indexOf(':')) as ThrottleKind];
}

/**
 * Counts this attempt against every key, starting a new window where the old one has passed;
 * false when any key is now over its limit (the caller answers 429 without hashing).
 */
export async function takeAttempt(keys: string[]): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - THROTTLE_WINDOW_MS;
  return db.transaction(async (tx) => {
    let allowed = true;
    for (const key of keys) {
      const [row] = await tx
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: new Date(now) })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: loginThrottle.failures });
      if (row.failures > limitOf(key)) allowed = false;
    }
    return allowed;
  });
}

/** A successful sign-in: the account starts afresh, and the address gets this attempt back. */
export async function forgiveAttempt(accountKey: string, addressKey: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey));
  await db
    .update(loginThrottle)
    .set({ failures: sql`max(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, addressKey));
}

// Failed sign-in counters in the database, per account and per client address: checked before
// any password hash is computed, so unbounded guessing cannot burn the CPU.
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed in one window before further tries are refused with 429. */
export const LIMITS = { account: 5, address: 30, register: 20 } as const;

export type ThrottleKind = keyof typeof LIMITS;

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.toLowerCase()}`;
}

function limitOf(key: string): number {
  return LIMITS[key.slice(0, key.indexOf(':')) as ThrottleKind];
}

/** True when any of the keys has used up its failures in the current window. */
export async function isThrottled(keys: string[]): Promise<boolean> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const now = Date.now();
  return rows.some((r) => now - r.windowStartedAt.getTime() < THROTTLE_WINDOW_MS && r.failures >= limitOf(r.key));
}

/** Counts one failure against each key, starting a new window where the old one has passed. */
export async function recordFailure(keys: string[]): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.getTime()} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.getTime()} then ${now.getTime()} else ${loginThrottle.windowStartedAt} end`,
        },
      });
  }
}

export async function clearThrottle(key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

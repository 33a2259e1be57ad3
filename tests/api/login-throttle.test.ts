// Sign-in throttling (docs/decisions/0003): failures lock out the client that makes them, never the account's owner.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/messages';
import { RATE_LIMITS } from '../../api/rate-limit';
import { call, makeUser } from '../helpers/api';

const login = (email: string, password: string, ip: string) =>
  call('POST', '/api/login', { body: { email, password }, ip });

describe('POST /api/login throttling', () => {
  it("lets the right password in from a fresh address after others failed for the admin's e-mail", async () => {
    const admin = await makeUser({ isAdmin: true, role: 'admin' });
    for (let i = 0; i < RATE_LIMITS['login-pair'].limit + 3; i++) {
      expect((await login(admin.email, 'wrong-password', `192.0.2.${i + 1}`)).status).toBe(401);
    }
    const right = await login(admin.email, 'password123', '198.51.100.10');
    expect(right.status).toBe(200);
  });

  it('refuses an address that keeps failing for one account, even with the right password, and no other', async () => {
    const user = await makeUser();
    const ip = '198.51.100.20';
    for (let i = 0; i < RATE_LIMITS['login-pair'].limit; i++)
      expect((await login(user.email, 'wrong-password', ip)).status).toBe(401);
    const refused = await login(user.email, 'password123', ip);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.tooManyAttempts);
    expect((await login(user.email, 'password123', '198.51.100.21')).status).toBe(200);
  });

  it('checks only the allowed number of parallel wrong passwords from one address before hashing', async () => {
    const user = await makeUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(user.email, `wrong-${i}-pass`, '198.51.100.30')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS['login-pair'].limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - RATE_LIMITS['login-pair'].limit);
  });

  it('refuses an address that floods many accounts, whatever the account, and no other', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < RATE_LIMITS['login-address'].limit; i++)
      await login(`probe${i}@example.com`, 'wrong-password', ip);
    const user = await makeUser();
    expect((await login(user.email, 'password123', ip)).status).toBe(429);
    expect((await login(user.email, 'password123', '198.51.100.41')).status).toBe(200);
    // 31 real Argon2 checks (an unknown account is hashed too, so that timing tells nothing): slow when the run is busy.
  }, 60_000);

  it('while many addresses fail for one account, one that failed for it waits and a clean one gets in', async () => {
    const user = await makeUser();
    const ceiling = RATE_LIMITS['login-account'].limit;
    // Each attacking address stays under its own per-account limit: only the account counter sees the attack.
    await Promise.all(
      Array.from({ length: ceiling }, (_, i) => login(user.email, 'wrong-password', `203.0.113.${100 + i}`)),
    );
    const failedBefore = await login(user.email, 'password123', '203.0.113.100');
    expect(failedBefore.status).toBe(429);
    expect(await failedBefore.text()).toBe(MSG.tooManyAttempts);
    expect((await login(user.email, 'password123', '198.51.100.50')).status).toBe(200);
  });

  it('gives a client its attempts back when it signs in', async () => {
    const user = await makeUser();
    const ip = '198.51.100.60';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < RATE_LIMITS['login-pair'].limit - 1; i++)
        expect((await login(user.email, 'wrong-password', ip)).status).toBe(401);
      expect((await login(user.email, 'password123', ip)).status).toBe(200);
    }
  });

  it('counts one IPv6 /64 as one address', async () => {
    const user = await makeUser();
    for (let i = 0; i < RATE_LIMITS['login-pair'].limit; i++) {
      expect((await login(user.email, 'wrong-password', `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(401);
    }
    expect((await login(user.email, 'password123', '2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await login(user.email, 'password123', '2001:db8:1:3::1')).status).toBe(200);
  });
});

describe('rate-limit counters', () => {
  it('purges counters whose window has passed and keeps live ones', async () => {
    const { db } = await import('../../db/client');
    const { loginThrottle } = await import('../../db/schema');
    const { purgeExpiredCounters, rateKey } = await import('../../api/rate-limit');
    const day = 24 * 60 * 60 * 1000;
    await db.insert(loginThrottle).values([
      {
        key: rateKey('login-address', '192.0.2.200'),
        failures: 3,
        windowStartedAt: new Date(Date.now() - day - 60_000),
      },
      { key: rateKey('login-address', '192.0.2.201'), failures: 3, windowStartedAt: new Date() },
    ]);
    expect(await purgeExpiredCounters()).toBe(1);
    const left = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    expect(left).toContain(rateKey('login-address', '192.0.2.201'));
    expect(left).not.toContain(rateKey('login-address', '192.0.2.200'));
  });
});

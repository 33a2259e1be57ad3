// POST /api/tools limits (docs/decisions/0022): per account and per address in an hour and a day,
// and at most a few pending submissions per account, holding under parallel requests.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { db } from '../../db/client';
import { loginThrottle, tools } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { RATE_LIMITS, rateKey } from '../../api/rate-limit';
import { MAX_PENDING_SUBMISSIONS } from '../../api/submissions/service';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool } from '../helpers/admin';

const PER_ACCOUNT_HOUR = RATE_LIMITS['submit-account-hour'].limit;
const PER_ADDRESS_HOUR = RATE_LIMITS['submit-address-hour'].limit;

let n = 0;
const nextAddress = () => `198.51.100.${++n}`;

function form(name = `Limited ${crypto.randomUUID().slice(0, 8)}`, logo?: Uint8Array): FormData {
  const body = new FormData();
  body.append('name', name);
  body.append('url', `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`);
  body.append('description', 'A tool submitted to test the limits.');
  body.append('tags', 'productivity');
  body.append('isPremium', 'false');
  if (logo) body.append('logo', new File([new Uint8Array(logo)], 'logo.png', { type: 'image/png' }));
  return body;
}

const submit = (cookie: string, ip = nextAddress(), body = form()) => call('POST', '/api/tools', { cookie, body, ip });

const logosDir = () => join(process.env.UPLOADS_DIR!, 'logos');
const storedLogos = () => (existsSync(logosDir()) ? readdirSync(logosDir()).length : 0);

/** Lets the hourly windows of these keys pass, as an hour would. */
async function anHourPasses(keys: string[]) {
  await db
    .update(loginThrottle)
    .set({ windowStartedAt: new Date(Date.now() - 61 * 60 * 1000) })
    .where(inArray(loginThrottle.key, keys));
}

describe('POST /api/tools rate limits', () => {
  it('answers 429 past the hourly limit of one account, before reading the logo, and stores nothing', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    for (let i = 0; i < PER_ACCOUNT_HOUR; i++) expect((await submit(cookie)).status).toBe(201);
    const logos = storedLogos();
    // A logo that would be refused (415) if it were read: the limit answers first.
    const refused = await submit(
      cookie,
      nextAddress(),
      form('Over The Limit', new TextEncoder().encode('not a png at all')),
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.submissionsPerHour);
    expect(await db.$count(tools, eq(tools.name, 'Over The Limit'))).toBe(0);
    expect(storedLogos()).toBe(logos);
  });

  it('answers 429 past the hourly limit of one address, whichever account submits', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < PER_ADDRESS_HOUR; i++) {
      const { cookie } = await signedIn(NO_PASSWORD);
      expect((await submit(cookie, ip)).status).toBe(201);
    }
    const { cookie } = await signedIn(NO_PASSWORD);
    const refused = await submit(cookie, ip);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.submissionsPerHour);
    expect((await submit(cookie, '203.0.113.201')).status).toBe(201);
  });

  it('caps an account per day even when each hour stays under its limit', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const daily = RATE_LIMITS['submit-account-day'].limit;
    let accepted = 0;
    while (accepted < daily) {
      for (let i = 0; i < PER_ACCOUNT_HOUR && accepted < daily; i++, accepted++)
        expect((await submit(cookie)).status).toBe(201);
      // Reviewed meanwhile, so the pending cap stays out of the way.
      await db.update(tools).set({ status: 'rejected' }).where(eq(tools.submittedById, user.id));
      await anHourPasses([rateKey('submit-account-hour', user.id)]);
    }
    const refused = await submit(cookie);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(MSG.submissionsPerDay);
  });

  it('does not count refused attempts against the day', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    for (let i = 0; i < PER_ACCOUNT_HOUR; i++) expect((await submit(cookie)).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS['submit-account-day'].limit; i++) expect((await submit(cookie)).status).toBe(429);
    await anHourPasses([rateKey('submit-account-hour', user.id)]);
    expect((await submit(cookie)).status).toBe(201);
  });

  it('holds the hourly limit under a parallel flood from one address and several accounts', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signedIn(NO_PASSWORD)));
    const ip = '203.0.113.210';
    const answers = await Promise.all(
      accounts.flatMap(({ cookie }) => Array.from({ length: 10 }, () => submit(cookie, ip))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(
      Math.min(PER_ADDRESS_HOUR, accounts.length * PER_ACCOUNT_HOUR),
    );
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
  });
});

describe('POST /api/tools pending cap', () => {
  it(`answers 409 when the account already has ${MAX_PENDING_SUBMISSIONS} tools awaiting review; reviewed ones do not count`, async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    for (let i = 0; i < MAX_PENDING_SUBMISSIONS; i++) await makeTool({ submittedById: user.id });
    await makeTool({ submittedById: user.id, status: 'approved' });
    await makeTool({ submittedById: user.id, status: 'rejected' });
    const refused = await submit(cookie, nextAddress(), form('One Too Many'));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe(MSG.tooManyPending(MAX_PENDING_SUBMISSIONS));
    expect(await db.$count(tools, eq(tools.name, 'One Too Many'))).toBe(0);
    await db.update(tools).set({ status: 'approved' }).where(eq(tools.submittedById, user.id));
    expect((await submit(cookie)).status).toBe(201);
  });

  it('lets exactly the free pending places through when requests arrive in parallel', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const free = 2;
    for (let i = 0; i < MAX_PENDING_SUBMISSIONS - free; i++) await makeTool({ submittedById: user.id });
    const answers = await Promise.all(Array.from({ length: PER_ACCOUNT_HOUR }, () => submit(cookie)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(free);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PER_ACCOUNT_HOUR - free);
    expect(await db.$count(tools, eq(tools.submittedById, user.id))).toBe(MAX_PENDING_SUBMISSIONS);
  });
});

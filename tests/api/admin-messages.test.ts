// The Messages tab's list a page at a time (GET /api/admin/messages, docs/decisions/0056): still an array, with the
// next page named in a Link header while there is one, so no message is out of reach however many arrive.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { NO_PASSWORD } from '../helpers/admin';
import { call, signedIn } from '../helpers/api';

let admin: string;
const MESSAGES = 105;

/** The address the Link header names as the next page, or null. */
const nextOf = (res: Response) => res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
const names = async (res: Response) => ((await res.json()) as { name: string }[]).map((m) => m.name);

beforeAll(async () => {
  admin = (await signedIn({ ...NO_PASSWORD, role: 'admin' })).cookie;
  // Newest last: message 105 is the newest, listed first.
  const start = Date.UTC(2025, 0, 1);
  await db.insert(contactMessages).values(
    Array.from({ length: MESSAGES }, (_, i) => ({
      name: `Sender ${i + 1}`,
      email: `sender${i + 1}@example.com`,
      topic: 'support' as const,
      message: 'A message long enough to be sent.',
      createdAt: new Date(start + i * 60_000),
    })),
  );
});

describe('GET /api/admin/messages, a page at a time', () => {
  it('answers the page asked for and names the next one until the last, reaching every message', async () => {
    const first = await call('GET', '/api/admin/messages?limit=50', { cookie: admin });
    expect(first.status).toBe(200);
    expect((await names(first)).slice(0, 2)).toEqual(['Sender 105', 'Sender 104']);
    expect(nextOf(first)).toBe('/api/admin/messages?limit=50&offset=50');

    const seen: string[] = [];
    let url: string | null = '/api/admin/messages?limit=50';
    let pages = 0;
    while (url) {
      const res = await call('GET', url, { cookie: admin });
      seen.push(...(await names(res)));
      url = nextOf(res);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(MESSAGES);
    expect(new Set(seen).size).toBe(MESSAGES);
    expect(seen.at(-1)).toBe('Sender 1');
  });

  it('has no Link on the last page', async () => {
    const res = await call('GET', '/api/admin/messages?limit=10&offset=100', { cookie: admin });
    expect(await names(res)).toEqual(['Sender 5', 'Sender 4', 'Sender 3', 'Sender 2', 'Sender 1']);
    expect(res.headers.get('link')).toBeNull();
  });

  it('answers 400 with the message for a bad limit or offset', async () => {
    for (const [query, message] of [
      ['limit=0', MSG.invalidLimit],
      ['limit=101', MSG.invalidLimit],
      ['limit=ten', MSG.invalidLimit],
      ['offset=-1', MSG.invalidOffset],
    ]) {
      const res = await call('GET', `/api/admin/messages?${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
      expect(await res.text()).toBe(message);
    }
  });
});

// What a verified owner gets: the "Verified owner" mark on the tool page, its Markdown, /api/v1 and the cards (only a
// claim in status 'verified' counts), change requests and the basic metrics of the tool, the owner's tools, and the
// admin's claims with revoke (403 for staff, a reason, an e-mail, an audit row, the mark gone from the page).
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, rebuildJobs, toolOwners, type Tool, type ToolOwner, type User } from '../../db/schema';
import { renderPage } from '../../api/publishing/page-renderer';
import { config } from '../../api/config';
import type { ClaimMethod, ClaimStatus } from '../../lib/claims';
import { toolTag } from '../../lib/cache-tags';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';

const DAY = 86_400_000;

/** A claim as the claiming work leaves it: verified (dated) unless told otherwise. */
async function claim(
  tool: Pick<Tool, 'id'>,
  user: Pick<User, 'id'>,
  status: ClaimStatus = 'verified',
  method: ClaimMethod = 'dns',
  verifiedAt: Date | null = new Date('2026-11-03T10:00:00Z'),
): Promise<ToolOwner> {
  const [row] = await db
    .insert(toolOwners)
    .values({
      toolId: tool.id,
      userId: user.id,
      method,
      status,
      domain: 'example.com',
      verifiedAt: status === 'pending' ? null : verifiedAt,
    })
    .returning();
  return row;
}

async function render(path: string): Promise<string> {
  const res = await renderPage(path, { appDir: config.appDir, siteUrl: BASE });
  expect(res?.status, path).toBe(200);
  return res!.text();
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

let owned: Tool;
let shared: Tool;
let unverified: Tool;

beforeAll(async () => {
  owned = await makeTool({ status: 'approved', name: 'Owned Oak', slug: 'owned-oak' });
  await claim(owned, await makeUser(NO_PASSWORD), 'verified', 'dns');
  shared = await makeTool({ status: 'approved', name: 'Shared Spruce', slug: 'shared-spruce' });
  await claim(shared, await makeUser(NO_PASSWORD), 'verified', 'meta', new Date('2026-10-01T00:00:00Z'));
  await claim(shared, await makeUser(NO_PASSWORD), 'verified', 'email', new Date('2026-11-20T00:00:00Z'));
  unverified = await makeTool({ status: 'approved', name: 'Bare Birch', slug: 'bare-birch' });
  for (const status of ['pending', 'lapsed', 'suspended', 'revoked'] as const)
    await claim(unverified, await makeUser(NO_PASSWORD), status);
});

describe('the Verified owner mark', () => {
  it('shows on the tool page with how and when, and says verification changes neither score nor order', async () => {
    const page = text(await render('/tool/owned-oak'));
    expect(page).toContain('Verified owner by DNS record since November 3, 2026');
    expect(page).toContain('It never changes its score or its place in the directory.');
  });

  it('counts several owners and dates the mark by the first', async () => {
    const page = text(await render('/tool/shared-spruce'));
    expect(page).toContain('2 verified owners by meta tag since October 1, 2026');
  });

  it('shows nothing for pending, lapsed, suspended or revoked claims', async () => {
    const page = await render('/tool/bare-birch');
    expect(page).not.toContain('data-testid="owner-mark"');
    expect(text(page)).not.toContain('verified owner');
    expect(await render('/tool/bare-birch.md')).not.toContain('erified owner');
  });

  it('is in the Markdown page', async () => {
    expect(await render('/tool/owned-oak.md')).toContain('- Verified owner: by DNS record since November 3, 2026\n');
    expect(await render('/tool/shared-spruce.md')).toContain(
      '- 2 verified owners: by meta tag since October 1, 2026\n',
    );
  });

  it('is in /api/v1, one tool and the list alike, without who the owners are', async () => {
    const one = await (await call('GET', '/api/v1/tools/shared-spruce')).json();
    expect(one.verifiedOwners).toEqual([
      { method: 'meta', verifiedAt: '2026-10-01T00:00:00.000Z' },
      { method: 'email', verifiedAt: '2026-11-20T00:00:00.000Z' },
    ]);
    const { items } = await (await call('GET', '/api/v1/tools?sort=name&limit=100')).json();
    const bySlug = new Map(items.map((t: { slug: string }) => [t.slug, t]));
    expect(bySlug.get('owned-oak')).toMatchObject({
      verifiedOwners: [{ method: 'dns', verifiedAt: '2026-11-03T10:00:00.000Z' }],
    });
    expect(bySlug.get('bare-birch')).toMatchObject({ verifiedOwners: [] });
  });
});

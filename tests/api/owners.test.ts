// What a verified owner gets: the "Verified owner" mark on the tool page, its Markdown, /api/v1 and the cards (only a
// claim in status 'verified' counts), change requests and the basic metrics of the tool, the owner's tools, and the
// admin's claims with revoke (403 for staff, a reason, an e-mail, an audit row, the mark gone from the page).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { toolMetricsDaily, toolOwners, type Tool, type ToolOwner, type User } from '../../db/schema';
import { handleRequest } from '../../api/handler';
import { renderPage } from '../../api/publishing/page-renderer';
import { buildSite } from '../../api/publishing/site-build';
import { config } from '../../api/config';
import type { ClaimMethod, ClaimStatus } from '../../lib/claims';
import { utcDay } from '../../lib/metrics';
import { publicToolSchema } from '../../lib/contract';
import { toolTag } from '../../lib/cache-tags';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { auditOf, emailsTo, makeTool, NO_PASSWORD, rebuildsFor } from '../helpers/admin';

// The static site the revoke test starts from: the mark built into the page, then gone on request after the revoke.
const dist = vi.hoisted(() => {
  const { mkdtempSync: temp } = require('node:fs') as typeof import('node:fs');
  const dir = `${temp(`${require('node:os').tmpdir()}/owners-`)}/dist`;
  process.env.DIST_DIR = dir;
  return dir;
});

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
let revoked: Tool;
let revokedClaim: ToolOwner;
let member: User;
let admin: string;
let staff: string;

beforeAll(async () => {
  owned = await makeTool({ status: 'approved', name: 'Owned Oak', slug: 'owned-oak' });
  await claim(owned, await makeUser(NO_PASSWORD), 'verified', 'dns');
  shared = await makeTool({ status: 'approved', name: 'Shared Spruce', slug: 'shared-spruce' });
  await claim(shared, await makeUser(NO_PASSWORD), 'verified', 'meta', new Date('2026-10-01T00:00:00Z'));
  await claim(shared, await makeUser(NO_PASSWORD), 'verified', 'email', new Date('2026-11-20T00:00:00Z'));
  unverified = await makeTool({ status: 'approved', name: 'Bare Birch', slug: 'bare-birch' });
  for (const status of ['pending', 'lapsed', 'suspended', 'revoked'] as const)
    await claim(unverified, await makeUser(NO_PASSWORD), status);
  revoked = await makeTool({ status: 'approved', name: 'Revoked Rowan', slug: 'revoked-rowan' });
  member = await makeUser({ ...NO_PASSWORD, firstName: 'Rhea' });
  revokedClaim = await claim(revoked, member, 'verified', 'file');
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  staff = (await signedIn({ ...NO_PASSWORD, role: 'staff' })).cookie;
  const built = await buildSite(dist);
  if (!built.ok) throw new Error(built.log);
}, 60_000);

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

/** The card of the tool named `name` in a page's HTML. */
function cardOf(html: string, name: string): string {
  const card = html
    .split('data-testid="tool-card"')
    .slice(1)
    .find((part) => part.includes(name));
  expect(card, name).toBeDefined();
  return card!.slice(0, card!.indexOf('</article>'));
}

describe("the cards' mark", () => {
  it('marks the card of a tool with a verified owner on the directory, a category page and the home page', async () => {
    for (const path of ['/directory', '/category/design', '/']) {
      const html = await render(path);
      expect(cardOf(html, 'Owned Oak'), path).toContain('data-testid="card-owner-mark"');
      expect(cardOf(html, 'Shared Spruce'), path).toContain('Owner verified');
      expect(cardOf(html, 'Bare Birch'), path).not.toContain('data-testid="card-owner-mark"');
    }
  });

  it('keeps GET /api/tools the array SPEC.md gives, naming the tools with a verified owner in a header', async () => {
    const res = await call('GET', '/api/tools?limit=50');
    expect(res.status).toBe(200);
    expect(new Set(res.headers.get('x-verified-owners')?.split(','))).toEqual(
      new Set(['owned-oak', 'shared-spruce', 'revoked-rowan']),
    );
    const tools = await res.json();
    const fields = Object.keys(publicToolSchema.shape).sort();
    for (const tool of tools) expect(Object.keys(tool).sort()).toEqual(fields);
  });
});

describe("the admin's claims", () => {
  it('lists every claim with its tool, member, method and dates, and filters by status', async () => {
    const res = await call('GET', '/api/admin/claims', { cookie: admin });
    expect(res.status).toBe(200);
    const all = await res.json();
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.find((c: { id: number }) => c.id === revokedClaim.id)).toMatchObject({
      tool: { id: revoked.id, name: 'Revoked Rowan', slug: 'revoked-rowan', status: 'approved' },
      member: { email: member.email },
      method: 'file',
      status: 'verified',
      verifiedAt: '2026-11-03T10:00:00.000Z',
      endedAt: null,
    });
    const lapsed = await (await call('GET', '/api/admin/claims?status=lapsed', { cookie: admin })).json();
    expect(lapsed.map((c: { status: string; tool: { slug: string } }) => [c.status, c.tool.slug])).toEqual([
      ['lapsed', 'bare-birch'],
    ]);
    const bad = await call('GET', '/api/admin/claims?status=gone', { cookie: admin });
    expect(bad.status).toBe(400);
  });

  it('are for admins only: staff get 403, signed out 401', async () => {
    expect((await call('GET', '/api/admin/claims', { cookie: staff })).status).toBe(403);
    const res = await call('POST', `/api/admin/claims/${revokedClaim.id}/revoke`, {
      cookie: staff,
      body: { reason: 'No.' },
    });
    expect(res.status).toBe(403);
    expect((await call('GET', '/api/admin/claims')).status).toBe(401);
    expect((await db.query.toolOwners.findFirst({ where: eq(toolOwners.id, revokedClaim.id) }))?.status).toBe(
      'verified',
    );
  });

  it('refuses a revoke without a reason, and a claim that does not exist, changing nothing', async () => {
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await call('POST', `/api/admin/claims/${revokedClaim.id}/revoke`, { cookie: admin, body });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Give the owner a reason');
    }
    const missing = await call('POST', '/api/admin/claims/999999/revoke', { cookie: admin, body: { reason: 'Gone' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Claim not found');
    expect((await db.query.toolOwners.findFirst({ where: eq(toolOwners.id, revokedClaim.id) }))?.status).toBe(
      'verified',
    );
    expect(await auditOf('tool_owner', revokedClaim.id)).toEqual([]);
  });

  it('revokes with a reason: the claim ends, an audit row and an e-mail say why, and the mark leaves the page at once', async () => {
    const before = await handleRequest(new Request(`${BASE}/tool/revoked-rowan`));
    expect(existsSync(join(dist, 'tool', 'revoked-rowan', 'index.html'))).toBe(true);
    expect(await before.text()).toContain('data-testid="owner-mark"');
    const listed = await (await handleRequest(new Request(`${BASE}/directory`))).text();
    expect(cardOf(listed, 'Revoked Rowan')).toContain('data-testid="card-owner-mark"');

    const reason = 'The file now names another company.';
    const res = await call('POST', `/api/admin/claims/${revokedClaim.id}/revoke`, { cookie: admin, body: { reason } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: revokedClaim.id, status: 'revoked', endReason: reason });
    const row = await db.query.toolOwners.findFirst({ where: eq(toolOwners.id, revokedClaim.id) });
    expect(row).toMatchObject({ status: 'revoked', endReason: reason });
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect(row?.endedById).not.toBeNull();

    const [audit] = await auditOf('tool_owner', revokedClaim.id);
    expect(audit).toMatchObject({ action: 'claim.revoke', after: { status: 'revoked', endReason: reason } });
    const [mail] = await emailsTo(member.email);
    expect(mail).toMatchObject({ kind: 'claim-revoked', subject: 'Your ownership of Revoked Rowan was revoked' });
    expect(mail.text).toContain(reason);
    const [rebuild] = await rebuildsFor('owner revoked: revoked-rowan');
    expect(rebuild.tags).toContain(toolTag('revoked-rowan'));

    // The static file still has the mark; the server renders the page again from the database.
    const after = await handleRequest(new Request(`${BASE}/tool/revoked-rowan`));
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(html).toContain('Revoked Rowan');
    expect(html).not.toContain('data-testid="owner-mark"');
    // Its cards follow the same tag: the directory's static page is rendered again without the card's mark.
    const directory = await (await handleRequest(new Request(`${BASE}/directory`))).text();
    expect(cardOf(directory, 'Revoked Rowan')).not.toContain('data-testid="card-owner-mark"');
    expect(cardOf(directory, 'Owned Oak')).toContain('data-testid="card-owner-mark"');

    const again = await call('POST', `/api/admin/claims/${revokedClaim.id}/revoke`, {
      cookie: admin,
      body: { reason },
    });
    expect(again.status).toBe(409);
    expect(await auditOf('tool_owner', revokedClaim.id)).toHaveLength(1);
  });
});

describe('what a verified owner may do', () => {
  let tool: Tool;
  let owner: { user: User; cookie: string };
  let lapsed: { user: User; cookie: string };

  beforeAll(async () => {
    tool = await makeTool({ status: 'approved', name: 'Kept Cedar', slug: 'kept-cedar' });
    owner = await signedIn(NO_PASSWORD);
    lapsed = await signedIn(NO_PASSWORD);
    await claim(tool, owner.user, 'verified', 'meta');
    await claim(tool, lapsed.user, 'lapsed', 'dns');
    await db.insert(toolMetricsDaily).values({ toolId: tool.id, day: utcDay(), views: 12, clicks: 3 });
  });

  it('sends a change request for a tool they did not submit; a lapsed owner cannot', async () => {
    const refused = await call('POST', `/api/tools/${tool.id}/change-requests`, {
      cookie: lapsed.cookie,
      body: { description: 'A lapsed owner writes this.' },
    });
    expect(refused.status).toBe(404);
    const res = await call('POST', `/api/tools/${tool.id}/change-requests`, {
      cookie: owner.cookie,
      body: { description: 'Now with team workspaces and an API.' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ toolId: tool.id, status: 'pending' });
    const mine = await (await call('GET', '/api/user/change-requests', { cookie: owner.cookie })).json();
    expect(mine.map((r: { toolSlug: string }) => r.toolSlug)).toEqual(['kept-cedar']);
  });

  it("may upload images for a premium tool's change request as its submitter may; a lapsed owner may not", async () => {
    // Kept Cedar is not a premium listing: the owner passes the ownership check and meets the premium one.
    const asOwner = await call('POST', `/api/tools/${tool.id}/images`, { cookie: owner.cookie, body: new FormData() });
    expect(asOwner.status).toBe(403);
    const asLapsed = await call('POST', `/api/tools/${tool.id}/images`, {
      cookie: lapsed.cookie,
      body: new FormData(),
    });
    expect(asLapsed.status).toBe(404);
  });

  it("sees the tool's basic metrics (the daily series stays Premium's); a lapsed owner does not", async () => {
    const res = await call('GET', `/api/user/tools/${tool.id}/metrics`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      toolId: tool.id,
      views: 12,
      clicks: 3,
      series: null,
      chartsArePremium: true,
    });
    expect((await call('GET', `/api/user/tools/${tool.id}/metrics`, { cookie: lapsed.cookie })).status).toBe(404);
    const summary = await (await call('GET', '/api/user/tools/metrics', { cookie: owner.cookie })).json();
    expect(summary.tools).toEqual([
      { toolId: tool.id, name: 'Kept Cedar', slug: 'kept-cedar', views: 12, clicks: 3, badgeVisits: 0 },
    ]);
    const none = await (await call('GET', '/api/user/tools/metrics', { cookie: lapsed.cookie })).json();
    expect(none.tools).toEqual([]);
  });

  it('lists the tools a member has claimed, with the state of each claim', async () => {
    const res = await call('GET', '/api/owners/tools', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({
        toolId: tool.id,
        name: 'Kept Cedar',
        slug: 'kept-cedar',
        status: 'approved',
        method: 'meta',
        claimStatus: 'verified',
        verifiedAt: '2026-11-03T10:00:00.000Z',
        pendingChangeRequest: true,
      }),
    ]);
    const theirs = await (await call('GET', '/api/owners/tools', { cookie: lapsed.cookie })).json();
    expect(theirs).toEqual([expect.objectContaining({ toolId: tool.id, claimStatus: 'lapsed' })]);
    expect((await call('GET', '/api/owners/tools')).status).toBe(401);
  });
});

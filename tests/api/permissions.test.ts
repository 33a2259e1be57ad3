// Walks the permission table: every admin endpoint for signed out, user, guest_reviewer, staff, admin and isAdmin.
// The expected status comes from lib/permissions.ts (ROLE_PERMISSIONS via permissionsOf), not a second table.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { db } from '../../db/client';
import { eq } from 'drizzle-orm';
import {
  blogPosts,
  contactMessages,
  featureFlags,
  emailOutbox,
  linkHealth,
  newsletterIssues,
  reports,
  toolAlternatives,
  toolOwners,
  users,
  type NewUser,
} from '../../db/schema';
import { useTestNetwork } from '../../api/services/resolver';
import { MSG } from '../../lib/messages';
import { permissionsOf, type Permission } from '../../lib/permissions';
import type { ToolStatus } from '../../lib/tool-status';
import { call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeChangeRequest, makeTool, reloadTool } from '../helpers/admin';
import { nextIssueDate } from '../../lib/digest';

interface Prepared {
  path: string;
  body?: unknown;
  /** Whether the call changed what it targets; checked to be false after a refusal. */
  changed?: () => Promise<boolean>;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  route: string;
  /** The call is allowed with any one of these. */
  permissions: readonly Permission[];
  prepare: () => Promise<Prepared>;
}

const at = (path: string) => async (): Promise<Prepared> => ({ path });

// A link check an allowed role runs reaches no network: every name fails to resolve at once.
const restoreNetwork = useTestNetwork({});
afterAll(restoreNetwork);

/** An open reader report on a new approved tool (docs/decisions/0101). */
async function reportPath(suffix: string, body?: unknown): Promise<Prepared> {
  const tool = await makeTool({ status: 'approved' });
  const reference = () => `R-${crypto.randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
  const [report] = await db
    .insert(reports)
    .values({ reference: reference(), toolId: tool.id, type: 'other' })
    .returning();
  const [other] = await db
    .insert(reports)
    .values({ reference: reference(), toolId: tool.id, type: 'outdated' })
    .returning();
  const reload = () => db.query.reports.findFirst({ where: eq(reports.id, report.id) });
  return {
    path: `/api/admin/reports/${report.id}${suffix}`,
    body: typeof body === 'function' ? body(other.reference) : body,
    changed: async () => JSON.stringify(await reload()) !== JSON.stringify(report),
  };
}

/**
 * A digest issue of its own far-off day with enough news to schedule (docs/decisions/0107): a draft, or scheduled.
 * `body` may be made from its day.
 */
async function issuePath(suffix: string, body?: unknown, status: 'draft' | 'scheduled' = 'draft'): Promise<Prepared> {
  issueDay += 7;
  const day = new Date(Date.UTC(2040, 0, 2) + issueDay * 86_400_000).toISOString().slice(0, 10);
  const item = { name: 'A', slug: 'a', qualityScore: 7, curatorTake: null, approvedAt: `${day}T00:00:00.000Z` };
  const [issue] = await db
    .insert(newsletterIssues)
    .values({
      issueDate: day,
      status,
      scheduledFor: status === 'scheduled' ? new Date(`${day}T09:00:00Z`) : null,
      periodStart: new Date(`${day}T00:00:00Z`),
      periodEnd: new Date(`${day}T00:00:00Z`),
      content: { approved: [item, item, item], rereviews: [], discontinued: [], corrections: [], featured: [] },
    })
    .returning();
  const reload = () => db.query.newsletterIssues.findFirst({ where: eq(newsletterIssues.id, issue.id) });
  // A test send changes no issue: it writes the editor one e-mail.
  const tests = async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'digest'))).length;
  const testsBefore = await tests();
  return {
    path: `/api/admin/newsletter/issues/${issue.id}${suffix}`,
    body: typeof body === 'function' ? body(day) : body,
    changed: async () =>
      suffix === '/test' ? (await tests()) > testsBefore : JSON.stringify(await reload()) !== JSON.stringify(issue),
  };
}
let issueDay = 0;

/** A verified owner's claim of a new approved tool (docs/decisions/0099). */
async function claimPath(): Promise<Prepared> {
  const [tool, owner] = [await makeTool({ status: 'approved' }), await makeUser(NO_PASSWORD)];
  const [claim] = await db
    .insert(toolOwners)
    .values({ toolId: tool.id, userId: owner.id, method: 'dns', status: 'verified', domain: 'example.com' })
    .returning();
  const status = async () => (await db.query.toolOwners.findFirst({ where: eq(toolOwners.id, claim.id) }))?.status;
  return {
    path: `/api/admin/claims/${claim.id}/revoke`,
    body: { reason: 'The domain changed hands.' },
    changed: async () => (await status()) !== 'verified',
  };
}

/** An approved tool whose last link check was blocked (docs/decisions/0102). */
async function blockedLinkPath(suffix: string): Promise<Prepared> {
  const tool = await makeTool({ status: 'approved' });
  await db.insert(linkHealth).values({ toolId: tool.id, lastOutcome: 'blocked', lastCheckedAt: new Date() });
  const row = () => db.query.linkHealth.findFirst({ where: eq(linkHealth.toolId, tool.id) });
  const before = JSON.stringify(await row());
  return {
    path: `/api/admin/link-health/${tool.id}${suffix}`,
    changed: async () => JSON.stringify(await row()) !== before,
  };
}

async function toolPath(status: ToolStatus, suffix: string, body?: unknown): Promise<Prepared> {
  const tool = await makeTool({ status });
  return {
    path: `/api/admin/tools/${tool.id}${suffix}`,
    body,
    changed: async () => JSON.stringify(await reloadTool(tool.id)) !== JSON.stringify(tool),
  };
}

/** An approved tool and another one to pick as its alternative. */
async function alternativesPath(): Promise<Prepared> {
  const [tool, alternative] = [await makeTool({ status: 'approved' }), await makeTool({ status: 'approved' })];
  const picks = () => db.select().from(toolAlternatives).where(eq(toolAlternatives.toolId, tool.id));
  return {
    path: `/api/admin/tools/${tool.id}/alternatives`,
    body: { alternativeIds: [alternative.id] },
    changed: async () => (await picks()).length > 0,
  };
}

async function changeRequestPath(action: 'approve' | 'reject'): Promise<Prepared> {
  const tool = await makeTool({ status: 'approved' });
  const request = await makeChangeRequest(tool, { description: 'A brand new description for this tool.' });
  return { path: `/api/admin/change-requests/${request.id}/${action}`, body: {} };
}

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', route: '/api/admin/stats', permissions: ['read:stats'], prepare: at('/api/admin/stats') },
  { method: 'GET', route: '/api/admin/settings', permissions: ['read:settings'], prepare: at('/api/admin/settings') },
  { method: 'POST', route: '/api/admin/rebuild', permissions: ['run:rebuild'], prepare: at('/api/admin/rebuild') },
  { method: 'GET', route: '/api/admin/outbox', permissions: ['read:outbox'], prepare: at('/api/admin/outbox') },
  {
    method: 'GET',
    route: '/api/admin/messages',
    // Staff see the messages of the Premium members they manage (docs/decisions/0110).
    permissions: ['manage:messages', 'answer:assigned-messages'],
    prepare: at('/api/admin/messages'),
  },
  { method: 'GET', route: '/api/admin/premium', permissions: ['manage:premium'], prepare: at('/api/admin/premium') },
  {
    method: 'PUT',
    route: '/api/admin/premium/flags/:key',
    permissions: ['manage:premium'],
    prepare: async () => {
      // Another audience each time, so a change is seen whichever the last test left.
      const before = (await db.query.featureFlags.findFirst({ where: eq(featureFlags.key, 'three-way-compare') }))
        ?.audience;
      const audience = before === 'everyone' ? 'off' : 'everyone';
      const now = async () =>
        (await db.query.featureFlags.findFirst({ where: eq(featureFlags.key, 'three-way-compare') }))?.audience ===
        audience;
      return { path: '/api/admin/premium/flags/three-way-compare', body: { audience }, changed: now };
    },
  },
  {
    method: 'PUT',
    route: '/api/admin/premium/members/:id/account-manager',
    permissions: ['manage:premium'],
    prepare: async () => {
      const member = await makeUser({ ...NO_PASSWORD, isPremium: true, premiumPlan: 'annual' });
      const manager = await makeUser({ ...NO_PASSWORD, role: 'staff' });
      const assigned = async () =>
        (await db.query.users.findFirst({ where: eq(users.id, member.id) }))?.accountManagerId === manager.id;
      return {
        path: `/api/admin/premium/members/${member.id}/account-manager`,
        body: { managerId: manager.id },
        changed: assigned,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/admin/messages/:id/handled',
    permissions: ['manage:messages'],
    prepare: async () => {
      const [message] = await db
        .insert(contactMessages)
        .values({ name: 'Ada', email: 'ada@example.com', topic: 'support', message: 'Hello there, team.' })
        .returning();
      const handled = async () =>
        (await db.query.contactMessages.findFirst({ where: eq(contactMessages.id, message.id) }))?.handledAt != null;
      return { path: `/api/admin/messages/${message.id}/handled`, changed: handled };
    },
  },
  {
    method: 'GET',
    route: '/api/admin/tools/pending',
    permissions: ['read:pending-tools'],
    prepare: at('/api/admin/tools/pending'),
  },
  {
    method: 'GET',
    route: '/api/admin/tools/pending/rejections',
    permissions: ['read:pending-tools'],
    prepare: at('/api/admin/tools/pending/rejections'),
  },
  {
    method: 'GET',
    route: '/api/admin/tools/approved',
    permissions: ['edit:tools'],
    prepare: at('/api/admin/tools/approved'),
  },
  {
    method: 'GET',
    route: '/api/admin/tools/closed-owners',
    permissions: ['edit:tools'],
    prepare: at('/api/admin/tools/closed-owners'),
  },
  {
    method: 'GET',
    route: '/api/admin/tools/:id/history',
    permissions: ['edit:tools', 'read:pending-tools'],
    prepare: () => toolPath('approved', '/history'),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/approve',
    permissions: ['moderate:tools'],
    prepare: () => toolPath('pending', '/approve', { curatorTake: 'Great tool.', qualityScore: 8 }),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/reject',
    permissions: ['moderate:tools'],
    prepare: () => toolPath('pending', '/reject', { rejectionReason: 'Not an AI tool' }),
  },
  {
    method: 'PATCH',
    route: '/api/admin/tools/:id',
    permissions: ['edit:tools'],
    prepare: () => toolPath('approved', '', { description: 'An edited description of the tool.' }),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/premium',
    permissions: ['edit:tools'],
    prepare: () => toolPath('approved', '/premium', { isPremium: true }),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/unlist',
    permissions: ['edit:tools'],
    prepare: () => toolPath('approved', '/unlist', {}),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/list',
    permissions: ['edit:tools'],
    prepare: () => toolPath('unlisted', '/list'),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/review',
    permissions: ['edit:tools'],
    prepare: () => toolPath('approved', '/review', { curatorTake: 'Still great.', qualityScore: 9 }),
  },
  {
    method: 'GET',
    route: '/api/admin/tools/pending/queue',
    permissions: ['read:pending-tools'],
    prepare: at('/api/admin/tools/pending/queue'),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/request-changes',
    permissions: ['moderate:tools'],
    prepare: () => toolPath('pending', '/request-changes', { note: 'Please add a clearer description.' }),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/discontinue',
    permissions: ['discontinue:tools'],
    prepare: () => toolPath('approved', '/discontinue', { reason: 'The company shut down.' }),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/:id/revive',
    permissions: ['discontinue:tools'],
    prepare: () => toolPath('discontinued', '/revive'),
  },
  { method: 'GET', route: '/api/admin/reports', permissions: ['manage:reports'], prepare: at('/api/admin/reports') },
  {
    method: 'POST',
    route: '/api/admin/reports/:id/acknowledge',
    permissions: ['manage:reports'],
    prepare: () => reportPath('/acknowledge', { note: 'Looking into it.' }),
  },
  {
    method: 'POST',
    route: '/api/admin/reports/:id/resolve',
    permissions: ['manage:reports'],
    prepare: () => reportPath('/resolve', { resolution: 'no-change', note: 'The listing is right.' }),
  },
  {
    method: 'POST',
    route: '/api/admin/reports/:id/merge',
    permissions: ['manage:reports'],
    prepare: () => reportPath('/merge', (into: string) => ({ into })),
  },
  // The admin Newsletter tab (docs/decisions/0107).
  {
    method: 'GET',
    route: '/api/admin/newsletter/issues',
    permissions: ['manage:newsletter'],
    prepare: at('/api/admin/newsletter/issues'),
  },
  {
    method: 'POST',
    route: '/api/admin/newsletter/draft',
    permissions: ['manage:newsletter'],
    prepare: at('/api/admin/newsletter/draft'),
  },
  {
    method: 'PATCH',
    route: '/api/admin/newsletter/issues/:id',
    permissions: ['manage:newsletter'],
    prepare: () => issuePath('', { intro: 'Changed.' }),
  },
  {
    method: 'GET',
    route: '/api/admin/newsletter/issues/:id/preview',
    permissions: ['manage:newsletter'],
    prepare: () => issuePath('/preview'),
  },
  {
    method: 'POST',
    route: '/api/admin/newsletter/issues/:id/test',
    permissions: ['manage:newsletter'],
    prepare: () => issuePath('/test'),
  },
  {
    method: 'POST',
    route: '/api/admin/newsletter/issues/:id/schedule',
    permissions: ['manage:newsletter'],
    prepare: () => issuePath('/schedule', (day: string) => ({ scheduledFor: `${day}T10:00:00Z` })),
  },
  {
    method: 'POST',
    route: '/api/admin/newsletter/issues/:id/unschedule',
    permissions: ['manage:newsletter'],
    prepare: () => issuePath('/unschedule', undefined, 'scheduled'),
  },
  {
    method: 'POST',
    route: '/api/admin/newsletter/issues/:id/send-now',
    permissions: ['manage:newsletter'],
    // Sent now, an issue is dated today and covers its news from where the issue before it ended: the issues other
    // rows made (far-off days) go first, and three tools approved a minute ago make the week worth sending.
    prepare: async () => {
      await db.delete(newsletterIssues);
      for (let i = 0; i < 3; i++)
        await makeTool({ status: 'approved', qualityScore: 7, approvedAt: new Date(Date.now() - 60_000) });
      const prepared = await issuePath('/send-now');
      // The next issue's own day, as a draft made by "Draft from the data" has: its week ends ahead of now.
      await db.update(newsletterIssues).set({ issueDate: nextIssueDate(new Date()) });
      const id = Number(prepared.path.split('/')[5]);
      const status = async () =>
        (await db.query.newsletterIssues.findFirst({ where: eq(newsletterIssues.id, id) }))?.status;
      return { ...prepared, changed: async () => (await status()) !== 'draft' };
    },
  },
  {
    method: 'GET',
    route: '/api/admin/link-health',
    permissions: ['manage:link-health'],
    prepare: at('/api/admin/link-health'),
  },
  {
    method: 'POST',
    route: '/api/admin/link-health/:id/recheck',
    permissions: ['manage:link-health'],
    prepare: () => blockedLinkPath('/recheck'),
  },
  {
    method: 'POST',
    route: '/api/admin/link-health/:id/ignore-blocked',
    permissions: ['manage:link-health'],
    prepare: () => blockedLinkPath('/ignore-blocked'),
  },
  { method: 'GET', route: '/api/admin/claims', permissions: ['manage:claims'], prepare: at('/api/admin/claims') },
  { method: 'POST', route: '/api/admin/claims/:id/revoke', permissions: ['manage:claims'], prepare: claimPath },
  { method: 'GET', route: '/api/admin/tools/:id/alternatives', permissions: ['edit:tools'], prepare: alternativesPath },
  { method: 'PUT', route: '/api/admin/tools/:id/alternatives', permissions: ['edit:tools'], prepare: alternativesPath },
  {
    method: 'GET',
    route: '/api/admin/change-requests',
    permissions: ['review:change-requests'],
    prepare: at('/api/admin/change-requests'),
  },
  {
    method: 'POST',
    route: '/api/admin/change-requests/:id/approve',
    permissions: ['review:change-requests'],
    prepare: () => changeRequestPath('approve'),
  },
  {
    method: 'POST',
    route: '/api/admin/change-requests/:id/reject',
    permissions: ['review:change-requests'],
    prepare: () => changeRequestPath('reject'),
  },
  { method: 'GET', route: '/api/admin/users', permissions: ['manage:users'], prepare: at('/api/admin/users') },
  {
    method: 'PATCH',
    route: '/api/admin/users/:id',
    permissions: ['manage:users'],
    prepare: async () => ({ path: `/api/admin/users/${(await makeUser(NO_PASSWORD)).id}`, body: { isPremium: true } }),
  },
  {
    method: 'GET',
    route: '/api/admin/users/accounts',
    permissions: ['manage:users'],
    prepare: at('/api/admin/users/accounts'),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/password-reset',
    permissions: ['manage:users'],
    prepare: async () => ({ path: `/api/admin/users/${(await makeUser(NO_PASSWORD)).id}/password-reset` }),
  },
  { method: 'GET', route: '/api/admin/blog/posts', permissions: ['manage:blog'], prepare: at('/api/admin/blog/posts') },
  {
    method: 'POST',
    route: '/api/admin/blog/posts',
    permissions: ['manage:blog'],
    prepare: async () => ({
      path: '/api/admin/blog/posts',
      body: { title: `Post ${crypto.randomUUID()}`, content: '<p>Hello world</p>' },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/admin/blog/posts/:id',
    permissions: ['manage:blog'],
    prepare: async () => {
      const author = await makeUser({ ...NO_PASSWORD, isAdmin: true });
      const [post] = await db
        .insert(blogPosts)
        .values({ title: 'Draft', slug: `draft-${crypto.randomUUID()}`, content: '<p>Draft</p>', authorId: author.id })
        .returning();
      return { path: `/api/admin/blog/posts/${post.id}`, body: { title: 'Draft, edited' } };
    },
  },
  {
    method: 'POST',
    route: '/api/admin/blog/preview',
    permissions: ['manage:blog'],
    prepare: async () => ({
      path: '/api/admin/blog/preview',
      body: { title: 'A preview', content: '<p>Hello world</p>' },
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/blog/images',
    permissions: ['manage:blog'],
    prepare: async () => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4f46e5' } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.append('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
      return { path: '/api/admin/blog/images', body };
    },
  },
];

const SUBJECTS: Record<string, Partial<NewUser>> = {
  user: { role: 'user' },
  guest_reviewer: { role: 'guest_reviewer' },
  staff: { role: 'staff' },
  admin: { role: 'admin' },
  isAdmin: { role: 'user', isAdmin: true },
};

function allowed(subject: Partial<NewUser>, permissions: readonly Permission[]): boolean {
  const granted = permissionsOf({ role: subject.role ?? 'user', isAdmin: subject.isAdmin ?? false });
  return permissions.some((p) => granted.includes(p));
}

describe('the permission table', () => {
  it('covers every admin route the app registers', () => {
    const registered = app.routes.filter((r) => r.path.startsWith('/api/admin')).map((r) => `${r.method} ${r.path}`);
    expect(registered.sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.route}`).sort());
  });

  it('gives a plain user nothing and each reviewing role less than an admin', () => {
    expect(ENDPOINTS.some((e) => allowed(SUBJECTS.user, e.permissions))).toBe(false);
    const count = (s: Partial<NewUser>) => ENDPOINTS.filter((e) => allowed(s, e.permissions)).length;
    expect(count(SUBJECTS.guest_reviewer)).toBeGreaterThan(0);
    expect(count(SUBJECTS.guest_reviewer)).toBeLessThan(count(SUBJECTS.staff));
    expect(count(SUBJECTS.staff)).toBeLessThan(count(SUBJECTS.admin));
    expect(count(SUBJECTS.isAdmin)).toBe(ENDPOINTS.length);
  });
});

describe.each(ENDPOINTS)('$method $route', (endpoint) => {
  it('answers 401 signed out', async () => {
    const { path, body, changed } = await endpoint.prepare();
    const res = await call(endpoint.method, path, { body });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
    if (changed) expect(await changed()).toBe(false);
  });

  it.each(Object.entries(SUBJECTS))('as %s: the status the table gives', async (_name, values) => {
    const { cookie } = await signedIn({ ...NO_PASSWORD, ...values });
    const { path, body, changed } = await endpoint.prepare();
    const res = await call(endpoint.method, path, { body, cookie });
    if (allowed(values, endpoint.permissions)) {
      expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      if (changed && endpoint.method !== 'GET') expect(await changed()).toBe(true);
    } else {
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(MSG.forbidden);
      if (changed) expect(await changed()).toBe(false);
    }
  });
});

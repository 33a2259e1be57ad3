// Fixtures for the admin API tests: tools, change requests and posts inserted straight into the database.
import { and, desc, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import {
  auditLog,
  blogPosts,
  changeRequests,
  editorialReviews,
  emailOutbox,
  leases,
  rebuildJobs,
  tools,
  type BlogPost,
  type ChangeRequest,
  type NewTool,
  type Tool,
} from '../../db/schema';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { REBUILD_RETRY_DELAYS_MS } from '../../api/publishing/rebuild-worker';
import { WORKER_LEASE } from '../../api/publishing/worker-lease';
import { toolChangeTags } from '../../lib/cache-tags';
import { urlKey } from '../../lib/format';
import { slugify } from '../../lib/slug';
import { makeUser } from './api';

let counter = 0;

/** These users never sign in with a password: skipping the argon2 hash keeps the tests fast. */
export const NO_PASSWORD = { password: 'not-a-hash' } as const;

/** Inserts a tool (pending unless told) submitted by `submittedById` or by a new user. */
export async function makeTool(values: Partial<NewTool> = {}): Promise<Tool> {
  counter += 1;
  const n = `${counter}-${crypto.randomUUID().slice(0, 6)}`;
  const url = values.url ?? `https://tool-${n}.example.com`;
  const submittedById = values.submittedById ?? (await makeUser(NO_PASSWORD)).id;
  const approved = values.status === 'approved' || values.status === 'unlisted';
  const [tool] = await db
    .insert(tools)
    .values({
      name: `Tool ${n}`,
      slug: `tool-${n}`,
      description: 'A helpful AI tool for testing purposes.',
      tags: ['design'],
      status: 'pending',
      approvedAt: approved ? new Date() : null,
      curatorTake: approved ? 'Solid.' : null,
      qualityScore: approved ? 7 : null,
      ...values,
      url,
      urlKey: urlKey(url),
      submittedById,
    })
    .returning();
  return tool;
}

/**
 * Declares a change to a tool written here straight into the database, as the app's writes do: a rebuild request
 * naming its tags, which is what drops the values a process keeps (docs/decisions/0080).
 */
export const declareToolChange = (tool: Pick<Tool, 'slug' | 'tags'>) =>
  requestRebuild('a test changed a tool', db, toolChangeTags(tool.slug, tool.tags));

/** Declares that a test rewrote the catalogue (deleted every tool, say): a request naming no tag drops every kept value. */
export const declareCatalogueRewritten = () => requestRebuild('a test rewrote the catalogue', db);

/**
 * Inserts a public tool of `owner` for the catalogue's read tests, with the rebuild request its approval would make:
 * approved, in productivity, with a slug from its name and approved a minute after the one inserted before it, unless
 * told otherwise.
 */
export async function makeListedTool(
  owner: { id: number },
  values: Partial<NewTool> & { name: string },
): Promise<Tool> {
  counter += 1;
  const url = values.url ?? `https://listed${counter}.example.com`;
  const [tool] = await db
    .insert(tools)
    .values({
      slug: `${slugify(values.name)}-${counter}`,
      url,
      urlKey: urlKey(url),
      description: 'A helpful assistant for busy professionals.',
      tags: ['productivity'],
      status: 'approved',
      approvedAt: new Date(Date.UTC(2025, 0, 1) + counter * 60_000),
      submittedById: owner.id,
      ...values,
    })
    .returning();
  await declareToolChange(tool);
  return tool;
}

export async function makeChangeRequest(
  tool: Tool,
  requestData: Record<string, unknown>,
  submittedById = tool.submittedById,
): Promise<ChangeRequest> {
  const [row] = await db.insert(changeRequests).values({ toolId: tool.id, submittedById, requestData }).returning();
  return row;
}

export async function reloadTool(id: number): Promise<Tool | undefined> {
  return db.query.tools.findFirst({ where: eq(tools.id, id) });
}

export async function reloadPost(id: number): Promise<BlogPost | undefined> {
  return db.query.blogPosts.findFirst({ where: eq(blogPosts.id, id) });
}

export async function reviewsOf(toolId: number) {
  return db
    .select()
    .from(editorialReviews)
    .where(eq(editorialReviews.toolId, toolId))
    .orderBy(desc(editorialReviews.id));
}

export async function auditOf(entityType: string, entityId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

export async function emailsTo(to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
}

export async function rebuildsFor(reasonPart: string) {
  const rows = await db.select().from(rebuildJobs).orderBy(desc(rebuildJobs.id));
  return rows.filter((r) => r.reason.includes(reasonPart));
}

/** The worker lease held by another process, `holder`, for `seconds` from now (0: lapsed, as a killed holder's). */
export async function leaseHeldBy(holder: string, seconds: number): Promise<void> {
  const now = Date.now();
  await db
    .insert(leases)
    .values({ name: WORKER_LEASE, holder, expiresAt: new Date(now + seconds * 1000), renewedAt: new Date(now) });
}

/** The queued rebuild jobs on their last try: the next build that fails fails them for good. */
export async function onLastTry(): Promise<void> {
  await db
    .update(rebuildJobs)
    .set({ attempts: REBUILD_RETRY_DELAYS_MS.length })
    .where(eq(rebuildJobs.status, 'queued'));
}

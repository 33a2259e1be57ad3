// A member's saved tools (docs/decisions/0108): "Save" on a tool page, "Saved tools" on the dashboard.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { db } from '../../db/client';
import { savedTools, tools, type User } from '../../db/schema';
import type { SavedTool } from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { notFound } from '../plugins/errors';
import { rateKey, requireAttempt } from '../rate-limit';
import { followTarget } from './follows';

/** Saves a tool with a page (saving it again changes nothing); answers its name. */
export async function saveTool(user: User, slug: string, now = new Date()): Promise<string> {
  await requireAttempt([rateKey('saved-account', user.id)], ENGAGE_MSG.saveTooMany);
  // A tool with a page, as one followed (the same 404 for any other).
  const tool = await followTarget(db, { target: 'tool', id: slug });
  if (tool.toolId === null) throw notFound(ENGAGE_MSG.followTargetUnknown);
  await db.insert(savedTools).values({ userId: user.id, toolId: tool.toolId, createdAt: now }).onConflictDoNothing();
  return tool.name;
}

/** Removes a saved tool (one not saved is not an error); answers its name. */
export async function unsaveTool(user: User, slug: string): Promise<string> {
  await requireAttempt([rateKey('saved-account', user.id)], ENGAGE_MSG.saveTooMany);
  const [tool] = await db
    .select({ id: tools.id, name: tools.name })
    .from(tools)
    .where(eq(tools.slug, slug.toLowerCase()));
  if (!tool) throw notFound(ENGAGE_MSG.followTargetUnknown);
  await db.delete(savedTools).where(and(eq(savedTools.userId, user.id), eq(savedTools.toolId, tool.id)));
  return tool.name;
}

/** The member's saved tools that still have a page, newest first. */
export async function savedToolsOf(userId: number): Promise<SavedTool[]> {
  return db
    .select({
      slug: tools.slug,
      name: tools.name,
      logoUrl: tools.logoUrl,
      description: tools.description,
      savedAt: savedTools.createdAt,
    })
    .from(savedTools)
    .innerJoin(tools, eq(tools.id, savedTools.toolId))
    .where(and(eq(savedTools.userId, userId), inArray(tools.status, [...PAGE_TOOL_STATUSES])))
    .orderBy(desc(savedTools.createdAt));
}

/** Whether the member saved the tool. */
export async function isSaved(userId: number, toolId: number): Promise<boolean> {
  const [row] = await db
    .select({ toolId: savedTools.toolId })
    .from(savedTools)
    .where(and(eq(savedTools.userId, userId), eq(savedTools.toolId, toolId)));
  return Boolean(row);
}

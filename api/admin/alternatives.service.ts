// The editors' picks of alternatives to a tool: read and replaced as one ordered list (docs/decisions/0045).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { toolAlternatives, tools } from '../../db/schema';
import { SITEMAP_TAG, toolTag } from '../../lib/cache-tags';
import type { CuratedAlternative, CuratedAlternativesInput } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { ownPicksRefusal, type Actor } from '../../lib/permissions';
import { hasPublicPage, isEditableByStaff, PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { badRequest, conflict, notFound, refuse } from '../plugins/errors';
import { recordAudit } from '../audit';
import { requestRebuild } from '../publishing/rebuild-queue';
import { recordNewAlternatives } from '../follows/events';

async function toolOf(executor: Executor, toolId: number) {
  const [tool] = await executor
    .select({ id: tools.id, slug: tools.slug, status: tools.status, submittedById: tools.submittedById })
    .from(tools)
    .where(eq(tools.id, toolId));
  if (!tool) throw notFound(MSG.toolNotFound);
  return tool;
}

/** The picks of a tool, in order (a pick no longer public included: the editor sees it and may drop it). */
async function picksOf(executor: Executor, toolId: number): Promise<CuratedAlternative[]> {
  return executor
    .select({ id: tools.id, name: tools.name, slug: tools.slug })
    .from(toolAlternatives)
    .innerJoin(tools, eq(tools.id, toolAlternatives.alternativeId))
    .where(eq(toolAlternatives.toolId, toolId))
    .orderBy(asc(toolAlternatives.position));
}

export async function curatedAlternatives(toolId: number): Promise<CuratedAlternative[]> {
  await toolOf(db, toolId);
  return picksOf(db, toolId);
}

/**
 * Replaces a tool's picks with `alternativeIds`, in that order. Each must be another public tool; a rejected tool
 * is closed (409); staff neither pick for a tool they submitted nor pick one for another (403). The tool's page
 * shows its top alternatives, so a public tool's page is rendered again.
 */
export async function setCuratedAlternatives(
  toolId: number,
  { alternativeIds }: CuratedAlternativesInput,
  actor: Actor,
): Promise<CuratedAlternative[]> {
  return db.transaction(async (tx) => {
    const tool = await toolOf(tx, toolId);
    if (!isEditableByStaff(tool.status)) throw conflict(MSG.rejectedToolNotEditable);
    if (alternativeIds.includes(toolId)) throw badRequest(MSG.alternativeIsSelf);
    const picks =
      alternativeIds.length > 0
        ? await tx
            .select({ id: tools.id, submittedById: tools.submittedById })
            .from(tools)
            .where(and(inArray(tools.id, alternativeIds), eq(tools.status, PUBLIC_TOOL_STATUS)))
        : [];
    if (picks.length !== alternativeIds.length) throw badRequest(MSG.alternativeNotPublic);
    refuse(ownPicksRefusal(actor, tool, picks));
    const before = (await picksOf(tx, toolId)).map((t) => t.id);
    await tx.delete(toolAlternatives).where(eq(toolAlternatives.toolId, toolId));
    if (alternativeIds.length > 0) {
      await tx
        .insert(toolAlternatives)
        .values(alternativeIds.map((alternativeId, position) => ({ toolId, alternativeId, position })));
    }
    await recordNewAlternatives(tx, toolId, before, alternativeIds);
    if (hasPublicPage(tool.status))
      // The picks make other comparisons: the sitemap lists them.
      await requestRebuild(`alternatives picked: ${tool.slug}`, tx, [toolTag(tool.slug), SITEMAP_TAG]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tool.alternatives',
      entityType: 'tool',
      entityId: toolId,
      before: { alternativeIds: before },
      after: { alternativeIds },
    });
    return picksOf(tx, toolId);
  });
}

// The lines of a tool's public history that are not editorial reviews (docs/decisions/0101): "Pricing corrected after
// a reader report". Reporters are never named.
import { asc, desc, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { toolNotes } from '../schema';

export interface PublicToolNote {
  text: string;
  createdAt: Date;
}

/** Each tool's notes, newest first (a tool without one is absent from the map): one query for the whole batch. */
export async function toolNotesOf(
  toolIds: readonly number[],
  database: Database,
): Promise<Map<number, PublicToolNote[]>> {
  const byTool = new Map<number, PublicToolNote[]>();
  if (toolIds.length === 0) return byTool;
  const rows = await database
    .select({ toolId: toolNotes.toolId, text: toolNotes.text, createdAt: toolNotes.createdAt })
    .from(toolNotes)
    .where(inArray(toolNotes.toolId, [...toolIds]))
    .orderBy(asc(toolNotes.toolId), desc(toolNotes.createdAt), desc(toolNotes.id));
  for (const { toolId, ...note } of rows) {
    const notes = byTool.get(toolId);
    if (notes) notes.push(note);
    else byTool.set(toolId, [note]);
  }
  return byTool;
}

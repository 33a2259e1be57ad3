// The lines of a tool's public history that are not editorial reviews (docs/decisions/0101): "Pricing corrected after
// a reader report". Reporters are never named.
import type { Database } from '../client';

export interface PublicToolNote {
  text: string;
  createdAt: Date;
}

/** Each tool's notes, newest first (a tool without one is absent from the map). */
export async function toolNotesOf(
  _toolIds: readonly number[],
  _database: Database,
): Promise<Map<number, PublicToolNote[]>> {
  return new Map();
}

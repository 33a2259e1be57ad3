// A tool's verified owners as its public pages show them (docs/decisions/0099): how and when each proved it.
import type { Database } from '../client';
import type { ClaimMethod } from '../../lib/claims';

export interface VerifiedOwnerMark {
  method: ClaimMethod;
  verifiedAt: Date;
}

/** The verified owners of each tool (a tool without one is absent from the map). */
export async function verifiedOwnersOf(
  _toolIds: readonly number[],
  _database: Database,
): Promise<Map<number, VerifiedOwnerMark[]>> {
  return new Map();
}

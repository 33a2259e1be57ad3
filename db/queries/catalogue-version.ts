// The catalogue's version (the catalogue_version row that triggers move on any change to a tool, migration 0006) and
// what a process keeps while it stays: search orders, public answers (docs/decisions/0039).
import { eq } from 'drizzle-orm';
import { prepared, readDb, type Database } from '../client';
import { catalogueVersion } from '../schema';

const catalogueVersionQuery = (database: Database) =>
  database
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
    .prepare();

/** The catalogue's version now (see catalogueVersion in db/schema.ts). */
export async function catalogueVersionOf(database: Database = readDb()): Promise<number> {
  return (await prepared(database, catalogueVersionQuery).get())?.version ?? 0;
}

/**
 * Values derived from the catalogue, kept per database and key while its version stays, at most `limit` of them (the
 * least recently used goes first). Any change to a tool, by any process, starts them over; a value computed while
 * another request already saw a newer catalogue is answered but not kept.
 */
export function keptWhileCatalogueStays<V>(limit: number) {
  const keptBy = new WeakMap<Database, { version: number; values: Map<string, V> }>();
  return async function kept(key: string, compute: () => Promise<V>, database: Database = readDb()): Promise<V> {
    const version = await catalogueVersionOf(database);
    let current = keptBy.get(database);
    if (!current || current.version !== version) keptBy.set(database, (current = { version, values: new Map() }));
    const { values } = current;
    let value = values.get(key);
    if (value !== undefined)
      values.delete(key); // re-inserted below: most recently used last
    else value = await compute();
    if (keptBy.get(database) !== current) return value;
    if (values.size >= limit) values.delete(values.keys().next().value!);
    values.set(key, value);
    return value;
  };
}

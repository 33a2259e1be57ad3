// Values derived from the database and kept in the process until a change touches what they read (docs/decisions/0080):
// search orders, spelling words, facets, the alternatives' pools, the public API's counts, GET /api/tools answers; and
// the one reader of the changes (the rebuild requests' tags), which the pages rendered on demand follow too (live-pages.ts).
import { gt, max, sql } from 'drizzle-orm';
import { SITE_TAG } from '../../lib/cache-tags';
import { db, prepared, readDb, type Database } from '../client';
import { collectTags, readTags } from '../page-tags';
import { rebuildJobs } from '../schema';

/** The rebuild requests of one database as this process has read them (each names the tags its change touched). */
interface Changes {
  /** Every request after it is read: a value computed before it may predate one this process never read. */
  from: number;
  /** The newest request read. */
  seen: number;
  /** Tag → the newest request read that touched it; a request that names no tag (Rebuild Now, a server's start) may
   * stand for any change: it touches SITE_TAG, which every value and page reads. */
  last: Map<string, number>;
}
const changesBy = new WeakMap<Database, Changes>();

const newestRequest = (database: Database) =>
  database
    .select({ id: max(rebuildJobs.id) })
    .from(rebuildJobs)
    .prepare();
const requestsAfter = (database: Database) =>
  database
    .select({ id: rebuildJobs.id, tags: rebuildJobs.tags })
    .from(rebuildJobs)
    .where(gt(rebuildJobs.id, sql.placeholder('after')))
    .prepare();

/** The newest rebuild request (the primary key's last entry): a build started now covers it and every one before it. */
export async function newestRebuildRequest(database: Database = db): Promise<number> {
  return (await prepared(database, newestRequest).get())?.id ?? 0;
}

/**
 * The changes as the database has them now: one read of the newest request's id, and the tags of the newer requests
 * only when it moved. The database is the truth, so a change written by another process or machine is seen by the
 * next use here. `since`: the requests after it are wanted too, though older than the first read (live-pages.ts: the
 * changes the live build does not cover).
 */
export async function changesNow(database: Database = readDb(), since = Number.POSITIVE_INFINITY): Promise<Changes> {
  const newest = await newestRebuildRequest(database);
  let changes = changesBy.get(database);
  if (!changes) changesBy.set(database, (changes = { from: newest, seen: newest, last: new Map() }));
  // Reading again a request read before changes nothing: each tag keeps its newest request.
  const after = Math.min(changes.seen, since);
  if (newest <= after) return changes;
  for (const { id, tags } of await prepared(database, requestsAfter).all({ after })) {
    for (const tag of tags.length > 0 ? tags : [SITE_TAG])
      changes.last.set(tag, Math.max(id, changes.last.get(tag) ?? 0));
    changes.seen = Math.max(changes.seen, id);
  }
  changes.from = Math.min(changes.from, after);
  return changes;
}

/** A kept value, the tags it read, and the newest request read before it was computed. */
interface Kept<V> {
  value: V;
  tags: string[];
  seen: number;
}

/** Whether no request read after the value was computed touched one of its tags (or every page's, SITE_TAG). */
const stillTrue = ({ from, last }: Changes, { tags, seen }: Kept<unknown>): boolean =>
  seen >= from && [SITE_TAG, ...tags].every((tag) => (last.get(tag) ?? 0) <= seen);

/**
 * Values kept per database and key, at most `limit` of them (the least recently used goes first). A value is computed
 * inside collectTags, so it knows the tags of what it read (db/page-tags.ts), and is answered again until a newer
 * rebuild request touches one of them. A value computed while another request already read a change to its tags is
 * answered but not kept; one that read no tag is never kept (nothing would say when it changed). Its tags are recorded
 * for the render or value that uses it, kept or computed.
 */
export function keptWhileTagsStay<V>(limit: number) {
  const keptBy = new WeakMap<Database, Map<string, Kept<V>>>();
  return async function kept(key: string, compute: () => Promise<V>, database: Database = readDb()): Promise<V> {
    const changes = await changesNow(database);
    let values = keptBy.get(database);
    if (!values) keptBy.set(database, (values = new Map()));
    const hit = values.get(key);
    if (hit) {
      values.delete(key); // re-inserted below: most recently used last
      if (stillTrue(changes, hit)) {
        values.set(key, hit);
        readTags(hit.tags);
        return hit.value;
      }
    }
    const seen = changes.seen;
    const { value, tags } = await collectTags(compute);
    readTags(tags);
    const made = { value, tags: [...tags], seen };
    if (made.tags.length === 0 || !stillTrue(changes, made)) return value;
    if (values.size >= limit) values.delete(values.keys().next().value!);
    values.set(key, made);
    return value;
  };
}

// Free slugs for tools and posts: the first of root, root-2, root-3, ... that no other row of the table holds
// (lib/slug.ts decides their shape). Read inside the writing transaction, so two writers cannot take the same one.
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blogPosts, tools } from '../../db/schema';
import { slugify, uniqueSlug } from '../../lib/slug';

type Slugged = typeof tools | typeof blogPosts;

/** The slugs of `table` that are `root` or `root-...`, other than the row `exceptId`'s. */
export async function takenSlugs(reader: Executor, table: Slugged, root: string, exceptId?: number): Promise<Set<string>> {
  // A slug holds only a-z, 0-9 and hyphens, so the root has no LIKE wildcard in it.
  const rows = await reader
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, root), like(table.slug, `${root}-%`)), exceptId === undefined ? undefined : ne(table.id, exceptId)));
  return new Set(rows.map((r) => r.slug));
}

/** A free slug made from `name` (or `fallback` when the name has no letter or digit). */
export async function freeSlug(reader: Executor, table: Slugged, name: string, fallback: string, exceptId?: number): Promise<string> {
  const root = slugify(name) || fallback;
  return uniqueSlug(root, await takenSlugs(reader, table, root, exceptId));
}

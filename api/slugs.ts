// Free slugs for tools and posts: the first of root, root-2, root-3, ... that no other row of the table holds
// (lib/slug.ts decides their shape). Read inside the writing transaction, so two writers cannot take the same one.
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { blogPosts, tools } from '../db/schema';
import { slugify, uniqueSlug } from '../lib/slug';

type Slugged = typeof tools | typeof blogPosts;

/** The rows of `table` whose slug is `root` or `root-...`, other than the row `exceptId`. */
export function slugFamily(table: Slugged, root: string, exceptId?: number) {
  // A slug holds only a-z, 0-9 and hyphens, so the root has no LIKE wildcard in it.
  return and(
    or(eq(table.slug, root), like(table.slug, `${root}-%`)),
    exceptId === undefined ? undefined : ne(table.id, exceptId),
  );
}

/** The slugs of `table` that are `root` or `root-...`, other than the row `exceptId`'s. */
export async function takenSlugs(
  reader: Executor,
  table: Slugged,
  root: string,
  exceptId?: number,
): Promise<Set<string>> {
  const rows = await reader
    .select({ slug: table.slug })
    .from(table)
    .where(slugFamily(table, root, exceptId));
  return new Set(rows.map((r) => r.slug));
}

/** The root of the slugs of a row called `name`. */
export function slugRoot(name: string, fallback: string): string {
  return slugify(name) || fallback;
}

/** A free slug made from `name` (or `fallback` when the name has no letter or digit). */
export async function freeSlug(
  reader: Executor,
  table: Slugged,
  name: string,
  fallback: string,
  exceptId?: number,
): Promise<string> {
  const root = slugRoot(name, fallback);
  return uniqueSlug(root, await takenSlugs(reader, table, root, exceptId));
}

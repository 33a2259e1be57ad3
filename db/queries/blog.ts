// Public reads of the blog, shared by the API and the Astro build: published posts only.
import { and, desc, eq } from 'drizzle-orm';
import { SITE_NAME } from '../../lib/constants';
import type { PublicPost } from '../../lib/contract';
import { displayName } from '../../lib/format';
import { POST_STATUS } from '../../lib/post-status';
import { POSTS_TAG, postTag } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { blogPosts, users } from '../schema';

/** Shown as the author when the author has no name: an e-mail address is never published. */
export const FALLBACK_AUTHOR = `${SITE_NAME} team`;

export type { PublicPost };

/** The columns of a published post the public sees, with its author's name parts (never the e-mail). */
export const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
  featuredImage: blogPosts.featuredImage,
  category: blogPosts.category,
  tags: blogPosts.tags,
  readTime: blogPosts.readTime,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

type PostRow = {
  [K in keyof PublicPost as K extends 'authorName' ? never : K]: PublicPost[K];
} & { authorFirstName: string | null; authorLastName: string | null };

export function toPublicPost({ authorFirstName, authorLastName, ...post }: PostRow): PublicPost {
  const authorName = displayName({ firstName: authorFirstName, lastName: authorLastName }) || FALLBACK_AUTHOR;
  return { ...post, authorName };
}

/** Published posts, newest first; the newest `limit` of them when given. */
export async function listPublishedPosts(database: Database = readDb(), limit?: number): Promise<PublicPost[]> {
  readTags([POSTS_TAG]);
  const query = database
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(eq(blogPosts.status, POST_STATUS.published))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toPublicPost);
}

/** One published post; undefined for a draft or a missing slug. */
export async function getPublishedPostBySlug(
  slug: string,
  database: Database = readDb(),
): Promise<PublicPost | undefined> {
  readTags([postTag(slug)]);
  const [row] = await database
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, POST_STATUS.published)))
    .limit(1);
  return row ? toPublicPost(row) : undefined;
}

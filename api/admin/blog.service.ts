// The Blog CMS: every post for the admin list, and create/update with sanitised HTML, slugs, excerpts, read times
// (always computed from the content), uploaded featured images checked on disk and the first-publication date.
import { desc, eq } from 'drizzle-orm';
import { db, type Transaction } from '../../db/client';
import { blogPosts, type BlogPost } from '../../db/schema';
import type { AdminPost, BlogPostInput, BlogPostUpdateInput, PostPreview } from '../../lib/contract';
import { computeReadTime, excerpt } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { POST_STATUS } from '../../lib/post-status';
import { sanitizeBlogHtml, htmlToText } from '../../lib/sanitize';
import { slugify } from '../../lib/slug';
import { badRequest, conflict, notFound } from '../plugins/errors';
import { changedFields, recordAudit } from '../audit';
import { requestRebuild } from '../publishing/rebuild-queue';
import { freeSlug, takenSlugs } from '../slugs';
import { postChangeTags } from '../../lib/cache-tags';
import { POST_IMAGE_PATH } from '../../lib/constants';
import { uploadExists } from '../services/uploads';

/** A derived excerpt is about this long: the length of a search-result snippet. */
const EXCERPT_LENGTH = 160;

export async function listAllPosts(): Promise<AdminPost[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

/** A featured image uploaded here must still be on disk: a typed or stale /uploads/ path would show a broken image. */
async function checkedImage(featuredImage: string | null | undefined): Promise<string | null> {
  const image = featuredImage?.trim() || null;
  if (image && POST_IMAGE_PATH.test(image) && !(await uploadExists(image))) throw badRequest(MSG.postImageNotFound);
  return image;
}

/** Sanitised content; a post whose content sanitises to nothing (only a script, say) has no content. */
function cleanContent(html: string): string {
  const clean = sanitizeBlogHtml(html).trim();
  if (!htmlToText(clean) && !/<img\b/i.test(clean)) throw badRequest(MSG.contentRequired);
  return clean;
}

/** An explicit slug (slugified too) must be free: 409 if not. A slug derived from the title gets -2, -3... */
async function explicitSlug(
  tx: Transaction,
  given: string | null | undefined,
  exceptPostId?: number,
): Promise<string | null> {
  const slug = slugify(given ?? '');
  if (!slug) return null;
  if ((await takenSlugs(tx, blogPosts, slug, exceptPostId)).has(slug)) throw conflict(MSG.postSlugTaken);
  return slug;
}

const derivedSlug = (tx: Transaction, title: string, exceptPostId?: number) =>
  freeSlug(tx, blogPosts, title, 'post', exceptPostId);

const excerptFrom = (content: string) => excerpt(htmlToText(content), EXCERPT_LENGTH);

/** What saving would store of the text: the sanitised content, the excerpt and the read time. Writes nothing. */
export function previewPost(input: BlogPostInput): PostPreview {
  const content = cleanContent(input.content);
  return { content, excerpt: input.excerpt?.trim() || excerptFrom(content), readTime: computeReadTime(content) };
}

export async function createPost(input: BlogPostInput, actorId: number): Promise<AdminPost> {
  const content = cleanContent(input.content);
  const featuredImage = await checkedImage(input.featuredImage);
  return db.transaction(async (tx) => {
    const slug = (await explicitSlug(tx, input.slug)) ?? (await derivedSlug(tx, input.title));
    const status = input.status ?? POST_STATUS.draft;
    const now = new Date();
    const [post] = await tx
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        content,
        excerpt: input.excerpt?.trim() || excerptFrom(content),
        featuredImage,
        category: input.category || null,
        tags: input.tags ?? [],
        authorId: actorId,
        status,
        readTime: computeReadTime(content),
        publishedAt: status === POST_STATUS.published ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (status === POST_STATUS.published) await requestRebuild(`post published: ${slug}`, tx, postChangeTags(slug));
    await recordAudit(tx, {
      actorId,
      action: 'blog.create',
      entityType: 'blog_post',
      entityId: post.id,
      before: null,
      after: { title: post.title, slug: post.slug, status: post.status, publishedAt: post.publishedAt },
    });
    return post;
  });
}

/**
 * Only the fields sent change. The slug changes when one is given; a post never published also follows
 * a new title (once published, its URL is permanent). publishedAt is set on the first publication and
 * kept through later drafts. A new content recomputes readTime.
 */
export async function updatePost(postId: number, input: BlogPostUpdateInput, actorId: number): Promise<AdminPost> {
  const content = input.content !== undefined ? cleanContent(input.content) : undefined;
  const featuredImage = input.featuredImage !== undefined ? await checkedImage(input.featuredImage) : undefined;
  return db.transaction(async (tx) => {
    const post = await tx.query.blogPosts.findFirst({ where: eq(blogPosts.id, postId) });
    if (!post) throw notFound(MSG.postNotFound);
    const next: Partial<BlogPost> = {};
    if (input.title !== undefined) next.title = input.title;
    if (content !== undefined) next.content = content;
    const newContent = content ?? post.content;
    if (content !== undefined) next.readTime = computeReadTime(newContent);
    if (input.excerpt !== undefined) next.excerpt = input.excerpt?.trim() || excerptFrom(newContent);
    if (featuredImage !== undefined) next.featuredImage = featuredImage;
    if (input.category !== undefined) next.category = input.category || null;
    if (input.tags !== undefined) next.tags = input.tags;
    if (input.status !== undefined) next.status = input.status;

    const given = await explicitSlug(tx, input.slug, post.id);
    if (given) next.slug = given;
    else if (!post.publishedAt && next.title !== undefined && next.title !== post.title)
      next.slug = await derivedSlug(tx, next.title, post.id);

    const status = next.status ?? post.status;
    if (status === POST_STATUS.published && !post.publishedAt) next.publishedAt = new Date();

    const { before, after } = changedFields(post, next);
    if (Object.keys(after).length === 0) return post;
    const [updated] = await tx
      .update(blogPosts)
      .set({ ...(after as Partial<BlogPost>), updatedAt: new Date() })
      .where(eq(blogPosts.id, postId))
      .returning();
    const published = (p: BlogPost) => p.status === POST_STATUS.published;
    if (published(post) || published(updated)) {
      const what = !published(updated) ? 'unpublished' : !published(post) ? 'published' : 'edited';
      await requestRebuild(`post ${what}: ${updated.slug}`, tx, postChangeTags(post.slug, updated.slug));
    }
    await recordAudit(tx, { actorId, action: 'blog.update', entityType: 'blog_post', entityId: postId, before, after });
    return updated;
  });
}

// The public blog: GET /api/blog/posts (published posts, newest first) and GET /api/blog/posts/{slug}.
import { z } from 'zod';
import { timestampSchema } from './common';

/** A published post as the public sees it: the author by name only (an e-mail address is never published). */
/** A post's fields every view of it shows (the public's, the editor's). */
export const postFields = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  /** Sanitised HTML, as stored. */
  content: z.string(),
  featuredImage: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  readTime: z.string().nullable(),
  publishedAt: timestampSchema.nullable(),
  updatedAt: timestampSchema,
};

export const publicPostSchema = z.strictObject({
  ...postFields,
  authorName: z.string(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

// The public blog: GET /api/blog/posts (published posts, newest first), GET /api/blog/posts/{slug} and the articles'
// search, GET /api/blog/search?q=.
import { z } from 'zod';
import { searchText } from '../catalogue-query';
import { MSG } from '../messages';
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

/** GET /api/blog/search: `q`, the visitor's text, required (as the tools' search, at most 200 characters). */
export const postSearchQuerySchema = z.object({
  q: z
    .string(MSG.searchRequired)
    .pipe(searchText(MSG.searchTooLong, MSG.controlCharacters('Search text')))
    .refine((q) => q.trim() !== '', MSG.searchRequired),
});

/** A post the search found: its excerpt is the passage of its text that holds a matched word (plain text). */
const postSearchResultSchema = z.strictObject({ slug: z.string(), title: z.string(), excerpt: z.string() });
export type PostSearchResult = z.infer<typeof postSearchResultSchema>;

/** The published posts matching, best first (at most 3). */
export const postSearchAnswerSchema = z.strictObject({ posts: z.array(postSearchResultSchema) });

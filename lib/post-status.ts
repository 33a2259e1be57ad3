// A blog post's statuses (SPEC.md section 4): the stored default is draft; only published posts are public.

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS = {
  draft: 'draft',
  published: 'published',
} as const satisfies { [S in PostStatus]: S };

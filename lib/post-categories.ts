// The blog's sections: a post belongs to one of these (or none); the admin form offers them and the API refuses others.
export const POST_CATEGORIES = ['Guides', 'Reviews', 'Comparisons', 'Editorial', 'Industry', 'News'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

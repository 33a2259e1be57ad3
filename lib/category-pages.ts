// The category pages (/category/{id}, /category/{id}/2 ...): their editorial intros, page size and paths.
import { CATEGORIES, type CategoryId } from './categories';
import { DIRECTORY_PAGE_SIZE } from './constants';

/** Tools per category page: the directory's page size (SPEC.md section 9), so both grids page alike. */
export const CATEGORY_PAGE_SIZE = DIRECTORY_PAGE_SIZE;
/**
 * A category page lists the category's top tools: at most this many pages of them (480 tools). Deeper pages of a
 * ranking help neither visitors nor crawlers (every tool has its own page in the sitemap), and the cap keeps the
 * export's cost fixed however large the catalogue grows (docs/decisions/0044).
 */
export const CATEGORY_MAX_PAGES = 40;

/** Each category's editorial intro, shown above its tools. */
export const CATEGORY_INTROS: Record<CategoryId, string> = {
  'content-creation':
    'Writing assistants, video generators and voice tools that take a draft from blank page to publishable. We favour tools that keep your voice intact and let you edit what they produce, over ones that only generate more words. Each pick here was tried on real briefs by our editors.',
  'data-analysis':
    'Tools that turn spreadsheets, databases and messy exports into answers you can defend. We look for transparent methods, reproducible results and clean handling of your data before raw horsepower. Start with the top-rated picks if you need insight this week, not a new platform.',
  design:
    'Image generators, layout assistants and prototyping tools for designers who still want the final say. Our editors rate them on output quality, control over the result and how well they fit an existing workflow. Licensing terms matter here: check each tool page before you ship commercial work.',
  development:
    'Coding assistants, review bots and testing tools that earn a place in a working developer’s day. We test them on real repositories and reward tools that explain their suggestions and respect your codebase’s conventions. Ratings weigh accuracy and privacy above the length of the feature list.',
  marketing:
    'Copywriting, SEO, ads and social tools for teams that measure what they publish. Our editors favour tools that ground their suggestions in your own data and brand guidelines rather than generic templates. Use the ratings to shortlist, then compare the pricing models side by side.',
  productivity:
    'Assistants for meetings, email, notes and scheduling that give back more time than they take to set up. We rate them on how quietly they fit into the tools you already use and how much you can trust their summaries. The best ones here need minutes, not a migration.',
};

export function categoryLabel(id: CategoryId): string {
  return CATEGORIES.find((c) => c.id === id)!.label;
}

export function isCategoryId(value: string): value is CategoryId {
  return CATEGORIES.some((c) => c.id === value);
}

/** The path of page `page` (1-based) of a category: page 1 is /category/{id}, the others /category/{id}/{page}. */
export function categoryPagePath(id: CategoryId, page = 1): string {
  return page <= 1 ? `/category/${id}` : `/category/${id}/${page}`;
}

/** How many pages a category of `count` public tools has (at least one, at most CATEGORY_MAX_PAGES). */
export function categoryPageCount(count: number): number {
  return Math.min(CATEGORY_MAX_PAGES, Math.max(1, Math.ceil(count / CATEGORY_PAGE_SIZE)));
}

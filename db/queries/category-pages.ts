// The data of the category pages (/category/{id}, /category/{id}/N): the category's top public tools in the public
// order, a page at a time for an on-demand render, or every page of every category at once for the static export.
// Both give the same data for the same page, so the static file and the on-demand render are the same HTML.
import { and, count, sql } from 'drizzle-orm';
import { CATEGORY_IDS, type CategoryId } from '../../lib/categories';
import { CATEGORY_MAX_PAGES, CATEGORY_PAGE_SIZE, categoryPageCount, categoryPagePath } from '../../lib/category-pages';
import { toolCardOf, type ToolCardData } from '../../lib/tool-card';
import { categoryTag, toolTag } from '../../lib/cache-tags';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { tools } from '../schema';
import { withOwnerMarks } from './owners';
import { baseConditions, browseQuery } from './tools';

export interface CategoryPage {
  category: CategoryId;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Tools before this page (for the ItemList positions). */
  offset: number;
  tools: ToolCardData[];
  /** What the page depends on (lib/cache-tags.ts): its category's list. */
  tags: string[];
}

const LISTED = CATEGORY_PAGE_SIZE * CATEGORY_MAX_PAGES;

/** How many public tools the category pages of `category` list (counting no further than they show). */
async function listedCount(category: CategoryId, database: Database): Promise<number> {
  const listed = database
    .select({ one: sql`1` })
    .from(tools)
    .where(and(...baseConditions({ categories: [category] })))
    .limit(LISTED)
    .as('listed');
  const [row] = await database.select({ n: count() }).from(listed);
  return row?.n ?? 0;
}

/**
 * What a category page depends on: the category's list (its tools and their order) and each tool it shows (its card),
 * so that an edit that does not move a tool in the list renders again only the page showing it.
 */
function categoryPageTags(category: CategoryId, cards: readonly { slug: string }[]): string[] {
  return [categoryTag(category), ...cards.map((card) => toolTag(card.slug))];
}

/** Page `page` of a category; null when the category or the page does not exist (page 1 always does). */
export async function categoryPage(
  category: CategoryId,
  page: number,
  database: Database = readDb(),
): Promise<CategoryPage | null> {
  readTags([categoryTag(category)]);
  if (!CATEGORY_IDS.includes(category) || !Number.isInteger(page) || page < 1 || page > CATEGORY_MAX_PAGES) return null;
  const pageCount = categoryPageCount(await listedCount(category, database));
  if (page > pageCount) return null;
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const rows = await browseQuery({ category, limit: CATEGORY_PAGE_SIZE, offset }, database);
  const cards = (await withOwnerMarks(rows, database)).map(toolCardOf);
  const tags = categoryPageTags(category, cards);
  readTags(tags);
  return { category, page, pageCount, offset, tools: cards, tags };
}

/** Every page of every category, with its path: one read of each category's listed tools. */
export async function categoryPages(database: Database = readDb()): Promise<{ path: string; data: CategoryPage }[]> {
  const all = await Promise.all(
    CATEGORY_IDS.map(async (category) => ({
      category,
      rows: await withOwnerMarks(await browseQuery({ category, limit: LISTED, offset: 0 }, database), database),
    })),
  );
  return all.flatMap(({ category, rows }) => {
    const pageCount = categoryPageCount(rows.length);
    return Array.from({ length: pageCount }, (_, i) => {
      const offset = i * CATEGORY_PAGE_SIZE;
      const tools = rows.slice(offset, offset + CATEGORY_PAGE_SIZE).map(toolCardOf);
      const data: CategoryPage = {
        category,
        page: i + 1,
        pageCount,
        offset,
        tools,
        tags: categoryPageTags(category, tools),
      };
      return { path: categoryPagePath(category, i + 1), data };
    });
  });
}

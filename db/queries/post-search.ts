// The header's article search (GET /api/blog/search, docs/decisions/0087): the published posts whose words match a
// visitor's, through the posts' full-text index (posts_fts, migration 0017), each with the passage that shows them.
import { and, eq, sql } from 'drizzle-orm';
import { POSTS_TAG } from '../../lib/cache-tags';
import { searchWords } from '../../lib/directory';
import type { PostSearchResult } from '../../lib/contract';
import { POST_STATUS } from '../../lib/post-status';
import { htmlToText } from '../../lib/sanitize';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { blogPosts } from '../schema';
import { asIndexed, ftsMatchExpression } from './tools';

/** The most posts an answer holds: the header's list shows them under the tools. */
const POST_SEARCH_LIMIT = 3;
/** FTS5 column weights for title, excerpt, content: a title hit counts most. */
const BM25 = sql`bm25(posts_fts, 10.0, 4.0, 1.0)`;
/**
 * The index holds the content as HTML, so a word of the markup alone (href, strong, https) matches it too: the best
 * ranked matches, up to this many, are checked against the text a reader sees. A blog's posts are few.
 */
const CANDIDATES = 20;
/** Words of the passage shown, and how many of them come before the first match (Pagefind's were 18). */
const PASSAGE_WORDS = 18;
const WORDS_BEFORE = 5;

/** Lower case without accents, as the index's tokenizer compares words. */
const folded = (text: string) => asIndexed(text).toLowerCase();

/** The words of `text` as the index splits them: runs of letters and digits, folded. */
const wordsOf = (text: string) => folded(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a word of the text matches a search word as the index's query does: as a prefix, one letter whole. */
const matches = (word: string, search: string) => (search.length > 1 ? word.startsWith(search) : word === search);

/**
 * The part of a post's text that shows the first search word it holds, in about PASSAGE_WORDS words with an ellipsis
 * where it is cut; null when the text holds none (the match was in the title or the excerpt).
 */
function passage(text: string, search: string[]): string | null {
  const words = text.split(' ');
  const at = words.findIndex((word) => wordsOf(word).some((w) => search.some((s) => matches(w, s))));
  if (at < 0) return null;
  const start = Math.max(0, at - WORDS_BEFORE);
  const end = Math.min(words.length, start + PASSAGE_WORDS);
  return `${start > 0 ? '…' : ''}${words.slice(start, end).join(' ')}${end < words.length ? '…' : ''}`;
}

/**
 * The published posts matching visitor text (every word, as the tools' search), best first, at most POST_SEARCH_LIMIT;
 * none when the text holds no word. Each comes with the passage of its text that shows a matched word, or its excerpt
 * when only the title or the excerpt matched.
 */
export async function searchPublishedPosts(text: string, database: Database = readDb()): Promise<PostSearchResult[]> {
  readTags([POSTS_TAG]);
  const expression = ftsMatchExpression(text);
  if (!expression) return [];
  const search = searchWords(text).map(folded);
  const rows = await database
    .select({ slug: blogPosts.slug, title: blogPosts.title, excerpt: blogPosts.excerpt, content: blogPosts.content })
    .from(blogPosts)
    .innerJoin(sql`posts_fts`, sql`posts_fts.rowid = ${blogPosts.id}`)
    .where(and(sql`posts_fts match ${expression}`, eq(blogPosts.status, POST_STATUS.published)))
    .orderBy(BM25, blogPosts.id)
    .limit(CANDIDATES);
  const found: PostSearchResult[] = [];
  for (const { slug, title, excerpt, content } of rows) {
    const body = htmlToText(content);
    const seen = wordsOf(`${title} ${excerpt ?? ''} ${body}`);
    if (!search.every((s) => seen.some((w) => matches(w, s)))) continue;
    found.push({ slug, title, excerpt: passage(body, search) ?? excerpt ?? '' });
    if (found.length === POST_SEARCH_LIMIT) break;
  }
  return found;
}

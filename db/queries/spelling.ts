// Spelling suggestions for the directory's search ("Did you mean Copilot?"): a search word that starts no word of the
// catalogue is replaced by the closest word of the search index's vocabulary (tools_fts_vocab, migration 0007).
import { and, eq, sql } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { TOOLS_TAG } from '../../lib/cache-tags';
import { searchWords } from '../../lib/directory';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { tools } from '../schema';
import { keptWhileTagsStay } from './kept';
import { asIndexed, matchesFts } from './tools';

/** Words shorter than this are not corrected: too many words are one edit away from them. */
const MIN_CORRECTED_LENGTH = 3;

/** The edits a word of this length may be away from its correction: one for short words, two for longer ones. */
const maxEdits = (length: number) => (length <= 4 ? 1 : 2);

interface Vocabulary {
  /** Terms by length, each with the number of tools holding it (for the nearest-word scan). */
  byLength: Map<number, { term: string; tools: number }[]>;
}

/**
 * The vocabulary, read only when a search has a word in no tool (reading it walks the whole index: about 150 ms at
 * 100,000 tools), and kept until the lists of tools change: any change to a public tool may add or remove words.
 */
const keptVocabulary = keptWhileTagsStay<Vocabulary>(1);

function vocabulary(database: Database): Promise<Vocabulary> {
  return keptVocabulary(
    'vocabulary',
    async () => {
      readTags([TOOLS_TAG]);
      const rows = await database
        .select({ term: sql<string>`term`, tools: sql<number>`doc` })
        .from(sql`tools_fts_vocab`);
      const byLength = new Map<number, { term: string; tools: number }[]>();
      for (const row of rows) {
        const list = byLength.get(row.term.length) ?? [];
        list.push(row);
        byLength.set(row.term.length, list);
      }
      return { byLength };
    },
    database,
  );
}

/**
 * Whether some term starts with the word (the search matches words as prefixes; a one-letter word, whole): a range of
 * the vocabulary table, which fts5vocab answers from the index without reading the rest (well under a millisecond).
 */
async function isKnown(word: string, database: Database): Promise<boolean> {
  const term = sql`term`;
  const rows = await database
    .select({ term })
    .from(sql`tools_fts_vocab`)
    .where(word.length === 1 ? sql`${term} = ${word}` : sql`${term} >= ${word} and ${term} < ${`${word}\u{10FFFF}`}`)
    .limit(1);
  return rows.length > 0;
}

/** Candidates per word checked against the public catalogue, closest first. */
const CANDIDATES_CHECKED = 5;

/** The terms within the edits the word's length allows, closest first; among equals, the one in most tools, then A-Z. */
function nearTerms(word: string, { byLength }: Vocabulary): string[] {
  const edits = maxEdits(word.length);
  const near: { term: string; tools: number; edits: number }[] = [];
  for (let length = word.length - edits; length <= word.length + edits; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      const d = distance(word, candidate.term);
      if (d <= edits) near.push({ ...candidate, edits: d });
    }
  }
  near.sort((a, b) => a.edits - b.edits || b.tools - a.tools || (a.term < b.term ? -1 : 1));
  return near.slice(0, CANDIDATES_CHECKED).map((n) => n.term);
}

/**
 * Whether a public tool holds the term. The index covers every tool, pending and rejected ones too: a term only they
 * hold is never suggested, so a suggestion cannot reveal a tool that is not public.
 */
async function inPublicTool(term: string, database: Database): Promise<boolean> {
  const rows = await database
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.status, PUBLIC_TOOL_STATUS), matchesFts(`"${term}"`, { byRowid: true })))
    .limit(1);
  return rows.length > 0;
}

async function closestPublicTerm(word: string, vocab: Vocabulary, database: Database): Promise<string | null> {
  for (const term of nearTerms(word, vocab)) if (await inPublicTool(term, database)) return term;
  return null;
}

/** The correction written as the visitor wrote the word: capitalised when they capitalised it. */
const likeTyped = (typed: string, term: string) =>
  /^\p{Lu}/u.test(typed) ? term[0].toUpperCase() + term.slice(1) : term;

/**
 * A corrected search when a word of `text` is in no tool (so the search as typed finds nothing): every such word
 * replaced by its closest term, the other words kept. Null when every word is found, or when a word has no term close
 * enough (the correction would find nothing either).
 */
export async function spellingSuggestion(text: string, database: Database = readDb()): Promise<string | null> {
  const typed = (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const words = searchWords(text);
  if (words.length === 0) return null;
  const corrections = new Map<string, string>();
  for (const word of words) {
    const indexed = asIndexed(word);
    if (await isKnown(indexed, database)) continue;
    const term =
      indexed.length >= MIN_CORRECTED_LENGTH
        ? await closestPublicTerm(indexed, await vocabulary(database), database)
        : null;
    if (!term) return null;
    corrections.set(word, term);
  }
  if (corrections.size === 0) return null;
  return typed
    .map((w) => {
      const term = corrections.get(w.toLowerCase());
      return term ? likeTyped(w, term) : w;
    })
    .join(' ');
}

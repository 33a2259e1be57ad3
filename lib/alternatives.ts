// Alternatives to a tool and the comparisons between them: how they are ranked, how many are shown, and the
// canonical address of a comparison (docs/decisions/0045).
import { isSlugShaped, MAX_SLUG_LENGTH } from './slug';

/** Alternatives listed on /tool/{slug}/alternatives. */
export const ALTERNATIVES_SHOWN = 6;
/** Alternatives shown on the tool page ("Alternatives to {name}"). Each of the ALTERNATIVES_SHOWN has a /compare page. */
export const TOP_ALTERNATIVES = 3;
/** An editor may pick at most this many alternatives to a tool. */
export const MAX_CURATED_ALTERNATIVES = ALTERNATIVES_SHOWN;
/**
 * Candidates are the first this many public tools (in the public order) of each of the tool's categories: reading a
 * few dozen rows per category keeps a tool's alternatives one indexed read away however large the catalogue, and
 * lets the export rank every tool's from six pools read once.
 */
export const ALTERNATIVE_POOL = 40;
/** Relevance: the editor's score, plus this much per target audience shared with the tool... */
export const AUDIENCE_WEIGHT = 2;
/** ...and this much per category shared beyond the first. */
const CATEGORY_WEIGHT = 1;

/** What ranking needs of a tool. */
export interface Rankable {
  id: number;
  tags: readonly string[];
  targetAudience: readonly string[];
  qualityScore: number | null;
  isPremium: boolean;
  approvedAt: Date | string | null;
}

/** A tool's categories and audiences as sets of trimmed, lowercase values; made once per list (ranking compares them often). */
const setsOf = new WeakMap<readonly string[], Set<string>>();
function setOf(values: readonly string[]): Set<string> {
  let set = setsOf.get(values);
  if (!set) setsOf.set(values, (set = new Set(values.map((v) => v.trim().toLowerCase()))));
  return set;
}

const shared = (a: readonly string[], b: readonly string[]): number => {
  const mine = setOf(a);
  let n = 0;
  for (const v of setOf(b)) if (mine.has(v)) n += 1;
  return n;
};

/**
 * How good an alternative `candidate` is to `tool`: its score (0 when unscored) + AUDIENCE_WEIGHT per shared target
 * audience + CATEGORY_WEIGHT per shared category beyond the first; null when they share no category.
 */
export function relevance(tool: Rankable, candidate: Rankable): number | null {
  const categories = shared(tool.tags, candidate.tags);
  if (categories === 0) return null;
  return (
    (candidate.qualityScore ?? 0) +
    AUDIENCE_WEIGHT * shared(tool.targetAudience, candidate.targetAudience) +
    CATEGORY_WEIGHT * (categories - 1)
  );
}

/**
 * What a tool's ranking depends on besides the editors' picks: its categories and audiences. Tools with the same
 * profile and no picks have the same alternatives (but for themselves), so a bulk read ranks each profile once.
 */
export function rankingProfile(tool: Pick<Rankable, 'tags' | 'targetAudience'>): string {
  const norm = (values: readonly string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))].sort().join(',');
  return `${norm(tool.tags)}|${norm(tool.targetAudience)}`;
}

const time = (value: Date | string | null): number =>
  value instanceof Date ? value.getTime() : value ? new Date(value).getTime() : 0;

/**
 * The alternatives to `tool`: the editor's picks first (in their order), then the candidates by relevance (ties by
 * the better score, then in the public order: premium, newer approval, newer id), never the tool itself nor a tool
 * twice; at most `limit`.
 */
export function rankAlternatives<T extends Rankable>(
  tool: Rankable,
  curated: readonly T[],
  candidates: Iterable<T>,
  limit = ALTERNATIVES_SHOWN,
): T[] {
  const seen = new Set<number>([tool.id]);
  const picked: T[] = [];
  for (const t of curated) {
    if (picked.length >= limit) return picked;
    if (!seen.has(t.id)) picked.push(t), seen.add(t.id);
  }
  const scored: { t: T; r: number; at: number }[] = [];
  for (const t of candidates) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const r = relevance(tool, t);
    if (r !== null) scored.push({ t, r, at: time(t.approvedAt) });
  }
  // On equal relevance the better-rated tool first: a tie means the other's lead is only shared audience or
  // categories, and a closer match in words should not put a weaker tool ahead (issue 24: Grammarly 8/10 before
  // Claude 9/10 as ChatGPT's first alternative). Then the public order.
  scored.sort(
    (a, b) =>
      b.r - a.r ||
      (b.t.qualityScore ?? 0) - (a.t.qualityScore ?? 0) ||
      Number(b.t.isPremium) - Number(a.t.isPremium) ||
      b.at - a.at ||
      b.t.id - a.t.id,
  );
  for (const { t } of scored) {
    if (picked.length >= limit) break;
    picked.push(t);
  }
  return picked;
}

/** The path of a tool's alternatives page. */
export const alternativesPath = (slug: string): string => `/tool/${slug}/alternatives`;

/** The one address of the comparison of two tools: their slugs in code-point order, joined by -vs-. */
export function comparePath(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `/compare/${first}-vs-${second}`;
}

/** The slugs of /compare?tools=a,b,c (docs/decisions/0108): in order, lowercased, each once. */
export function comparedSlugs(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The longest name of a comparison: two slugs of the longest and -vs-. */
const MAX_PAIR_LENGTH = 2 * MAX_SLUG_LENGTH + '-vs-'.length;

/**
 * Every way to read "x-vs-y" as two slugs (a slug may itself contain -vs-): each split at a -vs-, left to right,
 * whose both sides keep the slug rule. None for a name longer than two slugs can be: a chain of thousands of -vs-
 * is refused before any of its readings is made, let alone read from the database.
 */
export function comparePairs(param: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (param.length > MAX_PAIR_LENGTH) return pairs;
  for (let at = param.indexOf('-vs-'); at >= 0; at = param.indexOf('-vs-', at + 1)) {
    const left = param.slice(0, at);
    const right = param.slice(at + 4);
    if (isSlugShaped(left) && isSlugShaped(right)) pairs.push([left, right]);
  }
  return pairs;
}

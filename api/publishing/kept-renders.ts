// Renders kept in memory and answered again (the pages rendered on request: alternatives, comparisons, the directory's
// queries, the form pages' tabs), each with the tags its render read: one is dropped when a change touches one of its
// tags (the freshness rule, README.md), read the way live-pages.ts reads every change, and never before.
import { SURROGATE_KEY, tagsOfHeader } from '../../lib/cache-tags';
import { changedSince, changesRead } from './live-pages';

/** What a render leaves to keep, and the tags it read. */
export interface KeptRender<V> {
  value: V;
  tags: readonly string[];
}

/** The tags a prepared page carries (page-renderer.ts sent them as its Surrogate-Key). */
export const tagsOfPage = (headers: Record<string, string> | undefined): string[] =>
  tagsOfHeader(headers?.[SURROGATE_KEY]);

/**
 * Values by key, at most `limit` of them (the least recently used goes first), each answered again until a change
 * touches one of its tags. A value whose tags changed while it was being made is answered but not kept.
 */
export function keptRenders<V>(limit: number) {
  const values = new Map<string, KeptRender<V> & { seen: number }>();
  return async function kept(key: string, render: () => Promise<KeptRender<V>>): Promise<V> {
    const seen = await changesRead();
    const hit = values.get(key);
    if (hit) {
      values.delete(key); // re-inserted below: most recently used last
      if (!changedSince(hit.tags, hit.seen)) {
        values.set(key, hit);
        return hit.value;
      }
    }
    const made = await render();
    if (changedSince(made.tags, seen)) return made.value;
    if (values.size >= limit) values.delete(values.keys().next().value!);
    values.set(key, { ...made, seen });
    return made.value;
  };
}

// What a page render read, as tags (lib/cache-tags.ts): the queries of db/queries/ record the tags of the rows they
// return, and the engine collects them around a render (api/publishing/page-renderer.ts). The store lives on
// globalThis: the pages' server build bundles its own copy of this module, and both copies must share one store.
import { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('ai-tools-directory.page-tags');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<Set<string>> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<Set<string>>());

/** Records that the render under way read data carrying these tags (nothing happens outside a render). */
export function readTags(tags: Iterable<string>): void {
  const store = storage.getStore();
  if (store) for (const tag of tags) store.add(tag);
}

/** Runs `render`, collecting the tags of everything it read (into `into`, when given). */
export async function collectTags<T>(
  render: () => Promise<T>,
  into: Set<string> = new Set(),
): Promise<{ value: T; tags: Set<string> }> {
  const value = await storage.run(into, render);
  return { value, tags: into };
}

// The optional CDN purge hook: runs PURGE_COMMAND with the tags a change touched (each as `tag:<name>`, for caches
// that purge by tag: Cloudflare's Cache-Tag, Fastly's Surrogate-Key, Varnish's xkey) and the absolute URLs of the pages
// that carry them, so an edge cache in front of the site drops them at once instead of waiting out s-maxage.
import { config } from '../config';
import { log } from '../log';
import { runHook } from './run-step';

/** A purge command that runs longer than this is hung: it is killed. */
const PURGE_TIMEOUT_MS = 30_000;
/** Arguments per run: well under the kernel's argument-size limit, even after a full rebuild. */
export const PURGE_BATCH = 500;

/**
 * Tells the CDN that these tags (lib/cache-tags.ts) and site paths ('/tool/x', or absolute) changed: the tags, then
 * the unique URLs, PURGE_BATCH a run. Never throws: a failed purge leaves the old page at the edge until s-maxage.
 */
export async function purge(
  { tags = [], paths = [] }: { tags?: readonly string[]; paths?: readonly string[] },
  timeoutMs = PURGE_TIMEOUT_MS,
): Promise<void> {
  const command = process.env.PURGE_COMMAND ?? '';
  if (!command.trim() || tags.length + paths.length === 0) return;
  let urls: string[];
  try {
    urls = [...new Set(paths.map((path) => new URL(path, config.siteUrl).href))];
  } catch (error) {
    log.error({ err: error }, 'purge: a changed path is not a URL');
    return;
  }
  // `tag:` marks a tag among the arguments: no absolute URL starts with it.
  const args = [...new Set(tags)].map((tag) => `tag:${tag}`).concat(urls);
  for (let i = 0; i < args.length; i += PURGE_BATCH)
    await runHook('purge', command, args.slice(i, i + PURGE_BATCH), timeoutMs);
}

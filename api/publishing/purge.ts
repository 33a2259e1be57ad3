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

interface PurgeOptions {
  /** The command line, split on spaces and run without a shell; default PURGE_COMMAND. Unset: nothing happens. */
  command?: string;
  timeoutMs?: number;
  siteUrl?: string;
}

/** Absolute, de-duplicated URLs for site paths ('/tool/x', or already absolute). */
function purgeUrls(paths: string[], siteUrl: string = config.siteUrl): string[] {
  return [...new Set(paths.map((p) => new URL(p, siteUrl).href))];
}

/** What changed: tags (lib/cache-tags.ts) and site paths ('/tool/x', or already absolute). */
export interface Purge {
  tags?: readonly string[];
  paths?: readonly string[];
}

/** The prefix that marks a tag among the command's arguments (no absolute URL starts with it). */
const TAG_ARGUMENT = 'tag:';

/**
 * Tells the CDN that these tags and paths changed: the tags first, then the URLs, PURGE_BATCH arguments a run. Never
 * throws: a failed purge only means the edge serves the old page until s-maxage runs out, which is no reason to fail
 * an approval or a build.
 */
export async function purge({ tags = [], paths = [] }: Purge, options: PurgeOptions = {}): Promise<void> {
  const command = (options.command ?? process.env.PURGE_COMMAND ?? '').trim();
  if (!command || tags.length + paths.length === 0) return;
  let urls: string[];
  try {
    urls = purgeUrls([...paths], options.siteUrl);
  } catch (error) {
    log.error({ err: error }, 'purge: a changed path is not a URL');
    return;
  }
  const args = [...new Set(tags)].map((tag) => `${TAG_ARGUMENT}${tag}`).concat(urls);
  for (let i = 0; i < args.length; i += PURGE_BATCH) {
    await runHook('purge', command, args.slice(i, i + PURGE_BATCH), options.timeoutMs ?? PURGE_TIMEOUT_MS);
  }
}

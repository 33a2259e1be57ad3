// A PURGE_COMMAND for a Varnish in front of the site (docs/varnish.vcl): `bun scripts/purge-varnish.ts [--soft]
// tag:tools tag:tool:x https://site/tool/x ...` sends one PURGE with the tags (xkey) and one PURGE per URL to
// VARNISH_URL (default http://127.0.0.1:6081). Hard purges, so the next visitor gets the change; with --soft the old
// copy stays expired in grace: served once more while the new one is fetched, and while the origin is down. Exits 1
// when Varnish refused or could not be reached, so the server logs it (api/publishing/purge.ts).

const TAG = 'tag:';
const DEFAULT_VARNISH_URL = 'http://127.0.0.1:6081';
/** A purge that takes longer is hung; the server's own timeout for the whole command is longer. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface PurgeRequest {
  /** The path (with its query) and the Host of the URL, which Varnish's cache key is made of. */
  path: string;
  headers: Record<string, string>;
}

/** The PURGE requests for the command's arguments; throws on an argument that is neither a tag nor an absolute URL. */
export function purgeRequests(args: string[]): PurgeRequest[] {
  const soft = args.includes('--soft');
  const tags: string[] = [];
  const requests: PurgeRequest[] = [];
  for (const arg of args) {
    if (arg === '--soft') continue;
    if (arg.startsWith(TAG)) {
      const tag = arg.slice(TAG.length);
      // Tags are separated by spaces in the header: one with a space (or nothing) in it is not a tag.
      if (!/^\S+$/.test(tag)) throw new Error(`Not a tag: ${JSON.stringify(arg)}`);
      tags.push(tag);
      continue;
    }
    let url: URL;
    try {
      url = new URL(arg);
    } catch {
      throw new Error(`Neither tag:<name> nor an absolute URL: ${JSON.stringify(arg)}`);
    }
    requests.push({
      path: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...(soft ? { 'purge-mode': 'soft' } : {}) },
    });
  }
  if (tags.length > 0)
    requests.unshift({
      path: '/',
      headers: { [soft ? 'xkey-softpurge' : 'xkey-purge']: [...new Set(tags)].join(' ') },
    });
  return requests;
}

/** Sends the requests to Varnish one after another; the failures, as lines to print. */
export async function sendPurges(requests: PurgeRequest[], varnishUrl: string): Promise<string[]> {
  const failures: string[] = [];
  for (const { path, headers } of requests) {
    const target = new URL(path, varnishUrl);
    try {
      const res = await fetch(target, { method: 'PURGE', headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await res.arrayBuffer();
      if (!res.ok) failures.push(`PURGE ${path} ${JSON.stringify(headers)}: ${res.status} ${res.statusText}`);
    } catch (error) {
      failures.push(`PURGE ${path} at ${target.origin}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failures;
}

if (import.meta.main) {
  let requests: PurgeRequest[];
  try {
    requests = purgeRequests(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const failures = await sendPurges(requests, process.env.VARNISH_URL || DEFAULT_VARNISH_URL);
  for (const failure of failures) console.error(failure);
  process.exit(failures.length > 0 ? 1 : 0);
}

// Tool pages that turn "Review due" without any change to their tool: checked every 6 hours, each such page is named in a
// rebuild request, so it is rendered on demand at once and by the next export (docs/decisions/0047).
import { db } from '../../db/client';
import { toolsFallingDue } from '../../db/queries/pages';
import { toolTag } from '../../lib/cache-tags';
import { config } from '../config';
import { log } from '../log';
import { readBuildInfo } from './live-pages';
import { requestRebuild } from './rebuild-queue';

/** A badge up to this late is harmless, and each check that finds a page costs a rebuild: a few a day at most. */
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** Asks for a rebuild of the tool pages that fell due since `since`; returns when it looked (the next `since`). */
export async function requestRebuildOfDuePages(since: Date, now = new Date()): Promise<Date> {
  const slugs = await toolsFallingDue(since, now);
  if (slugs.length > 0) await requestRebuild(`reviews falling due: ${slugs.length} tool(s)`, db, slugs.map(toolTag));
  return now;
}

/** Checks now for the pages that fell due since the live build was made (a server down meanwhile), then every 6 hours. */
export function startReviewDueWatch(): () => void {
  const built = readBuildInfo(config.distDir)?.startedAt;
  let since = built ? new Date(built) : new Date();
  const check = () =>
    requestRebuildOfDuePages(since).then(
      (now) => void (since = now),
      (error) => log.error({ err: error }, 'review due check failed'),
    );
  void check();
  const timer = setInterval(check, CHECK_EVERY_MS).unref();
  return () => clearInterval(timer);
}

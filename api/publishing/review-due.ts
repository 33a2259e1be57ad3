// Tool pages that turn "Review due" without any change to their tool: checked every 6 hours, each such page is named in a
// rebuild request, so it is rendered on demand at once and by the next export (docs/decisions/0047).
import { and, eq, gt, lte, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { db, type Database } from '../../db/client';
import { editorialReviews, tools } from '../../db/schema';
import { toolTag } from '../../lib/cache-tags';
import { REVIEW_DUE_DAYS } from '../../lib/constants';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { requestRebuild } from './rebuild-queue';
import { config } from '../config';
import { log } from '../log';
import { readBuildInfo } from './live-pages';

/** A badge up to this late is harmless, and each check that finds a page costs a rebuild: a few a day at most. */
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const DUE_AFTER_MS = REVIEW_DUE_DAYS * 86_400_000;

/** The slugs of public tools whose review falls due in (from, to]: their latest review is REVIEW_DUE_DAYS old then. */
export async function toolsFallingDue(from: Date, to: Date, database: Database = db): Promise<string[]> {
  const newer = alias(editorialReviews, 'newer');
  const laterReview = database
    .select({ id: newer.id })
    .from(newer)
    .where(and(eq(newer.toolId, editorialReviews.toolId), gt(newer.reviewedAt, editorialReviews.reviewedAt)));
  const rows = await database
    .selectDistinct({ slug: tools.slug })
    .from(editorialReviews)
    .innerJoin(tools, eq(tools.id, editorialReviews.toolId))
    .where(
      and(
        gt(editorialReviews.reviewedAt, new Date(from.getTime() - DUE_AFTER_MS)),
        lte(editorialReviews.reviewedAt, new Date(to.getTime() - DUE_AFTER_MS)),
        eq(tools.status, PUBLIC_TOOL_STATUS),
        notExists(laterReview),
      ),
    );
  return rows.map((row) => row.slug).sort();
}

/** Asks for a rebuild of the tool pages that fell due since `since`; returns when it looked (the next `since`). */
export async function requestRebuildOfDuePages(since: Date, now = new Date(), database: Database = db): Promise<Date> {
  const slugs = await toolsFallingDue(since, now, database);
  if (slugs.length > 0)
    await requestRebuild(`reviews falling due: ${slugs.length} tool(s)`, database, slugs.map(toolTag));
  return now;
}

/**
 * Checks now for the pages that fell due since the live build was made (a server that was down meanwhile), then every
 * CHECK_EVERY_MS.
 */
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

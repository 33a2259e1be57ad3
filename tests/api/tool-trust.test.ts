// Trust signals on a tool page: "Last reviewed", the public review history (follow-ups marked), the "Review due"
// badge, Share; the same data on demand, in the export's batches and in GET /api/tools/slug/{slug}.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { editorialReviews, rebuildJobs, type Tool } from '../../db/schema';
import { toolPage, toolPages, toolsFallingDue } from '../../db/queries/pages';
import { renderPage } from '../../api/publishing/page-renderer';
import { BUILD_INFO } from '../../api/publishing/live-pages';
import { startReviewDueWatch } from '../../api/publishing/rebuild-worker';
import { config } from '../../api/config';
import { REVIEW_DUE_DAYS } from '../../lib/constants';
import { BASE, call } from '../helpers/api';
import { makeTool } from '../helpers/admin';
import { until } from '../helpers/server-process';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let fresh: Tool;
let stale: Tool;
let unreviewed: Tool;

async function review(tool: Tool, days: number, curatorTake: string, qualityScore: number, isFollowUp = false) {
  await db
    .insert(editorialReviews)
    .values({ toolId: tool.id, curatorTake, qualityScore, reviewedAt: daysAgo(days), isFollowUp });
}

async function html(slug: string): Promise<string> {
  const res = await renderPage(`/tool/${slug}`, { appDir: config.appDir, siteUrl: BASE });
  expect(res?.status).toBe(200);
  return res!.text();
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  fresh = await makeTool({
    status: 'approved',
    name: 'Fresh Quill',
    slug: 'fresh-quill',
    curatorTake: 'Exports fixed; now a clear pick.',
    qualityScore: 8,
  });
  await review(fresh, 40, 'Good first draft, rough exports.', 6);
  await review(fresh, 3, 'Exports fixed; now a clear pick.', 8, true);
  stale = await makeTool({
    status: 'approved',
    name: 'Stale Quill',
    slug: 'stale-quill',
    curatorTake: 'Was fine back then.',
  });
  await review(stale, REVIEW_DUE_DAYS + 5, 'Was fine back then.', 7);
  unreviewed = await makeTool({ status: 'approved', name: 'Bare Quill', slug: 'bare-quill' });
});

describe('the tool page', () => {
  it('says when the tool was last reviewed, shows the latest take once and lists the earlier reviews, newest first', async () => {
    const page = text(await html('fresh-quill'));
    const last = new Date(daysAgo(3)).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(page).toContain(`Last reviewed ${last}`);
    expect(page.split('Exports fixed; now a clear pick.')).toHaveLength(2);
    const history = page.slice(page.indexOf('Review History'));
    expect(history).not.toContain('Exports fixed; now a clear pick.');
    expect(history).toMatch(/First review Rated 6\/10 Good first draft, rough exports\./);
    expect(page).not.toContain('Review due');
  });

  it("prints a single review's take once, as the Editor's Review, without a history", async () => {
    const page = text(await html('stale-quill'));
    expect(page.split('Was fine back then.')).toHaveLength(2);
    expect(page).toContain("Editor's Review");
    expect(page).not.toContain('Review History');
  });

  it(`shows "Review due" when the last review is over ${REVIEW_DUE_DAYS} days old`, async () => {
    const markup = await html('stale-quill');
    expect(markup).toMatch(/data-testid="review-due"[^>]*>\s*Review due/);
  });

  it('has a Share button with the page address, and no review lines for a tool without reviews', async () => {
    const markup = await html('bare-quill');
    expect(markup).toMatch(new RegExp(`<button[^>]*data-share[^>]*data-url="${BASE}/tool/bare-quill"`));
    expect(markup).not.toContain('Last reviewed');
    expect(markup).not.toContain('Review History');
  });
});

describe('the page data', () => {
  it('is the same for one page and in the export batches, with the reviews the public API returns', async () => {
    const bulk = new Map<string, NonNullable<Awaited<ReturnType<typeof toolPage>>>>();
    for await (const batch of toolPages(2)) for (const page of batch) bulk.set(page.tool.slug, page);
    for (const tool of [fresh, stale, unreviewed]) {
      const one = await toolPage(tool.slug);
      expect(bulk.get(tool.slug)).toEqual(one);
      const api = await (await call('GET', `/api/tools/slug/${tool.slug}`)).json();
      expect(api.editorialReviews).toEqual(JSON.parse(JSON.stringify(one!.reviews)));
    }
    expect((await toolPage('stale-quill'))!.reviewDue).toBe(true);
    expect((await toolPage('fresh-quill'))!.reviewDue).toBe(false);
    expect((await toolPage('bare-quill'))!.reviewDue).toBe(false);
  });
});

describe('a page that turns due without a change', () => {
  it('is found by its last review passing the limit, not by an older one', async () => {
    // fresh-quill's latest review (3 days ago) falls due REVIEW_DUE_DAYS - 3 days from now; its older one does not count.
    const from = new Date(Date.now() + (REVIEW_DUE_DAYS - 4) * DAY);
    const to = new Date(Date.now() + (REVIEW_DUE_DAYS - 2) * DAY);
    expect(await toolsFallingDue(from, to)).toEqual(['fresh-quill']);
    expect(await toolsFallingDue(daysAgo(1), new Date())).toEqual([]);
  });

  it('is named in a rebuild request by the watch at start when it fell due after the live build was made', async () => {
    // stale-quill fell due 5 days ago; the live build was made 6 days ago (the server was down since).
    const dist = mkdtempSync(join(tmpdir(), 'review-due-'));
    const madeAt = daysAgo(6).toISOString();
    const info = {
      pages: 1,
      rendered: 1,
      reused: 0,
      seconds: 1,
      coveredJobId: 0,
      startedAt: madeAt,
      finishedAt: madeAt,
    };
    writeFileSync(join(dist, BUILD_INFO), JSON.stringify(info));
    const distDir = config.distDir;
    config.distDir = dist;
    const stop = startReviewDueWatch();
    try {
      const reason = 'reviews falling due: 1 tool(s)';
      const jobs = await until('the watch to ask for a rebuild', () =>
        db
          .select()
          .from(rebuildJobs)
          .where(eq(rebuildJobs.reason, reason))
          .then((rows) => rows.length > 0 && rows),
      );
      expect(jobs.map((job) => job.tags)).toEqual([['tool:stale-quill']]);
    } finally {
      stop();
      config.distDir = distDir;
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

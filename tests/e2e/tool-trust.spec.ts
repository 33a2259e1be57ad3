// A tool page's trust signals in Chromium: Last reviewed, the review history with its follow-up, the Review due
// badge for a review older than REVIEW_DUE_DAYS, Share, and the Open Graph image its head names.
import sharp from 'sharp';
import { test, expect, copiedText, withoutShareSheet, type APIRequestContext } from './fixtures';
import type { PublicTool } from '../../db/queries/tools';
import type { PublicToolDetail } from '../../lib/contract';
import { longDate } from '../../lib/format';
import { isReviewDue } from '../../lib/review-due';

/** A seeded tool whose history has a follow-up review (the seed gives several of them one). */
async function reviewedTool(request: APIRequestContext): Promise<PublicToolDetail> {
  const tools = (await (await request.get('/api/tools?limit=100')).json()) as PublicTool[];
  for (const tool of tools) {
    const detail: PublicToolDetail = await (await request.get(`/api/tools/slug/${tool.slug}`)).json();
    if (detail.editorialReviews.some((r) => r.isFollowUp)) return detail;
  }
  throw new Error('the seed needs a tool with a follow-up review');
}

test('a tool page shows when it was last reviewed, the latest take once, the earlier reviews and Review due', async ({
  page,
  request,
}) => {
  const tool = await reviewedTool(request);
  const [latest] = tool.editorialReviews;
  await page.goto(`/tool/${tool.slug}`);
  await expect(page.getByTestId('last-reviewed')).toContainText(`Last reviewed ${longDate(latest.reviewedAt)}`);
  // The latest take is the Editor's Review; the history lists the reviews before it.
  await expect(page.getByTestId('curator-take')).toHaveText(latest.curatorTake);
  const entries = page.getByTestId('review-entry');
  const earlier = tool.editorialReviews.slice(1);
  await expect(entries).toHaveCount(earlier.length);
  for (const [i, review] of earlier.entries()) {
    await expect(entries.nth(i)).toContainText(longDate(review.reviewedAt));
    await expect(entries.nth(i)).toContainText(`${review.isFollowUp ? 'Follow-up' : 'First review'}`);
    await expect(entries.nth(i)).toContainText(`Rated ${review.qualityScore}/10`);
    await expect(entries.nth(i)).toContainText(review.curatorTake);
  }
  // The seed's follow-ups are months old: the badge shows exactly when the rule says so.
  await expect(page.getByTestId('review-due')).toHaveCount(isReviewDue(latest.reviewedAt) ? 1 : 0);
});

test('a tool page shares its address: the device share sheet, else a copied link', async ({ page, request }) => {
  const tool = await reviewedTool(request);
  await withoutShareSheet(page);
  await page.goto(`/tool/${tool.slug}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('toast')).toContainText('Link copied');
  expect(await copiedText(page)).toEqual([new URL(`/tool/${tool.slug}`, page.url()).toString()]);
});

test('a tool page names its Open Graph image, a 1200x630 PNG', async ({ page, request }) => {
  const tool = await reviewedTool(request);
  await page.goto(`/tool/${tool.slug}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(new URL(image!).pathname).toBe(`/og/tool/${tool.slug}.png`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const res = await request.get(new URL(image!).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect(await sharp(await res.body()).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
});

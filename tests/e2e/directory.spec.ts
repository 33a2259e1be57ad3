// The directory's filters, sorts and search in Chromium: choices go into the address and the title, the list follows in
// the API's order, Back restores the previous view, the same addresses work without JavaScript (rendered by the
// server, with real paging links), and a typo finds the tool with "Did you mean".
import { test, expect, type APIRequestContext, type Page } from './fixtures';
import type { PublicTool } from '../../lib/contract';
import { SITE_NAME } from '../../lib/constants';

const PAGE_SIZE = 12;

/** The first page of the API's answer for a query (the same parameters the directory's address uses). */
async function apiNames(request: APIRequestContext, query: string): Promise<string[]> {
  const res = await request.get(`/api/tools?limit=${PAGE_SIZE}&${query}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as PublicTool[]).map((t) => t.name);
}

const cards = (page: Page) => page.getByTestId('tool-grid').getByTestId('tool-card');
const cardNames = (page: Page) => cards(page).locator('h3').allTextContents();

test('choosing a category and a sort changes the address, the title and the order; Back restores each view', async ({
  page,
  request,
}) => {
  const all = await apiNames(request, '');
  const design = await apiNames(request, 'category=design');
  const designByRating = await apiNames(request, 'category=design&sort=rating');
  expect(design.length, 'the seed needs design tools').toBeGreaterThan(1);

  await page.goto('/directory');
  await expect.poll(() => cardNames(page)).toEqual(all);
  await page.getByRole('checkbox', { name: /^Design \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/\/directory\?category=design$/);
  await expect.poll(() => cardNames(page)).toEqual(design);
  await expect(page).toHaveTitle(`Design AI Tools | ${SITE_NAME}`);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rating');
  await expect(page).toHaveURL(/\/directory\?category=design&sort=rating$/);
  await expect.poll(() => cardNames(page)).toEqual(designByRating);
  await expect(page).toHaveTitle(`Design AI Tools sorted by rating | ${SITE_NAME}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design AI Tools sorted by rating');

  await page.goBack();
  await expect(page).toHaveURL(/\/directory\?category=design$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('recommended');
  await expect.poll(() => cardNames(page)).toEqual(design);
  await page.goBack();
  await expect(page).toHaveURL(/\/directory$/);
  await expect(page.getByRole('checkbox', { name: /^Design/ })).not.toBeChecked();
  await expect.poll(() => cardNames(page)).toEqual(all);
  await page.goForward();
  await expect(page.getByRole('checkbox', { name: /^Design/ })).toBeChecked();
  await expect.poll(() => cardNames(page)).toEqual(design);
});

test('several categories, a pricing model and a minimum rating narrow the list together, each option with its count', async ({
  page,
  request,
}) => {
  await page.goto('/directory');
  await page.getByRole('checkbox', { name: /^Design/ }).check();
  await expect(page).toHaveURL(/category=design$/);
  await page.getByRole('checkbox', { name: /^Marketing/ }).check();
  await expect(page).toHaveURL(/category=design&category=marketing$/);
  await page.getByRole('radio', { name: /^7\+/ }).check();
  await expect(page).toHaveURL(/category=design&category=marketing&minRating=7$/);
  const expected = await apiNames(request, 'category=design&category=marketing&minRating=7');
  await expect.poll(() => cardNames(page)).toEqual(expected);
  const facets = await (await request.get('/api/tools/facets?category=design&category=marketing&minRating=7')).json();
  await expect(page.getByRole('checkbox', { name: `Free (${facets.pricing.free})` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Development (${facets.categories.development})` })).toBeVisible();
});

test('typing searches after a pause, a typo finds the tool with "Did you mean", and the matched words are marked', async ({
  page,
}) => {
  await page.goto('/directory');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/tools?')) asked.push(new URL(r.url()).searchParams.get('search') ?? '');
  });
  // The page's clock stands still while the keys are typed, however slow a busy machine types them, then moves on
  // past the pause: the search runs once, after it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('searchbox', { name: 'Search tools' }).pressSequentially('Copilt', { delay: 30 });
  await page.clock.runFor(300);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/directory\?q=Copilt$/);
  await expect(page.getByTestId('did-you-mean')).toContainText('Did you mean Copilot?');
  const card = cards(page).filter({ hasText: 'GitHub Copilot' });
  await expect(card).toBeVisible();
  await expect(card.locator('mark').first()).toHaveText('Copilot');
  await expect(page.getByRole('status')).toContainText('Copilot');
  // One search for the whole word, not one per keystroke.
  expect(asked).toEqual(['Copilt']);
});

test('a newer search aborts the request of an older one, whose answer never shows', async ({ page }) => {
  await page.goto('/directory');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The first search's list request is held until the second search has started.
  await page.route(/\/api\/tools\?.*search=notion(&|$)/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const aborted: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/tools?')) aborted.push(new URL(r.url()).searchParams.get('search') ?? '');
  });
  const box = page.getByRole('searchbox', { name: 'Search tools' });
  await box.fill('notion');
  await expect(page).toHaveURL(/q=notion$/);
  await box.fill('copilot');
  await expect(page).toHaveURL(/q=copilot$/);
  await expect(cards(page).filter({ hasText: 'GitHub Copilot' })).toBeVisible();
  await expect.poll(() => aborted).toContain('notion');
  release();
  await expect(cards(page).filter({ hasText: 'Notion' })).toHaveCount(0);
});

test('the header search box finds the same tools as the directory, typo included, and leads to all its results', async ({
  page,
  request,
}) => {
  const expected = (await apiNames(request, 'search=Copilt')).slice(0, 5);
  await page.goto('/pricing');
  const box = page.getByRole('combobox', { name: 'Search tools and articles' }).first();
  await box.click();
  await box.pressSequentially('Copilt', { delay: 30 });
  // Each result's head is the tool's name and its "Tool" badge.
  const heads = page.locator('[data-search-results] a > span.font-semibold');
  await expect
    .poll(async () => (await heads.allTextContents()).filter((t) => t.endsWith('Tool')))
    .toEqual(expected.map((name) => `${name}Tool`));
  await expect(page.locator('[data-search-status]').first()).toContainText('Did you mean Copilot?');
  const all = page.getByRole('link', { name: 'See all results for “Copilt”' });
  await expect(all).toHaveAttribute('href', '/directory?q=Copilt');
  await all.click();
  await expect(page).toHaveURL(/\/directory\?q=Copilt$/);
  await expect(page.getByTestId('did-you-mean')).toContainText('Did you mean Copilot?');
  expect((await cardNames(page)).slice(0, 5)).toEqual(expected);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Opens a page without waiting for islands to hydrate: without JavaScript they never do. */
  const open = async (page: Page, url: string) => {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
  };

  test('/directory?category=design&sort=rating lists only design tools in rating order', async ({ page, request }) => {
    const res = await request.get('/api/tools?limit=100&category=design&sort=rating');
    const tools = (await res.json()) as PublicTool[];
    expect(tools.every((t) => t.tags.includes('design'))).toBe(true);
    const scores = tools.map((t) => t.qualityScore ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    await open(page, '/directory?category=design&sort=rating');
    expect(await cardNames(page)).toEqual(tools.slice(0, PAGE_SIZE).map((t) => t.name));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design AI Tools sorted by rating');
    await expect(page).toHaveTitle(`Design AI Tools sorted by rating | ${SITE_NAME}`);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      /\/directory\?category=design&sort=rating$/,
    );
    await expect(page.getByRole('checkbox', { name: /^Design/ })).toBeChecked();
  });

  /**
   * The page shows the tools the API lists for the same query. Other files' tests approve and discontinue tools side
   * by side, which can move the catalogue between the two reads: the page is read again until both agree.
   */
  async function samePageAsApi(page: Page, request: APIRequestContext, query: string) {
    await expect
      .poll(async () => {
        const api = await apiNames(request, query);
        const shown = await cardNames(page);
        if (JSON.stringify(shown) === JSON.stringify(api)) return true;
        await page.reload();
        return false;
      })
      .toBe(true);
  }

  test('the filter form submits as a plain GET, and paging is real links with rel=next and rel=prev', async ({
    page,
    request,
  }) => {
    await open(page, '/directory');
    await page.getByRole('checkbox', { name: /^Free \(/ }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/pricing=free/);
    await samePageAsApi(page, request, 'pricing=free');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free AI Tools');

    await open(page, '/directory');
    await expect(page.locator('link[rel=next]')).toHaveAttribute('href', /\/directory\?page=2$/);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/directory\?page=2$/);
    await samePageAsApi(page, request, `offset=${PAGE_SIZE}`);
    await expect(page.locator('link[rel=prev]')).toHaveAttribute('href', /\/directory$/);
  });
});

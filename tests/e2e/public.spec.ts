// The public site against the real build: every route of SPEC.md's route table, the directory, tool and blog pages
// (also with JavaScript off), pricing, legal pages, feeds, site search, navigation and the tool page's JS budget.
import { gzipSync } from 'node:zlib';
import { test, expect, copiedText, withoutShareSheet, type APIRequestContext, type Page } from './fixtures';
import type { PublicPost } from '../../db/queries/blog';
import type { PublicTool } from '../../db/queries/tools';
import { CATEGORIES } from '../../lib/categories';
import { SITE_NAME } from '../../lib/constants';
import { NOT_FOUND } from '../../lib/messages';
import { detailLabel, hostOf, longDate, readTimeOrDefault, tagLabel } from '../../lib/format';
import { htmlToText } from '../../lib/sanitize';
import { parseRss, readSitemap, type SitemapFile } from '../helpers/xml';

const PAGE_SIZE = 12;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

async function publicTools(request: APIRequestContext, query = ''): Promise<PublicTool[]> {
  const res = await request.get(`/api/tools?limit=100${query}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as PublicTool[];
}

async function publishedPosts(request: APIRequestContext): Promise<PublicPost[]> {
  const res = await request.get('/api/blog/posts');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The names in the built /directory page's ItemList (the HTML's first page). */
async function builtFirstPage(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/directory')).text();
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]))
    .find((d) => d['@type'] === 'WebPage');
  return (ld?.mainEntity?.itemListElement ?? []).map((i: { name: string }) => i.name);
}

/**
 * The seeded catalogue, read through the API so the tests follow whatever the seed (and earlier spec files) left.
 * Other spec files change tools, which queues a site rebuild: wait until the built pages show the database again.
 */
async function catalogue(request: APIRequestContext) {
  let tools: PublicTool[] = [];
  await expect
    .poll(
      async () => {
        tools = await publicTools(request);
        return (
          (await builtFirstPage(request)).join('\n') ===
          tools
            .slice(0, PAGE_SIZE)
            .map((t) => t.name)
            .join('\n')
        );
      },
      { message: 'the live build shows the current catalogue', timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
  const posts = await publishedPosts(request);
  const premium = tools.find((t) => t.isPremium && t.screenshots.length > 0 && t.videoUrl && t.qualityScore != null);
  const free = tools.find((t) => !t.isPremium);
  expect(premium, 'the seed needs a premium tool with screenshots, a video and a score').toBeTruthy();
  expect(free, 'the seed needs a free tool').toBeTruthy();
  expect(tools.length, 'the seed needs more than one page of tools').toBeGreaterThan(PAGE_SIZE);
  expect(posts.length, 'the seed needs published posts').toBeGreaterThan(0);
  return { tools, posts, premium: premium!, free: free! };
}

function cards(page: Page) {
  return page.getByTestId('tool-grid').getByTestId('tool-card');
}

async function cardNames(page: Page): Promise<string[]> {
  return cards(page).locator('h3').allTextContents();
}

function jsonLd(page: Page, type: string) {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll(
      (nodes, wanted) => nodes.map((n) => JSON.parse(n.textContent ?? '{}')).find((d) => d['@type'] === wanted),
      type,
    );
}

test.describe('route table', () => {
  test('public pages answer 200 with their content', async ({ page, request }) => {
    // Every public page with a screenshot each: about 50 s alone on CI's two cores, longer beside the second worker.
    test.slow();
    const { premium, posts } = await catalogue(request);
    const routes: [string, string, string | RegExp][] = [
      ['/', 'home', 'Featured AI Tools'],
      ['/directory', 'directory', 'Explore AI Tools'],
      [`/tool/${premium.slug}`, 'tool', premium.name],
      ['/blog', 'blog', 'AI Tools Blog'],
      [`/blog/${posts[0].slug}`, 'post', posts[0].title],
      ['/pricing', 'pricing', 'Monthly Plan'],
      ['/terms', 'terms', 'Terms of Service'],
      ['/privacy', 'privacy', 'Privacy Policy'],
      ['/refunds', 'refunds', 'Refund Policy'],
      ['/about', 'about', /About/],
      ['/help', 'help', 'How can we help?'],
      ['/contact', 'contact', 'Get in touch'],
      ['/auth', 'auth', 'Welcome'],
    ];
    for (const [path, name, heading] of routes) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/$' : `${path}$`}`),
      );
      await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      await shot(page, name);
    }
  });

  test('/auth shows the Login and Register tabs', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  });

  test('/tools/{slug} is a permanent redirect to /tool/{slug}', async ({ page, request }) => {
    const { free } = await catalogue(request);
    const res = await request.get(`/tools/${free.slug}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe(`/tool/${free.slug}`);
    await page.goto(`/tools/${free.slug}`);
    await expect(page).toHaveURL(new RegExp(`/tool/${free.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(free.name);
  });

  test('unknown paths answer 404 with a Page Not Found card', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await shot(page, 'not-found');
  });

  test('an unknown tool shows Tool Not Found with Back to Directory', async ({ page }) => {
    const res = await page.goto('/tool/no-such-tool');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Tool Not Found' })).toBeVisible();
    await expect(page.getByText("The tool you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeHidden();
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await page.goto('/tool/no-such-tool');
    await shot(page, 'tool-not-found');
  });

  test('an unknown post shows Post Not Found with Back to Blog', async ({ page }) => {
    const res = await page.goto('/blog/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await shot(page, 'post-not-found');
  });

  test('/api/login sends a signed-out visitor to /auth', async ({ page }) => {
    await page.goto('/api/login');
    await expect(page).toHaveURL(/\/auth$/);
  });

  // The one test of the development demo logins: they sign in as the seeded accounts, which it reads but never changes.
  test('signed-in routes: the demo user gets /dashboard and /submit, the demo admin /admin', async ({ page }) => {
    await page.goto('/auth/demo/user');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    await page.goto('/submit');
    await expect(page.getByRole('button', { name: 'Submit Tool for Review' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByText('Admin access required. Redirecting...')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/auth/demo/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('tab', { name: /Pending Review/ })).toBeVisible();
  });

  test('/dashboard signed out: the unauthorized toast, then the login endpoint', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    // The sign-in page keeps where the visitor was going (decision 0068).
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/dashboard');
  });
});

test.describe('directory', () => {
  test('first page in the HTML, category checkboxes, Load More appends the next page', async ({ page, request }) => {
    const { tools } = await catalogue(request);
    await page.goto('/directory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore AI Tools');
    await expect(page.getByPlaceholder('Search tools...')).toBeVisible();
    const boxes = page.getByTestId('directory-filters').getByRole('checkbox');
    for (const c of CATEGORIES)
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${c.label} \\(\\d+\\)$`) })).not.toBeChecked();
    await expect(boxes.and(page.locator(':checked'))).toHaveCount(0);
    expect(await cardNames(page)).toEqual(tools.slice(0, PAGE_SIZE).map((t) => t.name));
    await expect(page.getByRole('button', { name: 'Clear Search' })).toBeHidden();

    const ld = await jsonLd(page, 'WebPage');
    expect(ld.mainEntity['@type']).toBe('ItemList');
    expect(ld.mainEntity.itemListElement.map((i: { name: string }) => i.name)).toEqual(
      tools.slice(0, PAGE_SIZE).map((t) => t.name),
    );

    await page.getByRole('button', { name: 'Load More Tools' }).click();
    await expect(cards(page)).toHaveCount(Math.min(tools.length, 2 * PAGE_SIZE));
    expect(await cardNames(page)).toEqual(tools.slice(0, 2 * PAGE_SIZE).map((t) => t.name));
    const secondPageFull = tools.length >= 2 * PAGE_SIZE;
    await expect(page.getByRole('button', { name: 'Load More Tools' })).toBeVisible({ visible: secondPageFull });
    await expect(page).toHaveURL(/\/directory$/);
  });

  test('a category checkbox filters, lives in the address, and Back restores the previous view', async ({
    page,
    request,
  }) => {
    const { tools } = await catalogue(request);
    // A category with fewer than a full page, so Load More must not show.
    let small: (typeof CATEGORIES)[number] | undefined;
    let smallTools: PublicTool[] = [];
    for (const c of CATEGORIES) {
      const list = await publicTools(request, `&category=${c.id}`);
      if (list.length > 0 && list.length < PAGE_SIZE) {
        small = c;
        smallTools = list;
        break;
      }
    }
    expect(small, 'the seed needs a category with 1 to 11 tools').toBeTruthy();

    await page.goto('/directory');
    const smallBox = page.getByRole('checkbox', { name: new RegExp(`^${small!.label} \\(`) });
    await smallBox.check();
    await expect(page).toHaveURL(new RegExp(`/directory\\?category=${small!.id}$`));
    await expect(smallBox).toBeChecked();
    await expect(cards(page)).toHaveCount(smallTools.length);
    expect(await cardNames(page)).toEqual(smallTools.map((t) => t.name));
    await expect(page.getByRole('button', { name: 'Load More Tools' })).toBeHidden();
    await shot(page, 'directory-category');

    await page.goBack();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(smallBox).not.toBeChecked();
    await expect.poll(() => cardNames(page)).toEqual(tools.slice(0, PAGE_SIZE).map((t) => t.name));

    await page.goForward();
    await expect(smallBox).toBeChecked();
    await expect(cards(page)).toHaveCount(smallTools.length);
  });

  test('search: the form submits, the address is shareable, empty results, Clear Search resets everything', async ({
    page,
    request,
  }) => {
    const { free } = await catalogue(request);
    await page.goto('/directory');
    const box = page.getByPlaceholder('Search tools...');
    await box.fill(free.name);
    await expect(page.getByRole('button', { name: 'Clear Search' })).toBeVisible();
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(free.name);
    const found = page.getByTestId('tool-grid').getByRole('heading', { name: free.name, exact: true });
    await expect(found).toBeVisible();

    // A shared link opens the same search.
    await page.goto(`/directory?q=${encodeURIComponent(free.name)}`);
    await expect(box).toHaveValue(free.name);
    await expect(page.getByTestId('results-heading')).toContainText(free.name);
    await expect(found).toBeVisible();

    // A category on top of a search that matches nothing: the filtered empty state.
    await box.fill('zzqx nonexistent');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No tools found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More Tools' })).toBeHidden();
    await shot(page, 'directory-empty');

    await page.getByRole('checkbox', { name: /^Design \(/ }).check();
    await expect(page).toHaveURL(/q=zzqx\+nonexistent&category=design$/);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(box).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: /^Design \(/ })).not.toBeChecked();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('button', { name: 'Clear Search' })).toBeHidden();
  });

  test('six skeleton cards while a page loads, and the API is asked for page one with the filters', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route('**/api/tools?*', async (route) => {
      asked.push(new URL(route.request().url()).search);
      await held;
      await route.continue();
    });
    await page.goto('/directory');
    await page.getByRole('checkbox', { name: /^Marketing \(/ }).check();
    await expect(page.getByTestId('tool-card-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('tool-card-skeleton')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    // One more than a page: whether another follows decides Load More.
    expect(asked).toEqual(['?limit=13&offset=0&category=marketing']);
  });

  test('with JavaScript off the first page of tools is in the HTML', async ({ browser, request }) => {
    const { tools } = await catalogue(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/directory');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    expect(await cardNames(page)).toEqual(tools.slice(0, PAGE_SIZE).map((t) => t.name));
    // The filters are a plain GET form, so filtering still works without JavaScript (tests/e2e/directory.spec.ts).
    await expect(page.getByTestId('directory-form')).toHaveAttribute('method', 'get');
    await context.close();
  });
});

test('with JavaScript off a missing tool or post says so, not just that a page is missing', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, heading] of [
    ['/tool/no-such-tool', NOT_FOUND.tool],
    ['/blog/no-such-post', NOT_FOUND.post],
    ['/no-such-page', NOT_FOUND.page],
  ]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await context.close();
});

test.describe('tool page', () => {
  test('a premium tool: rating, Visit Tool, details, screenshots, demo, review, call to action, JSON-LD', async ({
    page,
    request,
  }) => {
    const { premium } = await catalogue(request);
    await page.goto(`/tool/${premium.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(premium.name);
    await expect(page.getByTestId('tool-host')).toHaveText(hostOf(premium.url));
    await expect(page.getByTestId('premium-badge')).toHaveText('Premium');
    const rating = page.getByTestId('editor-rating');
    await expect(rating).toContainText('Editor Rating');
    await expect(rating).toContainText(`${premium.qualityScore}/10`);
    await expect(rating.locator('svg.fill-amber-400')).toHaveCount(Math.floor(premium.qualityScore! / 2));

    const visit = page.getByRole('link', { name: /^Visit Tool/ });
    await expect(visit).toHaveAttribute('href', premium.url);
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByTestId('tool-description')).toHaveText(premium.description);

    await expect(page.getByRole('heading', { name: 'Categories & Details' })).toBeVisible();
    for (const tag of premium.tags)
      await expect(page.getByRole('link', { name: tagLabel(tag), exact: true }).first()).toBeVisible();
    if (premium.pricingModel)
      await expect(page.getByText(detailLabel(premium.pricingModel), { exact: true })).toBeVisible();
    for (const who of premium.targetAudience)
      await expect(page.getByText(detailLabel(who), { exact: true })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Screenshots' })).toBeVisible();
    const shots = page.getByRole('img', { name: new RegExp(`${premium.name} screenshot`) });
    await expect(shots).toHaveCount(premium.screenshots.length);
    for (const link of await page.locator('a:has(img[alt*="screenshot"])').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.getByRole('heading', { name: 'Product Demo' })).toBeVisible();
    // The player is framed only when asked for (docs/decisions/0053).
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: `Play the ${premium.name} demo` }).click();
    await expect(page.locator('iframe')).toHaveAttribute('title', `${premium.name} product demo`);

    if (premium.curatorTake?.trim()) {
      await expect(page.getByRole('heading', { name: "Editor's Review" })).toBeVisible();
      await expect(page.getByTestId('curator-take')).toHaveText(premium.curatorTake.trim());
    }
    await expect(page.getByRole('heading', { name: `Ready to try ${premium.name}?` })).toBeVisible();

    const ld = await jsonLd(page, 'SoftwareApplication');
    expect(ld.name).toBe(premium.name);
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
    expect(ld.aggregateRating).toMatchObject({
      ratingValue: premium.qualityScore,
      bestRating: 10,
      worstRating: 0,
      ratingCount: 1,
    });
    expect(ld.keywords).toBe(premium.tags.map(tagLabel).join(', '));
    expect(ld.applicationCategory).toBeTruthy();
  });

  test('a free tool shows neither screenshots nor a demo', async ({ page, request }) => {
    const { free } = await catalogue(request);
    await page.goto(`/tool/${free.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(free.name);
    await expect(page.getByTestId('premium-badge')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Screenshots' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Product Demo' })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByTestId('editor-rating')).toHaveCount(free.qualityScore == null ? 0 : 1);
  });

  test('renders its content with JavaScript off', async ({ browser, request }) => {
    const { premium } = await catalogue(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/tool/${premium.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(premium.name);
    await expect(page.getByTestId('tool-description')).toHaveText(premium.description);
    await expect(page.getByTestId('editor-rating')).toContainText(`${premium.qualityScore}/10`);
    await expect(page.getByRole('link', { name: /^Visit Tool/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Ready to try ${premium.name}?` })).toBeVisible();
    await shot(page, 'tool-no-js');
    await context.close();
  });

  test('ships under 40 KB of gzipped JavaScript', async ({ page, request }) => {
    const { premium } = await catalogue(request);
    const sizes = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') sizes.set(res.url(), gzipSync(await res.body()).length);
    });
    await page.goto(`/tool/${premium.slug}`, { waitUntil: 'networkidle' });
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(sizes.size).toBeGreaterThan(0);
    expect(total, [...sizes.keys()].join('\n')).toBeLessThan(40 * 1024);
  });
});

test.describe('blog', () => {
  test('the list shows every published post with its details and opens a post', async ({ page, request }) => {
    const { posts } = await catalogue(request);
    await page.goto('/blog');
    const list = page.getByTestId('post-card');
    await expect(list).toHaveCount(posts.length);
    const first = list.first();
    await expect(first.getByRole('heading')).toHaveText(posts[0].title);
    if (posts[0].category) await expect(first).toContainText(posts[0].category);
    if (posts[0].excerpt) await expect(first).toContainText(posts[0].excerpt);
    await expect(first).toContainText(longDate(posts[0].publishedAt));
    await expect(first).toContainText(readTimeOrDefault(posts[0].readTime));
    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/blog/${posts[0].slug}$`));
  });

  test('a post: category, title, long date, read time, content, tags, JSON-LD; with JavaScript off too', async ({
    browser,
    request,
  }) => {
    const { posts } = await catalogue(request);
    const post = posts.find((p) => p.tags.length > 0) ?? posts[0];
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    if (post.category) await expect(page.getByTestId('post-category')).toHaveText(post.category);
    await expect(page.getByTestId('post-date')).toHaveText(longDate(post.publishedAt));
    await expect(page.getByTestId('post-read-time')).toHaveText(readTimeOrDefault(post.readTime));
    const content = page.getByTestId('post-content');
    await expect(content).toBeVisible();
    expect(await content.locator('script').count()).toBe(0);
    const firstParagraph = htmlToText(/<p[^>]*>(.*?)<\/p>/s.exec(post.content)?.[1] ?? '');
    expect(firstParagraph.length).toBeGreaterThan(0);
    expect((await content.innerText()).replace(/\s+/g, ' ')).toContain(firstParagraph);
    for (const tag of post.tags)
      await expect(page.locator('[aria-labelledby=tags-title] li', { hasText: tag }).first()).toBeVisible();
    const ld = await jsonLd(page, 'BlogPosting');
    expect(ld.headline).toBe(post.title);
    expect(ld.datePublished).toBe(new Date(post.publishedAt!).toISOString());
    await shot(page, 'post-no-js');
    await context.close();
  });

  test('Share uses the device share sheet with title, excerpt and address', async ({ page, request }) => {
    const { posts } = await catalogue(request);
    const post = posts[0];
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data),
      });
    });
    await page.goto(`/blog/${post.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([
        { title: post.title, text: post.excerpt ?? '', url: new URL(`/blog/${post.slug}`, page.url()).toString() },
      ]);
  });

  test('without a share sheet, Share copies the address and says so', async ({ page, request }) => {
    const { posts } = await catalogue(request);
    await withoutShareSheet(page);
    await page.goto(`/blog/${posts[0].slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByTestId('toast')).toContainText('Link copied');
    expect(await copiedText(page)).toEqual([new URL(`/blog/${posts[0].slug}`, page.url()).toString()]);
  });
});

test.describe('pricing', () => {
  test('plans, benefits, FAQ, and signed-out buttons lead to /auth', async ({ page }) => {
    await page.goto('/pricing');
    const monthly = page.getByTestId('plan-monthly');
    const annual = page.getByTestId('plan-annual');
    await expect(monthly).toContainText('Monthly Plan');
    await expect(monthly).toContainText('$39');
    await expect(monthly).toContainText('/month');
    await expect(monthly.locator('li')).toHaveCount(6);
    await expect(annual).toContainText('Annual Plan');
    await expect(annual).toContainText('$399');
    await expect(annual).toContainText('/year');
    await expect(annual).toContainText('Most Popular');
    await expect(annual).toContainText('Save $69');
    await expect(annual.locator('li')).toHaveCount(8);
    await expect(monthly).not.toContainText('Most Popular');
    await expect(annual.locator('li').last()).toContainText('dedicated account manager');
    for (const q of ["What's included in Premium?", 'Can I cancel anytime?', 'Do you offer refunds?']) {
      await expect(page.getByText(q)).toBeVisible();
    }
    await page.getByText('Do you offer refunds?').click();
    await expect(page.getByText(/30-day money-back guarantee/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/auth');
    await annual.getByRole('link', { name: 'Choose Annual Plan' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signed in, each plan is a button that starts Checkout; premium members see Current Plan and Manage subscription', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/pricing');
    // Choosing one upgrades the account in development mode: premium.spec.ts does that.
    await expect(page.getByRole('button', { name: 'Choose Monthly Plan' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Choose Annual Plan' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeHidden();

    await login({ isPremium: true }); // its cookie replaces the member's
    await page.goto('/pricing');
    const current = page.getByRole('button', { name: 'Current Plan' });
    await expect(current).toHaveCount(2);
    await expect(current.first()).toBeDisabled();
    await expect(current.last()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  });
});

test('legal pages state every fact of the spec', async ({ page }) => {
  const facts: Record<string, string[]> = {
    '/terms': [
      'Stripe',
      'Resend',
      'within 30 days of the purchase',
      'Monthly plans are non-refundable',
      '5-10 business days',
      'within 2 business days',
      'within 5 business days',
      'deleted within 30 days of closure',
      'at least 13 years old',
    ],
    '/privacy': [
      'Stripe',
      'Resend',
      'within 30 days of closure',
      'within 2 business days',
      'within 5 business days',
      'children under 13',
    ],
    '/refunds': [
      '30-day money-back guarantee',
      'Monthly plans are non-refundable',
      '5-10 business days',
      'within 2 business days',
      'within 5 business days',
      'Stripe',
      'Resend',
      'deleted within 30 days of closure',
    ],
  };
  for (const [path, phrases] of Object.entries(facts)) {
    await page.goto(path);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const phrase of phrases) expect(text, `${path}: ${phrase}`).toContain(phrase);
  }
  await page.goto('/help');
  for (const q of ['How do I submit a tool?', 'How are tools reviewed?', 'What does Premium include?'])
    await expect(page.getByText(q)).toBeVisible();
  await page.getByText('How long does a review take?').click();
  await expect(page.getByText(/decision by e-mail within 48 hours/)).toBeVisible();
  await page.getByText('What does Premium include?').click();
  await expect(page.getByText(/3 premium tool submissions/)).toBeVisible();
  await page.goto('/contact');
  for (const who of ['support', 'partnerships', 'press'])
    await expect(page.locator(`a[href^="mailto:${who}@"]`)).toBeVisible();
  await expect(page.getByText(/within 2 business days/)).toBeVisible();
});

const isDiscoveryPage = (path: string) => /^\/(category|compare)\/|\/alternatives$/.test(path);

test('sitemap, robots.txt and rss.xml', async ({ request }) => {
  const { tools, posts } = await catalogue(request);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  for (const path of ['/dashboard', '/submit', '/admin', '/auth', '/api/'])
    expect(robots).toContain(`Disallow: ${path}\n`);
  const index = /^Sitemap: (http\S+)$/m.exec(robots)?.[1] ?? '';
  expect(new URL(index).pathname).toBe('/sitemap-index.xml');

  const read = async (url: string) => {
    const res = await request.get(new URL(url).pathname);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type'], url).toContain('xml');
    return res.text();
  };
  // Every public page and nothing else, each tool and post dated by its last change. The sitemap follows the static
  // build, which catches up with the changes earlier spec files made.
  // A discontinued tool keeps its page, so the sitemap keeps it too (docs/decisions/0103).
  const withPages = await publicTools(request, '&includeDiscontinued=true');
  const expected = [
    ...['/', '/directory', '/blog', '/pricing', '/about', '/help', '/contact', '/terms', '/privacy', '/refunds'],
    ...['/graveyard', '/transparency', '/newsletter', '/newsletter/archive'],
    ...withPages.map((t) => `/tool/${t.slug} ${new Date(t.updatedAt).toISOString()}`),
    ...posts.map((p) => `/blog/${p.slug} ${new Date(p.updatedAt).toISOString()}`),
  ].sort();
  let files: SitemapFile[] = [];
  await expect
    .poll(
      async () => {
        files = await readSitemap(index, read);
        return (
          files
            .flatMap((f) => f.urls)
            // The discovery pages (category, alternatives, compare) are checked below and in discovery-pages.spec.ts.
            .filter(({ loc }) => !isDiscoveryPage(new URL(loc).pathname))
            // A sent digest issue's page (/newsletter/{date}) is there once one was sent: tests/api/digest.test.ts.
            .filter(({ loc }) => !/^\/newsletter\/\d{4}-\d{2}-\d{2}$/.test(new URL(loc).pathname))
            .map(({ loc, lastmod }) => {
              const path = new URL(loc).pathname;
              return /^\/(tool|blog)\//.test(path) ? `${path} ${lastmod}` : path;
            })
            .sort()
        );
      },
      { message: 'the sitemap lists the public pages', timeout: 120_000, intervals: [1000] },
    )
    .toEqual(expected);
  // Every category page, and an alternatives page for each tool (every seeded tool shares a category with others).
  const discovery = files
    .flatMap((f) => f.urls)
    .map((u) => new URL(u.loc).pathname)
    .filter(isDiscoveryPage);
  for (const { id } of CATEGORIES) expect(discovery).toContain(`/category/${id}`);
  for (const tool of tools) expect(discovery).toContain(`/tool/${tool.slug}/alternatives`);
  // The pages that list tools or posts are dated by the newest of them.
  const listed = new Map(files.flatMap((f) => f.urls).map((u) => [new URL(u.loc).pathname, u.lastmod]));
  const newest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => new Date(d).getTime()))).toISOString();
  expect(listed.get('/directory')).toBe(newest(tools.map((t) => t.updatedAt)));
  expect(listed.get('/blog')).toBe(newest(posts.map((p) => p.updatedAt)));
  expect(listed.get('/pricing')).toBeUndefined();
  // The address crawlers were given before the index: the same index.
  expect(await read(new URL('/sitemap.xml', index).href)).toBe(await read(index));

  const feed = parseRss(await read(new URL('/rss.xml', index).href));
  expect(feed.title).toBe(`${SITE_NAME} Blog`);
  expect(new URL(feed.link).pathname).toBe('/blog');
  expect(feed.attributes['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
  expect(feed.channel['atom:link']).toMatchObject({ '@_rel': 'self', '@_href': expect.stringMatching(/\/rss\.xml$/) });
  expect(feed.items.length).toBe(Math.min(posts.length, 50));
  const [first] = feed.items;
  expect(first.link).toMatch(new RegExp(`/blog/${posts[0].slug}$`));
  expect(first.guid).toBe(first.link);
  expect(first.title).toBe(posts[0].title);
  expect(new Date(first.pubDate!).getTime()).toBe(new Date(posts[0].publishedAt!).setMilliseconds(0));
  expect(first['dc:creator']).toBe(posts[0].authorName);
});

test('site search finds tools and articles as you type, through the API alone', async ({ page, request }) => {
  const { premium, posts } = await catalogue(request);
  const searches: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(tools|blog\/search)\?/.test(req.url())) searches.push(new URL(req.url()).pathname);
  });
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  const box = page.getByRole('combobox', { name: 'Search tools and articles' }).first();
  await box.click();
  expect(searches).toEqual([]); // nothing is loaded before a word is typed
  await box.fill(premium.name);
  const result = page.locator('[data-search-results] a', { hasText: premium.name }).first();
  await expect(result).toBeVisible();
  expect(searches).toEqual(['/api/tools', '/api/blog/search']);
  await shot(page, 'site-search');
  // A post, found by the longest word of its title in the posts' full-text search (decision 0087), under the tools.
  const word = posts[0].title.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0];
  await box.fill(word);
  const article = page.locator(`[data-search-results] a[href="/blog/${posts[0].slug}"]`);
  await expect(article).toContainText(posts[0].title);
  await expect(article).toContainText('Article');
  await expect(article.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await box.fill(premium.name);
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/tool/${premium.slug}/?$`));
});

test.describe('navigation', () => {
  test('signed out on a phone: the menu opens, lists the links, and closes when a link is chosen', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/blog');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of ['Directory', 'Blog', 'Pricing', 'Sign In', 'Get Started'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Submit Tool' })).toBeHidden();
    await shot(page, 'mobile-menu');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await context.close();
  });

  test('signed in: Submit Tool and the avatar menu with name, e-mail and Upgrade to Premium', async ({
    page,
    login,
  }) => {
    const me = await login();
    await page.goto('/blog');
    const actions = page.getByTestId('nav-actions');
    await expect(actions.getByRole('link', { name: 'Submit Tool' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(actions.getByText(me.email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });
});

// Category, alternatives and compare pages as a visitor and a crawler see them: paging with real links and
// rel=prev/next, JSON-LD, the comparison's one address, and every one of them in the sitemap.
import { ADMIN, test, expect, type APIRequestContext } from './fixtures';
import { PAGED_CATEGORY } from './discovery';

const jsonLd = async (page: import('@playwright/test').Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));

test('a category page pages through real links with rel=prev/next and ItemList JSON-LD', async ({ page }) => {
  await page.goto('/directory');
  await page
    .getByRole('navigation', { name: 'Browse by category' })
    .getByRole('link', { name: 'Content Creation' })
    .click();
  await expect(page).toHaveURL(`/category/${PAGED_CATEGORY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Best AI Content Creation Tools');
  await expect(page.getByTestId('category-intro')).toBeVisible();
  await expect(page.getByTestId('tool-card')).toHaveCount(12);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/category\/content-creation\/2$/);
  const [collection] = await jsonLd(page);
  expect(collection['@type']).toBe('CollectionPage');
  expect(collection.mainEntity.itemListElement).toHaveLength(12);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/category/${PAGED_CATEGORY}/2`);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/category\/content-creation$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/category\/content-creation\/2$/);
  const [second] = await jsonLd(page);
  expect(second.mainEntity.itemListElement[0].position).toBe(13);
});

test('a tool page links its alternatives page, which links comparisons; the other order redirects to the one address', async ({
  page,
  request,
}) => {
  await page.goto('/category/productivity');
  await page.getByTestId('tool-card').first().click();
  const section = page.getByTestId('tool-alternatives');
  await expect(section.getByRole('heading', { name: /^Alternatives to / })).toBeVisible();
  await section.getByRole('link', { name: /^All alternatives to / }).click();
  await expect(page).toHaveURL(/\/tool\/[^/]+\/alternatives$/);
  await expect(page.getByTestId('alternative').first()).toBeVisible();
  const [list] = await jsonLd(page);
  expect(list.mainEntity['@type']).toBe('ItemList');

  await page
    .getByRole('link', { name: /^Compare / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/compare\/[^/]+-vs-[^/]+$/);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Last reviewed' })).toBeVisible();
  const [items] = await jsonLd(page);
  expect(items.itemListElement.map((i: { item: { '@type': string } }) => i.item['@type'])).toEqual([
    'SoftwareApplication',
    'SoftwareApplication',
  ]);

  const canonical = new URL(page.url()).pathname;
  const [a, b] = (await page.getByTestId('compare-table').locator('thead th a').allTextContents()).map((t) => t.trim());
  expect(a && b).toBeTruthy();
  const slugs = canonical.replace('/compare/', '').split('-vs-');
  const reversed = `/compare/${slugs.slice(1).join('-vs-')}-vs-${slugs[0]}`;
  const res = await request.get(reversed, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(canonical);
});

test('the sitemap lists every category page, alternatives page and comparison, and each answers 200', async ({
  request,
}) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const urls: string[] = [];
  for (const file of files)
    urls.push(
      ...[...(await (await request.get(file)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]).pathname,
      ),
    );
  for (const path of [`/category/${PAGED_CATEGORY}`, `/category/${PAGED_CATEGORY}/2`, '/category/design'])
    expect(urls).toContain(path);
  const onDemand = urls.filter((u) => u.startsWith('/compare/') || u.endsWith('/alternatives'));
  expect(onDemand.some((u) => u.startsWith('/compare/'))).toBe(true);
  expect(onDemand.some((u) => u.endsWith('/alternatives'))).toBe(true);
  for (const path of onDemand.slice(0, 20))
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
});

/** The owner submits a marketing tool and the admin approves it: a listed tool of the test's own, free to change. */
async function approvedTool(
  owner: APIRequestContext,
  admin: APIRequestContext,
  name: string,
): Promise<{ name: string; slug: string }> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const submitted = await owner.post('/api/tools', {
    multipart: {
      name,
      url: `https://${slug}.example.com`,
      description: `${name} plans campaigns and writes their copy.`,
      tags: 'marketing',
      isPremium: 'false',
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  const approved = await admin.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Plans campaigns well.', qualityScore: 6 },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return { name, slug: ((await approved.json()) as { slug: string }).slug };
}

test('an editor picks an alternative by name in the Edit dialog; it comes first on the alternatives page', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  // Two tools of the test's own: changing a seeded tool's picks would change pages other tests read meanwhile.
  const admin = await login(ADMIN);
  const owner = await requestAs(await insertNewUser());
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const tool = await approvedTool(owner, await requestAs(admin), `Campaign Planner ${stamp}`);
  const pick = await approvedTool(owner, await requestAs(admin), `Copy Composer ${stamp}`);
  await page.goto('/admin#approved');
  await page.getByLabel('Search approved tools').fill(tool.name);
  await page.getByTestId('approved-row').filter({ hasText: tool.name }).getByRole('button', { name: 'Edit' }).click();
  const picks = page.getByRole('dialog', { name: `Edit ${tool.name}` }).getByTestId('curated-alternatives');
  await expect(picks).toContainText('No picks');
  await picks.getByLabel('Add an alternative by name').fill(pick.name);
  await picks.getByRole('button', { name: `Add ${pick.name}` }).click();
  await expect(picks.getByRole('listitem')).toHaveText([new RegExp(`^1\\. ${pick.name}`)]);
  await picks.getByRole('button', { name: 'Save alternatives' }).click();
  await expect(page.getByTestId('toast')).toContainText('Alternatives saved');

  await page.goto(`/tool/${tool.slug}/alternatives`);
  const first = page.getByTestId('alternative').first();
  await expect(first.getByRole('heading', { level: 2 })).toContainText(pick.name);
  await expect(first).toContainText("Editor's pick");
});

// Tool performance metrics in Chromium (docs/decisions/0054-tool-metrics.md): a Premium member's approved tool is
// visited (the page's own beacon, a Visit Tool click, and visitors from other addresses), and the dashboard charts the
// day's views and clicks; a free member sees the totals and the line saying charts come with Premium.
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, test, expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from './fixtures';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** Headless Chromium says "HeadlessChrome", which isbot rightly takes for a bot: this spec browses as a person does. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER });

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

/** The page's member (signed in by the caller; Premium when told) submits a tool that `admin` approves. */
async function ownerWithApprovedTool(page: Page, admin: APIRequestContext, premium: boolean) {
  if (premium) expect((await page.request.post('/api/premium/upgrade')).ok()).toBeTruthy();
  const name = unique('Metrics Tool');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const submitted = await page.request.post('/api/tools', {
    multipart: {
      name,
      url: `https://${slug}.example.com`,
      description: `${name} turns meeting notes into tasks.`,
      tags: 'productivity',
      isPremium: 'false',
    },
  });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  const { id } = (await submitted.json()) as { id: number };
  const approved = await admin.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Keeps meetings short.', qualityScore: 7 },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const { slug: liveSlug } = (await approved.json()) as { slug: string };
  return { id, name, slug: liveSlug };
}

/**
 * A visitor at another address sends the page's beacon (the e2e server trusts one proxy hop, so X-Forwarded-For is
 * the address); the same address counts once a day whatever its browser.
 */
async function visitFrom(playwright: Playwright, baseURL: string | undefined, toolId: number, address: string) {
  const visitor: APIRequestContext = await playwright.request.newContext({ baseURL, userAgent: BROWSER });
  const headers = { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address };
  const res = await visitor.post('/api/metrics/beacon', { headers, data: JSON.stringify({ toolId, kind: 'view' }) });
  expect(res.status()).toBe(204);
  await visitor.dispose();
}

/** Beacons are written a moment after they are answered (decision 0054): waits until the owner's totals show them. */
async function countsWritten(page: Page, toolId: number, views: number, clicks: number) {
  await expect
    .poll(async () =>
      (
        (await (await page.request.get('/api/user/tools/metrics')).json()) as {
          tools: { toolId: number; views: number; clicks: number }[];
        }
      ).tools.find((t) => t.toolId === toolId),
    )
    .toMatchObject({ views, clicks });
}

test('a Premium member sees the views and Visit Tool clicks of their tool charted on the dashboard', async ({
  page,
  playwright,
  baseURL,
  login,
  insertNewUser,
  requestAs,
}) => {
  await login({ firstName: 'Metrics', lastName: 'Owner' });
  const tool = await ownerWithApprovedTool(page, await requestAs(await insertNewUser(ADMIN)), true);
  // The tool's own site is not reachable from the test machine; the click only has to be counted.
  await page.context().route(/example\.com/, (route) => route.abort());

  const viewBeacon = page.waitForResponse((r) => r.url().endsWith('/api/metrics/beacon'));
  await page.goto(`/tool/${tool.slug}`);
  expect((await viewBeacon).status()).toBe(204);
  expect(JSON.parse((await viewBeacon).request().postData()!)).toEqual({ toolId: tool.id, kind: 'view' });

  const clickBeacon = page.waitForResponse(
    (r) => r.url().endsWith('/api/metrics/beacon') && r.request().postData()?.includes('"click"') === true,
  );
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /^Visit Tool/ }).click();
  expect((await clickBeacon).status()).toBe(204);
  await (await popup).close();

  // A second visit from the same browser the same day is the same visitor: not counted again.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/metrics/beacon'));
  await page.reload();
  expect((await again).status()).toBe(204);
  // Two other addresses are two more visitors (one address in other browsers is one: tests/api/metrics.test.ts).
  await visitFrom(playwright, baseURL, tool.id, '198.51.100.21');
  await visitFrom(playwright, baseURL, tool.id, '198.51.100.22');
  await countsWritten(page, tool.id, 3, 1);

  await page.goto('/dashboard');
  const card = page.getByTestId('tool-metrics');
  const row = card.getByTestId('metrics-row').filter({ hasText: tool.name });
  await expect(row.getByTestId('metrics-views')).toHaveText('3');
  await expect(row.getByTestId('metrics-clicks')).toHaveText('1');
  await row.getByRole('button', { name: `Show chart of ${tool.name}` }).click();
  const chart = card.getByRole('img', {
    name: new RegExp(`^Page views and Visit Tool clicks of ${tool.name} per day`),
  });
  await expect(chart).toBeVisible();
  // 30 days, one bar each; today's is the last.
  await expect(card.locator('[data-testid="metrics-chart"] rect[data-views]')).toHaveCount(30);
  await expect(card.locator('[data-testid="metrics-chart"] rect[data-views]').last()).toHaveAttribute(
    'data-views',
    '3',
  );
  await card.getByText('Daily numbers').click();
  await expect(
    card
      .getByRole('table', { name: `Daily page views and Visit Tool clicks of ${tool.name}` })
      .getByRole('row')
      .last(),
  ).toContainText(/3\s*1$/);

  await card.screenshot({ path: 'test-results/screens/dashboard-metrics.png' });
  const axe = await new AxeBuilder({ page }).include('[data-testid="tool-metrics"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await card.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(card.locator('[data-testid="metrics-chart"] rect[data-views]')).toHaveCount(90);
  await expect(card.getByTestId('metrics-premium-note')).toHaveCount(0);
});

test('a free member sees the totals and that charts come with Premium', async ({
  page,
  playwright,
  baseURL,
  login,
  insertNewUser,
  requestAs,
}) => {
  await login({ firstName: 'Metrics', lastName: 'Owner' });
  const tool = await ownerWithApprovedTool(page, await requestAs(await insertNewUser(ADMIN)), false);
  const viewBeacon = page.waitForResponse((r) => r.url().endsWith('/api/metrics/beacon'));
  await page.goto(`/tool/${tool.slug}`);
  expect((await viewBeacon).status()).toBe(204);
  await visitFrom(playwright, baseURL, tool.id, '198.51.100.23');
  await countsWritten(page, tool.id, 2, 0);

  await page.goto('/dashboard');
  const card = page.getByTestId('tool-metrics');
  await expect(card.getByTestId('metrics-row').filter({ hasText: tool.name }).getByTestId('metrics-views')).toHaveText(
    '2',
  );
  await expect(card.getByTestId('metrics-premium-note')).toContainText('Daily charts come with Premium');
  await expect(card.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/pricing');
  await expect(card.getByTestId('metrics-chart')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[data-testid="tool-metrics"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

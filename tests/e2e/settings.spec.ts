// The Settings tab in Chromium: the admin queues a site rebuild with Rebuild Now and follows it in the build
// list, and reads a failed build's retry state and log; staff, who cannot open Settings, cannot queue one
// through the API either.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL } from '../../db/demo-accounts';
import { MSG, TOAST } from '../../lib/messages';

test('the admin queues a rebuild with Rebuild Now and sees it in Site Builds', async ({ page }) => {
  await page.goto('/auth/demo/admin');
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  const rebuild = builds.getByRole('button', { name: 'Rebuild Now' });
  await expect(rebuild).toBeVisible();

  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/rebuild'));
  await rebuild.click();
  expect((await queued).status()).toBe(202);
  await expect(page.getByTestId('toast')).toContainText(TOAST.rebuildQueued.title);
  // Rebuild Now asks for the settings again, so the new request shows up without a reload.
  await expect(builds.getByTestId('latest-build')).toContainText(`Rebuild Now by ${DEMO_ADMIN_EMAIL}`);
  await expect(builds.getByTestId('latest-build')).toContainText(/Queued|Running|Succeeded/);
});

test('the tab never polls (SPEC.md section 9): a queued build is followed with Refresh', async ({ page }) => {
  await page.goto('/auth/demo/admin');
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/rebuild'));
  await builds.getByRole('button', { name: 'Rebuild Now' }).click();
  await queued;
  await expect(builds.getByTestId('latest-build')).toContainText('Queued');

  let reads = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().endsWith('/api/admin/settings')) reads += 1;
  });
  // Longer than the 3 s the tab used to poll at while a build was queued.
  await page.waitForTimeout(4000);
  expect(reads).toBe(0);

  const read = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/api/admin/settings'));
  await builds.getByRole('button', { name: 'Refresh' }).click();
  expect((await read).status()).toBe(200);
  expect(reads).toBe(1);
});

test('staff see no Settings tab and cannot queue a rebuild', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/login', { data: { email: DEMO_STAFF_EMAIL, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: /Pending Review/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rebuild Now' })).toHaveCount(0);
  const res = await page.request.post('/api/admin/rebuild', { headers: { origin: baseURL ?? '' } });
  expect(res.status()).toBe(403);
  expect(await res.text()).toBe(MSG.forbidden);
});

test('a failed build shows whether it is retried, with its log collapsed and readable', async ({ page }) => {
  // A real build does not fail on demand here: the server's answer is given, the tab's rendering is tested.
  const log = Array.from({ length: 80 }, (_, i) => `[build] step ${i + 1}`).join('\n') + '\nerror: Unexpected token in site/pages/index.astro';
  const failure = {
    id: 7,
    status: 'queued',
    reason: 'tool approved: Example',
    requestedAt: '2026-01-05T10:00:00.000Z',
    finishedAt: null,
    error: log,
    attempts: 2,
    nextAttemptAt: '2026-01-05T10:05:00.000Z',
  };
  await page.goto('/auth/demo/admin');
  await page.route('**/api/admin/settings', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, build: failure, rebuilds: [failure], lastFailure: { ...failure, willRetry: true }, maxAttempts: 4 } });
  });
  await page.goto('/admin#settings');
  const box = page.getByRole('region', { name: 'Site build failed' });
  await expect(box).toContainText('tool approved: Example');
  await expect(box).toContainText(/Try 2 of 4 failed; trying again at .+\. The site still serves the last good build\./);
  const pre = box.locator('pre');
  await expect(pre).toBeHidden();
  await box.getByText('Build log').click();
  await expect(pre).toBeVisible();
  await expect(pre).toContainText('error: Unexpected token in site/pages/index.astro');
  // Long logs scroll inside the box instead of stretching the page, opened at their end, where the error is.
  expect(await pre.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect.poll(() => pre.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight)).toBe(true);
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="settings-build"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/admin-settings-build-failure.png', fullPage: true });
});

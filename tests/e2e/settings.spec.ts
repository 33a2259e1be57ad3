// The Settings tab in Chromium: the admin sees the live build's figures, the queue and the pages served on demand,
// queues a site rebuild with Rebuild Now and follows it in the build list, and reads a failed build's retry state
// and log; staff, who cannot open Settings, cannot queue one through the API either.
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, test, expect } from './fixtures';
import { MSG, TOAST } from '../../lib/messages';

interface LiveBuild {
  finishedAt: string;
  seconds: number;
  pages: number;
  rendered: number;
  reused: number;
}

const figures = (live: LiveBuild) =>
  `${live.pages.toLocaleString('en-US')} pages (${live.rendered.toLocaleString('en-US')} rendered, ${live.reused.toLocaleString('en-US')} reused)`;

test('the admin sees the live build: when it was built, how long it took, its pages rendered and reused', async ({
  page,
  login,
}) => {
  await login(ADMIN);
  const read = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/api/admin/settings'));
  await page.goto('/admin#settings');
  const answer = (await (await read).json()) as { live: LiveBuild | null; queue: { count: number } };
  // The e2e server built the seeded site before it started serving (tests/e2e/server.ts).
  const live = answer.live;
  expect(live).not.toBeNull();
  if (!live) return;
  expect(live.pages).toBeGreaterThan(10);
  expect(live.rendered + live.reused).toBe(live.pages);

  const block = page.getByRole('region', { name: 'Site Builds' }).getByTestId('live-build');
  await expect(block).toContainText('Live site');
  await expect(block).toContainText(/Built (just now|\d+ \w+ ago|yesterday) \(.+\) in [\d.]+ s/);
  await expect(block).toContainText(figures(live));
  await expect(block.locator('time')).toHaveAttribute('datetime', live.finishedAt);
  await expect(page.getByTestId('build-queue')).toContainText(
    answer.queue.count === 0 ? 'Nothing queued.' : /being built now|waiting/,
  );
});

test('the queue marks the build running now, and the pages served on demand are listed up to a count', async ({
  page,
  login,
}) => {
  // The queue and the on-demand pages change as the worker builds: the server's answer is given, the tab's rendering is tested.
  const job = (id: number, status: string, reason: string, retry: string | null = null) => ({
    id,
    status,
    reason,
    requestedAt: '2026-01-05T10:00:00.000Z',
    attempts: retry ? 1 : 0,
    nextAttemptAt: retry,
  });
  const paths = Array.from({ length: 20 }, (_, i) => `/tool/demo-${String(i).padStart(2, '0')}`);
  const live = {
    coveredJobId: 40,
    startedAt: '2026-01-05T09:59:50.000Z',
    finishedAt: '2026-01-05T10:00:00.000Z',
    seconds: 4.2,
    pages: 12034,
    rendered: 3,
    reused: 12031,
  };
  await login(ADMIN);
  await page.route('**/api/admin/settings', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: {
        ...real,
        live,
        queue: {
          count: 7,
          running: 1,
          jobs: [
            job(41, 'running', 'tool approved: Demo Running'),
            job(42, 'queued', 'tool edited: Demo Waiting'),
            job(43, 'queued', 'Rebuild Now by admin@example.com', '2026-01-05T10:05:00.000Z'),
          ],
        },
        onDemand: { count: 23, paths },
      },
    });
  });
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  await expect(builds.getByTestId('live-build')).toContainText('in 4.2 s · 12,034 pages (3 rendered, 12,031 reused)');

  const queue = builds.getByTestId('build-queue');
  await expect(queue).toContainText('1 being built now, 6 waiting.');
  const rows = queue.getByRole('list', { name: 'Queued site builds' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('tool approved: Demo Running');
  await expect(rows.nth(0)).toContainText('Running');
  await expect(rows.nth(1)).toContainText('Queued');
  await expect(rows.nth(2)).toContainText(/try 2 at .+/);
  await expect(queue).toContainText('…and 4 more requests.');

  const onDemand = builds.getByTestId('on-demand');
  await expect(onDemand).toContainText('Changes served live until the next build: /tool/demo-00, /tool/demo-01');
  await expect(onDemand).toContainText('/tool/demo-19 and 3 more pages.');
  await expect(onDemand.getByRole('link')).toHaveCount(20);
  await expect(onDemand.getByRole('link', { name: '/tool/demo-07' })).toHaveAttribute('href', '/tool/demo-07');

  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="settings-build"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/admin-settings-live-build.png', fullPage: true });
});

test('with nothing changed since the live build, the tab says so', async ({ page, login }) => {
  await login(ADMIN);
  await page.route('**/api/admin/settings', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: { ...real, queue: { count: 0, running: 0, jobs: [] }, onDemand: { count: 0, paths: [] } },
    });
  });
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  await expect(builds.getByTestId('build-queue')).toHaveText(/Nothing queued\./);
  await expect(builds.getByRole('list', { name: 'Queued site builds' })).toHaveCount(0);
  await expect(builds.getByTestId('on-demand')).toContainText('Every page is served from the live build.');
});

test('the admin queues a rebuild with Rebuild Now and sees it in Site Builds', async ({ page, login }) => {
  const admin = await login(ADMIN);
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  const rebuild = builds.getByRole('button', { name: 'Rebuild Now' });
  await expect(rebuild).toBeVisible();

  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/rebuild'));
  await rebuild.click();
  expect((await queued).status()).toBe(202);
  await expect(page.getByTestId('toast')).toContainText(TOAST.rebuildQueued.title);
  // Rebuild Now asks for the settings again, so the new request shows up without a reload.
  await expect(builds.getByTestId('latest-build')).toContainText(`Rebuild Now by ${admin.email}`);
  await expect(builds.getByTestId('latest-build')).toContainText(/Queued|Running|Succeeded/);
});

test('the tab never polls (SPEC.md section 9): a queued build is followed with Refresh', async ({ page, login }) => {
  await login(ADMIN);
  await page.goto('/admin#settings');
  const builds = page.getByRole('region', { name: 'Site Builds' });
  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/rebuild'));
  // Rebuild Now reads the settings once more. Wait for that read itself: 'Queued' can already show before it lands,
  // from an earlier test's build still waiting, and the read would then be counted below as a poll.
  const reread = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/api/admin/settings'));
  await builds.getByRole('button', { name: 'Rebuild Now' }).click();
  await queued;
  await reread;
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

test('staff see no Settings tab and cannot queue a rebuild', async ({ page, baseURL, login }) => {
  await login({ role: 'staff' });
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: /Pending Review/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rebuild Now' })).toHaveCount(0);
  const res = await page.request.post('/api/admin/rebuild', { headers: { origin: baseURL ?? '' } });
  expect(res.status()).toBe(403);
  expect(await res.text()).toBe(MSG.forbidden);
});

test('a failed build shows whether it is retried, with its log collapsed and readable', async ({ page, login }) => {
  // A real build does not fail on demand here: the server's answer is given, the tab's rendering is tested.
  const log = `${Array.from({ length: 80 }, (_, i) => `[build] step ${i + 1}`).join('\n')}\nerror: Unexpected token in site/pages/index.astro`;
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
  await login(ADMIN);
  await page.route('**/api/admin/settings', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: {
        ...real,
        build: failure,
        rebuilds: [failure],
        lastFailure: { ...failure, willRetry: true },
        maxAttempts: 4,
      },
    });
  });
  await page.goto('/admin#settings');
  const box = page.getByRole('region', { name: 'Site build failed' });
  await expect(box).toContainText('tool approved: Example');
  await expect(box).toContainText(
    /Try 2 of 4 failed; trying again at .+\. The site still serves the last good build\./,
  );
  const pre = box.locator('pre');
  await expect(pre).toBeHidden();
  await box.getByText('Build log').click();
  await expect(pre).toBeVisible();
  await expect(pre).toContainText('error: Unexpected token in site/pages/index.astro');
  // Long logs scroll inside the box instead of stretching the page, opened at their end, where the error is.
  expect(await pre.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect
    .poll(() => pre.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight))
    .toBe(true);
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="settings-build"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/admin-settings-build-failure.png', fullPage: true });
});

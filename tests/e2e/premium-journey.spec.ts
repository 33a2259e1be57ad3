// Issue 12's whole journey in one Chromium session, in development mode: a member buys the annual plan on /pricing,
// sees Current Plan, adds two screenshots and a demo video to their premium tool, an admin approves the change, the
// tool page shows them, and after a few visits the dashboard charts the tool's views.
import sharp from 'sharp';
import { ADMIN, test, expect } from './fixtures';

/** Headless Chromium says "HeadlessChrome", which the beacon rightly ignores as a bot: this member browses as a person. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER });

test('a member buys the annual plan, dresses up their premium tool through review, and sees its views charted', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
  insertNewUser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await login({ firstName: 'Jo', lastName: 'Journey' });
  // The tools' own sites are not reachable from the test machine.
  await page.context().route(/example\.com/, (route) => route.abort());

  // 1. /pricing: the annual plan, then Current Plan on both buttons.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Annual Plan' }).click();
  await expect(page.getByText('Premium Upgrade Successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Current Plan' }).first()).toBeDisabled();

  // 2. A premium submission, approved by an editor.
  const name = `Journeyline ${stamp}`;
  const submitted = await page.request.post('/api/tools', {
    multipart: {
      name,
      url: `https://journeyline-${stamp}.example.com`,
      description: 'Maps every customer journey from your support inbox.',
      tags: 'productivity',
      isPremium: 'true',
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  const adminContext = await browser.newContext({ userAgent: BROWSER });
  await signIn(adminContext, await insertNewUser(ADMIN));
  const admin = await adminContext.newPage();
  const approved = await admin.request.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Clear maps from messy inboxes.', qualityScore: 8 },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const { slug, isPremium } = (await approved.json()) as { slug: string; isPremium: boolean };
  expect(isPremium).toBe(true);

  // 3. The dashboard's Edit dialog: two uploaded screenshots and a demo.
  await page.goto('/dashboard');
  await expect(page.getByTestId('membership')).toContainText('Premium - Annual plan');
  await page.getByTestId('submission-row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  const section = dialog.getByTestId('premium-listing');
  const png = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await section.getByLabel('Upload screenshot').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByTestId('screenshot-item')).toHaveCount(1);
  // A second upload, not an address: an address is copied on approval, and this machine reaches no other server.
  await section
    .getByLabel('Upload screenshot')
    .setInputFiles({ name: 'route.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByTestId('screenshot-item')).toHaveCount(2);
  await section.getByLabel('Demo Video URL (YouTube or Vimeo)').fill('https://vimeo.com/76979871');
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Change Request Submitted');
  await expect(page.getByTestId('submission-row').filter({ hasText: name })).toContainText('Changes pending review');

  // 4. The admin approves it in the Change Requests tab.
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Change Requests' }).click();
  const request = admin.getByTestId('change-request').filter({ hasText: name });
  await expect(request.getByRole('img', { name: /^Screenshot \d, added$/ })).toHaveCount(2);
  await request.getByRole('button', { name: 'Approve Changes' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Changes Approved');
  await adminContext.close();

  // 5. The tool page shows both screenshots and the demo (framed on click); the visit is counted.
  const viewBeacon = page.waitForResponse((r) => r.url().endsWith('/api/metrics/beacon'));
  await page.goto(`/tool/${slug}`);
  expect((await viewBeacon).status()).toBe(204);
  await expect(page.locator('#screenshots-title + ul img')).toHaveCount(2);
  await page.getByRole('button', { name: `Play the ${name} demo` }).click();
  await expect(page.locator('iframe[data-testid="demo-iframe"]')).toHaveAttribute(
    'src',
    /^https:\/\/player\.vimeo\.com\/video\/76979871\?/,
  );
  await page.screenshot({ path: 'test-results/screens/journey-tool-page.png', fullPage: true });

  // 6. Two more visitors from other addresses (X-Forwarded-For: the e2e server trusts one proxy hop); the dashboard
  // charts the three views.
  for (const address of ['198.51.100.31', '198.51.100.32']) {
    const visitor = await playwright.request.newContext({ baseURL, userAgent: BROWSER });
    const headers = { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address };
    const res = await visitor.post('/api/metrics/beacon', {
      headers,
      data: JSON.stringify({ toolId: id, kind: 'view' }),
    });
    expect(res.status()).toBe(204);
    await visitor.dispose();
  }
  // Beacons are written a moment after they are answered (decision 0054).
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/user/tools/metrics')).json()) as {
            tools: { toolId: number; views: number }[];
          }
        ).tools.find((t) => t.toolId === id)?.views,
    )
    .toBe(3);
  await page.goto('/dashboard');
  const card = page.getByTestId('tool-metrics');
  await card
    .getByTestId('metrics-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Show chart of ${name}` })
    .click();
  await expect(
    card.getByRole('img', { name: new RegExp(`^Page views and Visit Tool clicks of ${name} per day`) }),
  ).toBeVisible();
  // The three views, summed over the chart's days: a run that crosses midnight UTC counts them on two days.
  const bars = card.locator('[data-testid="metrics-chart"] rect[data-views]');
  await expect(bars.last()).toBeAttached();
  const views = await bars.evaluateAll((rects) =>
    rects.reduce((sum, r) => sum + Number(r.getAttribute('data-views')), 0),
  );
  expect(views).toBe(3);
  await page.screenshot({ path: 'test-results/screens/journey-dashboard.png', fullPage: true });
});

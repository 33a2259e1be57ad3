// A premium member edits their premium tool's listing in Chromium (issue 12 B): two screenshots (one uploaded, one by
// address), a YouTube demo, a new logo and a brand colour go through the change-request review; once an admin approves, the tool
// page shows them, and the demo's player is framed only after the visitor clicks.
import sharp from 'sharp';
import { ADMIN, test, expect, watchViolations, type Page } from './fixtures';

/** The page's member (signed in by the caller), made premium by the admin, with an approved premium tool; its name, id and slug. */
async function premiumMemberWithTool(
  page: Page,
  userId: number,
  admin: Page,
): Promise<{ name: string; id: number; slug: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Brandwise ${stamp}`;
  const submitted = await page.request.post('/api/tools', {
    multipart: {
      name,
      url: `https://brandwise-${stamp}.example.com`,
      description: 'Keeps every slide on brand, automatically.',
      tags: 'design',
      isPremium: 'false',
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = await submitted.json();

  const calls = [
    admin.request.patch(`/api/admin/users/${userId}`, { data: { isPremium: true } }),
    admin.request.post(`/api/admin/tools/${id}/approve`, {
      data: { curatorTake: 'Keeps decks consistent.', qualityScore: 7 },
    }),
  ];
  for (const res of await Promise.all(calls)) expect(res.ok(), await res.text()).toBeTruthy();
  const premium = await admin.request.post(`/api/admin/tools/${id}/premium`, { data: { isPremium: true } });
  expect(premium.ok(), await premium.text()).toBeTruthy();
  const slug = ((await (await page.request.get(`/api/user/tools/${id}`)).json()) as { slug: string }).slug;
  return { name, id, slug };
}

test('a premium member adds screenshots and a demo, an admin approves, and the tool page shows them', async ({
  page,
  browser,
  login,
  insertNewUser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  await signIn(adminContext, await insertNewUser(ADMIN));
  const admin = await adminContext.newPage();
  const { id: userId } = await login({ firstName: 'Paula', lastName: 'Premium' });
  const { name, id, slug } = await premiumMemberWithTool(page, userId, admin);
  const png = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#5b21b6' } })
    .png()
    .toBuffer();
  // A screenshot given by address is copied on approval, and this machine reaches no other server: both are uploads
  // (the copy is tested against a local server in tests/api/remote-tool-images.test.ts).
  const second = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#be185d' } })
    .png()
    .toBuffer();

  // The owner's Edit dialog: its Premium listing section.
  await page.goto('/dashboard');
  await page.getByTestId('submission-row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  const section = dialog.getByTestId('premium-listing');
  await expect(section.getByRole('heading', { name: 'Premium listing' })).toBeVisible();
  await section
    .getByLabel('Upload screenshot')
    .setInputFiles({ name: 'editor.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByTestId('screenshot-item')).toHaveCount(1);
  await section
    .getByLabel('Upload screenshot')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: second });
  await expect(section.getByTestId('screenshot-item')).toHaveCount(2);
  await section.getByLabel('Demo Video URL (YouTube or Vimeo)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await section.getByLabel(/Brand Colour/).fill('#5b21b6');
  await section.getByLabel('Upload new logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
    'src',
    /^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/,
  );
  await section.screenshot({ path: 'test-results/screens/premium-listing-section.png' });
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Change Request Submitted');
  const { requestData } = (
    (await (await page.request.get('/api/user/change-requests')).json()) as {
      requestData: { screenshots: string[]; logoUrl: string };
    }[]
  )[0];
  const uploaded = requestData.screenshots;
  expect(uploaded).toHaveLength(2);
  expect(uploaded[0]).toMatch(/^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/);
  expect(uploaded[1]).toMatch(/^\/uploads\/tools\/[0-9a-f-]{36}\.webp$/);

  // The admin sees the screenshots and the logo as thumbnails, the demo as a link and the colour, and approves.
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Change Requests' }).click();
  const request = admin.getByTestId('change-request').filter({ hasText: name });
  await expect(request.getByRole('img', { name: /^Screenshot \d, added$/ })).toHaveCount(2);
  await expect(request.getByRole('img', { name: 'Logo, added' })).toBeVisible();
  await expect(request.getByTestId('diff-video')).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  );
  await expect(request).toContainText('#5b21b6');
  await request.getByRole('button', { name: 'Approve Changes' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Changes Approved');

  // The tool page, rendered on demand at once: screenshots, brand colour, and the demo only on click.
  const violations = watchViolations(page);
  let framed = 0;
  page.on('request', (r) => {
    if (/youtube|vimeo/.test(new URL(r.url()).hostname)) framed++;
  });
  await page.goto(`/tool/${slug}`);
  const shots = page.locator('#screenshots-title + ul img');
  await expect(shots).toHaveCount(2);
  await expect(shots.nth(0)).toHaveAttribute('src', uploaded[0]);
  await expect(shots.nth(1)).toHaveAttribute('src', uploaded[1]);
  await expect(page.getByTestId('brand-band')).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} logo` }).first()).toHaveAttribute('src', requestData.logoUrl);
  await expect(page.getByRole('link', { name: /Visit Tool/ })).toHaveCSS('background-color', 'rgb(91, 33, 182)');
  await expect(page.getByRole('link', { name: /Visit Tool/ })).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(framed, 'nothing is fetched from the video host before the click').toBe(0);
  await page.getByRole('button', { name: `Play the ${name} demo` }).click();
  const frame = page.locator('iframe[data-testid="demo-iframe"]');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
  await expect(frame).toHaveAttribute('title', `${name} product demo`);
  expect(violations).toEqual([]);

  // Premium taken away: the page loses every premium presentation at once.
  const free = await admin.request.post(`/api/admin/tools/${id}/premium`, { data: { isPremium: false } });
  expect(free.ok(), await free.text()).toBeTruthy();
  await adminContext.close();
  await page.goto(`/tool/${slug}`);
  await expect(page.getByRole('heading', { name: `About ${name}` })).toBeVisible();
  await expect(page.getByTestId('brand-band')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Screenshots' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Product Demo' })).toHaveCount(0);
});

test("the seed's branded listing shows its cover, colour band and demo poster; a free tool's page none of them", async ({
  page,
}) => {
  await page.goto('/tool/chatgpt');
  await expect(page.getByTestId('brand-band')).toBeVisible();
  await expect(page.getByTestId('tool-cover')).toBeVisible();
  await expect(page.getByRole('button', { name: /Play the ChatGPT demo/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/premium-branded-tool.png', fullPage: true });
  const tools = (await (await page.request.get('/api/tools?limit=100')).json()) as {
    slug: string;
    isPremium: boolean;
  }[];
  const free = tools.find((t) => !t.isPremium)!;
  await page.goto(`/tool/${free.slug}`);
  await expect(page.getByTestId('brand-band')).toHaveCount(0);
  await expect(page.getByTestId('tool-cover')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Product Demo' })).toHaveCount(0);
});

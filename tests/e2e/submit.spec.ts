// Submitting a tool and following it on the dashboard; editing and resubmitting it; an owner's change request.
import { ADMIN, insertTools, test, expect } from './fixtures';
import sharp from 'sharp';

test('a new user submits a tool with a logo, sees it pending, and it is not public', async ({ page, login }) => {
  const stamp = Date.now();
  const name = `Ledgerly Forecast ${stamp}`;
  await login();
  await page.goto('/dashboard');
  await expect(page.getByText('No tools submitted yet')).toBeVisible();

  await page.goto('/submit');
  await expect(page.getByText('Premium Listing')).toBeVisible();
  await expect(page.getByLabel('Submit as Premium Tool')).toBeDisabled();
  await page.getByLabel('Tool Name').fill(name);
  await page.getByLabel('Website URL').fill(`https://ledgerly-${stamp}.example.com`);
  await page
    .getByLabel('Tool Description')
    .fill('Forecasts cash flow from your ledger with machine learning and explains every number.');
  await page.getByLabel('Data Analysis').check();
  await page.getByLabel('Productivity').check();
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3355ff' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file][name=logo]')
    .setInputFiles({ name: 'ledgerly.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('ledgerly.png')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/submit.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit Tool for Review' }).click();
  await expect(page.getByText('Tool Submitted!')).toBeVisible();
  await page.waitForURL('**/dashboard');

  const row = page.getByTestId('submission-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Free')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/dashboard.png', fullPage: true });

  const results = await page.request.get(`/api/tools?search=${encodeURIComponent('Ledgerly')}&limit=100`);
  expect(((await results.json()) as { name: string }[]).map((t) => t.name)).not.toContain(name);
  await page.goto(`/directory?q=Ledgerly`);
  await expect(page.getByText(name)).toHaveCount(0);
});

test('an oversized logo is refused in the browser with the spec toast', async ({ page, login }) => {
  await login();
  await page.goto('/submit');
  const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
  await page
    .locator('input[type=file][name=logo]')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('File Too Large')).toBeVisible();
  await expect(page.getByText('Please select an image smaller than 2MB')).toBeVisible();
});

test('an incomplete form shows each message under its field, focuses the first, and sends nothing', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/submit');
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tools') posted++;
  });
  await page.getByLabel('Website URL').fill('not a url');
  await page.getByLabel('Tool Description').fill('Too short');
  await page.getByRole('button', { name: 'Submit Tool for Review' }).click();

  const name = page.getByLabel('Tool Name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Tool name is required');
  await expect(page.getByLabel('Website URL')).toHaveAccessibleDescription('Please enter a valid URL');
  await expect(page.getByLabel('Tool Description')).toHaveAccessibleDescription(
    'Maximum 1000 characters Description must be at least 10 characters',
  );
  await expect(page.getByRole('group', { name: 'Categories' })).toHaveAccessibleDescription(
    'Please select at least one category',
  );
  await expect(page.getByTestId('field-error')).toHaveText([
    'Tool name is required',
    'Please enter a valid URL',
    'Description must be at least 10 characters',
    'Please select at least one category',
  ]);
  await page.screenshot({ path: 'test-results/screens/submit-errors.png', fullPage: true });

  // Each message goes as soon as its field changes; the others stay until the next submit.
  await name.fill('Ledgerly');
  await page.getByLabel('Data Analysis').check();
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('field-error')).toHaveText([
    'Please enter a valid URL',
    'Description must be at least 10 characters',
  ]);
  expect(posted).toBe(0);
});

test('the owner of an approved tool files a change request', async ({ page, login, insertNewUser, requestAs }) => {
  const stamp = Date.now();
  const name = `Quillmate ${stamp}`;
  await login();
  const created = await page.request.post('/api/tools', {
    multipart: {
      name,
      url: `https://quillmate-${stamp}.example.com`,
      description: 'Drafts long-form articles from an outline and keeps your house style.',
      tags: 'content-creation',
      isPremium: 'false',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  const admin = await requestAs(await insertNewUser(ADMIN));
  const approved = await admin.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Solid drafting help.', qualityScore: 7 },
  });
  expect(approved.status()).toBe(200);

  await page.goto('/dashboard');
  const row = page.getByTestId('submission-row').filter({ hasText: name });
  await expect(row.getByText('Approved')).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Tool Name')).toHaveValue(name);
  await dialog
    .getByLabel('Tool Description')
    .fill('Drafts long-form articles from an outline, keeps your house style and checks facts.');
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('Change Request Submitted')).toBeVisible();
  await expect(row.getByText('Changes pending review')).toBeVisible();
  const requests = await (await page.request.get('/api/user/change-requests')).json();
  const mine = requests.find((r: { toolName: string }) => r.toolName === name);
  expect(mine.status).toBe('pending');
  expect(Object.keys(mine.requestData)).toEqual(['description']);
});

test('the owner edits a pending submission, then edits and resubmits it once rejected, from the dashboard', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const stamp = Date.now();
  const name = `Slidewise ${stamp}`;
  await login();
  const created = await page.request.post('/api/tools', {
    multipart: {
      name,
      url: `https://slidewise-${stamp}.example.com`,
      description: 'Turns an outline into a slide deck.',
      tags: 'design',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto('/dashboard');
  const row = page.getByTestId('submission-row').filter({ hasText: name });
  await row.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(`**/submit?edit=${id}`);
  await expect(page.getByLabel('Tool Name')).toHaveValue(name);
  await page.getByLabel('Pricing Model').selectOption('freemium');
  await page.getByLabel('Target Audience').fill('founders, teachers');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes Saved')).toBeVisible();
  await page.waitForURL('**/dashboard');
  expect(await (await page.request.get(`/api/user/tools/${id}`)).json()).toMatchObject({
    status: 'pending',
    pricingModel: 'freemium',
    targetAudience: ['founders', 'teachers'],
  });

  const admin = await requestAs(await insertNewUser(ADMIN));
  expect(
    (
      await admin.post(`/api/admin/tools/${id}/reject`, { data: { rejectionReason: 'Add a pricing page first' } })
    ).status(),
  ).toBe(200);

  await page.reload();
  await row.getByRole('link', { name: 'Edit & resubmit' }).click();
  await expect(page.getByTestId('rejection-note')).toContainText('Add a pricing page first');
  await expect(page.getByLabel('Pricing Model')).toHaveValue('freemium');
  await page
    .getByLabel('Tool Description')
    .fill('Turns an outline into a slide deck; pricing at slidewise.example.com/pricing.');
  await page.screenshot({ path: 'test-results/screens/submit-resubmit.png', fullPage: true });
  await page.getByRole('button', { name: 'Resubmit for Review' }).click();
  await expect(page.getByText('Tool Resubmitted!')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(row.getByText('Pending')).toBeVisible();

  // The reviewer sees why it was rejected before.
  const rejections = await (await admin.get('/api/admin/tools/pending/rejections')).json();
  expect(rejections).toContainEqual(
    expect.objectContaining({ toolId: id, rejectionReason: 'Add a pricing page first' }),
  );
});

test("the dashboard's rows stay where they are while its other cards load, so a click aimed at Edit lands on it", async ({
  page,
  login,
}) => {
  // A Premium member (the membership card) with a pending submission (its Edit link). The cards that load on their
  // own, the membership and Tool Performance, answer only after the list has: a card that then grew above the rows
  // would move the link under a pointer already on its way, and the click would land on something else.
  const { id } = await login({ isPremium: true });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Steadywise ${stamp}`;
  await insertTools(id, [
    { name, slug: `steadywise-${stamp}`, url: `https://steadywise-${stamp}.example.com`, description: 'Keeps still.' },
  ]);
  const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/tools');
  for (const late of ['**/api/premium/subscription', '**/api/user/tools/metrics?*'])
    await page.route(late, async (route) => {
      await listed;
      await route.continue();
    });
  // Where the Edit link is, in every frame the page draws it.
  await page.addInitScript(() => {
    const tops: number[] = [];
    (window as unknown as { editTops: number[] }).editTops = tops;
    const frame = () => {
      const link = document.querySelector('[data-testid="submission-row"] a');
      const top = link && link.getBoundingClientRect().top + window.scrollY;
      if (top !== null && top !== tops.at(-1)) tops.push(top);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('membership')).toBeVisible();
  await expect(page.getByTestId('tool-metrics')).toContainText('No page views');
  const edit = page.getByTestId('submission-row').filter({ hasText: name }).getByRole('link', { name: 'Edit' });
  await expect(edit).toBeVisible();
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  expect(await page.evaluate(() => (window as unknown as { editTops: number[] }).editTops)).toHaveLength(1);
  await edit.click();
  await page.waitForURL('**/submit?edit=*');
});

test('the dashboard shows a page of submissions, counts them all, and loads the next page the answer names', async ({
  page,
  login,
}) => {
  // A contributor with 7 tools, 4 of them approved, a day apart. The dashboard asks for pages of 12; asking the real
  // API for pages of 3 instead shows the paging: every later page is the one the answer's Link names.
  const { id } = await login();
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await insertTools(
    id,
    Array.from({ length: 7 }, (_, i) => ({
      name: `Pagewise ${i + 1} ${stamp}`,
      slug: `pagewise-${i + 1}-${stamp}`,
      url: `https://pagewise-${i + 1}-${stamp}.example.com`,
      description: 'Keeps a long list of submissions in order.',
      tags: ['productivity' as const],
      status: i < 4 ? ('approved' as const) : ('pending' as const),
      submittedAt: new Date(Date.now() - (7 - i) * 86_400_000),
    })),
  );
  const { total, approved } = await (await page.request.get('/api/user/tools/stats')).json();
  expect([total, approved]).toEqual([7, 4]);
  await page.route('**/api/user/tools?limit=12&offset=0', (route) =>
    route.continue({ url: route.request().url().replace('limit=12', 'limit=3') }),
  );
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/user/tools') asked.push(url.search);
  });

  await page.goto('/dashboard');
  const rows = page.getByTestId('submission-row');
  await expect(rows).toHaveCount(3);
  const card = (label: string) => page.getByTestId('stat-card').filter({ hasText: label }).locator('.text-3xl');
  await expect(card('Total Submissions')).toHaveText(String(total));
  await expect(card('Approved')).toHaveText(String(approved));

  const more = page.getByRole('button', { name: 'Load More Submissions' });
  await more.click();
  await expect(rows).toHaveCount(6);
  await more.click();
  await expect(rows).toHaveCount(Math.min(total, 9));
  while (await more.isVisible()) {
    const shown = await rows.count();
    await more.click();
    await expect(rows).not.toHaveCount(shown);
  }
  await expect(rows).toHaveCount(total);
  expect(asked.slice(0, 3)).toEqual(['?limit=12&offset=0', '?limit=3&offset=3', '?limit=3&offset=6']);
  // Newest first across pages, each tool once.
  const names = await rows.locator('td:first-child .font-medium').allInnerTexts();
  expect(names).toHaveLength(total);
  expect(new Set(names).size).toBe(names.length);
  await page.screenshot({ path: 'test-results/screens/dashboard-load-more.png', fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard lists each submission as a card with labelled values, with no sideways scrolling', async ({
    page,
    login,
  }) => {
    const { id } = await login();
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `Phonewise ${stamp}`;
    await insertTools(id, [
      {
        name,
        slug: `phonewise-${stamp}`,
        url: `https://phonewise-${stamp}.example.com`,
        description: 'Fits every table on a phone screen.',
        tags: ['productivity'],
      },
    ]);
    await page.goto('/dashboard');
    const row = page.getByTestId('submission-row').first();
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeHidden();
    // Each labelled cell shows its column's name beside the value (a ::before from data-label).
    const label = await row
      .locator('td[data-label="Status"]')
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Status"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/dashboard-phone.png', fullPage: true });
  });
});

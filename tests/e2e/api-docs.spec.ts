// The API reference at /api/docs: Swagger UI renders the OpenAPI document in Chromium from this origin alone, under
// the page's CSP, and its "Try it out" reaches the public API.
import { expect, test, watchViolations } from './fixtures';

test('/api/docs renders the reference with no CSP violation and nothing loaded from elsewhere', async ({
  page,
  baseURL,
}) => {
  const violations = watchViolations(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) elsewhere.push(url);
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /AI Tools Directory API/ })).toBeVisible();
  // Every section is listed, collapsed; the public API's opens with a click.
  await expect(page.locator('.opblock-tag', { hasText: 'Admin' })).toBeVisible();
  await page.locator('.opblock-tag', { hasText: 'Public API v1' }).click();
  const listTools = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/v1/tools"]') });
  await expect(listTools).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: 'Public API v1' })).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: 'Admin' })).toBeVisible();

  // Open "List tools" and run it from the page: the call goes to this origin's API and its answer is shown.
  await listTools.locator('.opblock-summary').click();
  await listTools.getByRole('button', { name: 'Try it out' }).click();
  await listTools.getByRole('button', { name: 'Execute' }).click();
  await expect(listTools.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(listTools.locator('.live-responses-table')).toContainText('nextCursor');
  // The answer's schema view, and the session cookie dialog of the site's own API.
  await listTools.getByRole('tab', { name: 'Schema' }).first().click();
  await expect(listTools.locator('.model-box').first()).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await expect(page.getByRole('heading', { name: 'session (apiKey)' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('heading', { name: 'Available authorizations' })).toBeHidden();

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('/api/openapi.json parses and lists the public API', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.ok()).toBe(true);
  const doc = JSON.parse(await res.text());
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/v1/tools', '/api/v1/tools/{slug}', '/api/v1/categories', '/api/v1/posts']),
  );
  expect(doc.paths['/api/v1/tools'].get.tags).toEqual(['Public API v1']);
});

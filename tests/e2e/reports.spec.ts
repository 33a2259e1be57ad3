// Reader reports in Chromium (docs/decisions/0101): a visitor reports a problem from a tool page without JavaScript
// (a refused post shows the page again with what was written, then the reference) and with it; an admin acknowledges
// and resolves the report in the Reports tab, and the tool page's history shows the correction, naming nobody.
import { ADMIN, test, expect, type APIRequestContext, type Page } from './fixtures';
import type { PublicTool } from '../../db/queries/tools';
import { LISTING_MSG } from '../../lib/listing-messages';
import { REPORT_REFERENCE_SHAPE } from '../../lib/reports';

/** A seeded tool, a different one per test so their reports do not meet as "+1"s. */
async function seededTool(request: APIRequestContext, index: number): Promise<PublicTool> {
  const tools = (await (await request.get('/api/tools?limit=20')).json()) as PublicTool[];
  return tools[index];
}

async function referenceOn(page: Page): Promise<string> {
  await expect(page.getByTestId('report-sent')).toContainText(LISTING_MSG.reportSentTitle);
  const reference = (await page.getByTestId('report-reference').textContent()) ?? '';
  expect(reference).toMatch(REPORT_REFERENCE_SHAPE);
  return reference;
}

test('a visitor without JavaScript reports a problem from the tool page', async ({ browser, baseURL, request }) => {
  const tool = await seededTool(request, 3);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/tool/${tool.slug}`);
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report a problem with ${tool.name}`);

  await page.getByRole('link', { name: /Something else/ }).click();
  await page.getByLabel('What is wrong?').fill('Too short');
  await page.getByLabel('Your e-mail').fill('reader@example.com');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('report-refused')).toContainText(LISTING_MSG.reportMessageRequired);
  await expect(page.getByLabel('What is wrong?')).toHaveValue('Too short');
  await expect(page.getByLabel('Your e-mail')).toHaveValue('reader@example.com');

  await page.getByRole('link', { name: 'Choose another problem' }).click();
  await page.getByRole('link', { name: /Wrong category/ }).click();
  await page.getByLabel('The category it belongs in').selectOption({ label: 'Design' });
  await page.getByRole('button', { name: 'Send report' }).click();
  await referenceOn(page);
  await context.close();
});

test('a visitor reports wrong pricing; an admin acknowledges and resolves it, and the page says it was corrected', async ({
  page,
  browser,
  baseURL,
  request,
  insertNewUser,
  signIn,
}) => {
  const tool = await seededTool(request, 5);
  await page.goto(`/tool/${tool.slug}`);
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await page.getByRole('link', { name: /Pricing is wrong/ }).click();
  await page.getByLabel('The right pricing').selectOption({ label: 'Paid' });
  await page.getByLabel('Anything else we should know?').fill('The free plan ended last month.');
  await page.getByRole('button', { name: 'Send report' }).click();
  const reference = await referenceOn(page);

  const context = await browser.newContext({ baseURL });
  await signIn(context, await insertNewUser(ADMIN));
  const admin = await context.newPage();
  await admin.goto('/admin#reports');
  await admin.getByLabel('Type').selectOption({ label: 'Pricing is wrong' });
  const report = admin.locator(`[data-reference="${reference}"]`);
  await expect(report).toContainText('The right pricing: Paid');
  await expect(report).toContainText('The free plan ended last month.');
  await report.getByLabel(/^Note/).fill('Checking the pricing page.');
  await report.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(admin.getByTestId('toast')).toContainText(LISTING_MSG.reportAcknowledged);
  await expect(report.getByTestId('report-state')).toHaveText('Acknowledged');

  await report.getByLabel(/^Note/).fill('The listing now says Paid.');
  await report.getByLabel('Resolution').selectOption({ label: 'Fixed' });
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByTestId('toast').last()).toContainText(LISTING_MSG.reportResolved);
  // Resolved reports leave the open list.
  await expect(report).toHaveCount(0);
  await admin.getByLabel('State').selectOption({ label: 'Resolved' });
  await expect(report.getByTestId('report-state')).toHaveText('Resolved: Fixed');
  await context.close();

  await page.goto(`/tool/${tool.slug}`);
  await expect(page.getByTestId('history-note').first()).toContainText('Pricing corrected after a reader report');
});

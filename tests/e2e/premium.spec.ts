// Buying and managing Premium in development mode (no Stripe key: the mock upgrade and the local billing page).
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from './fixtures';

/** axe (WCAG 2.x A/AA and best practices) finds no violations on the page as it is now. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `${what}\n${summary.join('\n')}`).toEqual([]);
}

test('a signed-in user chooses the annual plan on /pricing, then sees Current Plan, and the dashboard says the annual plan', async ({
  page,
  login,
}) => {
  await login({ firstName: 'Pat', lastName: 'Premium' });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Annual Plan' }).click();
  await expect(page.getByText('Premium Upgrade Successful!')).toBeVisible();
  // The page reloads after the mock upgrade and shows the member's buttons.
  const current = page.getByRole('button', { name: 'Current Plan' });
  await expect(current).toHaveCount(2);
  await expect(current.first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByTestId('membership')).toContainText('Premium - Annual plan');
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/dashboard-member.png', fullPage: true });
  await expectAccessible(page, "a member's dashboard");
});

test("the dashboard's Upgrade opens the plan choice with both prices and the annual saving", async ({
  page,
  login,
}) => {
  await login({ firstName: 'Pat', lastName: 'Premium' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  const dialog = page.getByTestId('plan-choice');
  await expect(dialog).toBeVisible();
  const monthly = dialog.getByRole('region', { name: 'Monthly Plan' });
  const annual = dialog.getByRole('region', { name: 'Annual Plan' });
  await expect(monthly).toContainText('$39');
  await expect(monthly).toContainText('/month');
  await expect(annual).toContainText('$399');
  await expect(annual).toContainText('/year');
  await expect(annual).toContainText('Save $69');
  await page.screenshot({ path: 'test-results/screens/plan-choice.png' });
  await expectAccessible(page, 'the plan choice dialog');
  await monthly.getByRole('button', { name: 'Choose Monthly Plan' }).click();
  await expect(page.getByText('Premium Upgrade Successful!')).toBeVisible();
  await expect(page.getByTestId('membership')).toContainText('Premium - Monthly plan');
});

test('Manage subscription opens the development billing page, and cancelling there ends Premium', async ({
  page,
  login,
}) => {
  await login({ firstName: 'Pat', lastName: 'Premium' });
  const upgraded = await page.request.post('/api/premium/upgrade', { data: { plan: 'annual' } });
  expect(upgraded.ok(), await upgraded.text()).toBeTruthy();
  await page.goto('/dashboard');
  await page.getByTestId('membership').getByRole('button', { name: 'Manage subscription' }).click();
  await page.waitForURL('**/dashboard/billing');
  for (const offer of ['Change plan', 'Cancel at period end', 'Update card', 'Invoices'])
    await expect(page.getByText(offer, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium - Annual plan' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dev-billing.png', fullPage: true });
  await expectAccessible(page, 'the development billing page');
  await page.getByRole('button', { name: 'Cancel Premium' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('Premium cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(page.getByTestId('membership')).toHaveCount(0);
  const user = await (await page.request.get('/api/user')).json();
  expect(user.isPremium).toBe(false);
});

test('back from Stripe Checkout before its webhook arrived, the dashboard says the payment is being confirmed', async ({
  page,
  login,
}) => {
  await login({ firstName: 'Pat', lastName: 'Premium' });
  await page.goto('/dashboard?upgrade=success');
  await expect(page.getByTestId('checkout-confirming')).toContainText('Stripe is confirming your payment');
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(page.getByTestId('checkout-confirming')).toHaveCount(0);
});

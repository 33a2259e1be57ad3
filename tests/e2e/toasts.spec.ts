// A toast shown just before a navigation appears on the page it leads to, and nowhere else (decision 0015).
import { ADMIN, islandsHydrated, test, expect, type Page, type TestUser } from './fixtures';

/** Waits until the page's Toaster is mounted (or, on a page without islands, waits for a first toast) and idle, so a
 * toast it would show is on screen by now. */
async function toasterSettled(page: Page): Promise<void> {
  await islandsHydrated(page);
  await expect(
    page.locator('[data-toaster-root][data-state="mounted"], [data-toaster-root][data-state="waiting"]'),
  ).toHaveCount(1);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
}

/** Signs in through the form as the test's own admin, which lands on the admin panel. */
async function signInAsAdmin(page: Page, admin: TestUser): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
}

test('the welcome toast follows the sign-in to the admin panel', async ({ page, insertNewUser }) => {
  const admin = await insertNewUser(ADMIN);
  await signInAsAdmin(page, admin);
  await expect(page.getByTestId('toast')).toContainText('Welcome back!');
  await expect(page.getByTestId('toast')).toContainText(`Logged in as ${admin.email}`);
});

test('signing out right after signing in does not carry the welcome toast to the home page', async ({
  page,
  insertNewUser,
}) => {
  await signInAsAdmin(page, await insertNewUser(ADMIN));
  await expect(page.getByTestId('toast')).toContainText('Welcome back!');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await toasterSettled(page);
  // Counted once, not awaited: a toast that did show would also pass a retrying check once its 5 seconds are up.
  expect(await page.getByTestId('toast').count()).toBe(0);
});

test('a toast is not carried to a page the visitor opens by themselves', async ({ page, insertNewUser }) => {
  await signInAsAdmin(page, await insertNewUser(ADMIN));
  await expect(page.getByTestId('toast')).toContainText('Welcome back!');
  await page.goto('/directory');
  await toasterSettled(page);
  expect(await page.getByTestId('toast').count()).toBe(0);
});

test('the unauthorized toast follows the redirect to the sign-in page', async ({ page }) => {
  await page.goto('/submit');
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/submit');
  await expect(page.getByTestId('toast')).toContainText('Unauthorized');
  await expect(page.getByTestId('toast')).toContainText('You are logged out. Logging in again...');
});

// A member who forgot their password: Login -> "Forgot password?" -> the e-mail's link (read from the outbox, as
// development mode keeps every e-mail) -> a new password -> signed in on the dashboard; and the same with JavaScript
// off, every step a form post (docs/decisions/0093).
import { test, expect } from './fixtures';
import { latestEmailText } from './users';
import { ACCOUNT_MSG } from '../../lib/account-messages';

/** The path of the reset link in the newest reset e-mail to `email`. */
async function resetLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await latestEmailText(email, 'reset-password'))?.match(/\/auth\/reset-link\/[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('forgot password: the e-mailed link sets a new password and signs in', async ({ page, insertNewUser }) => {
  const user = await insertNewUser();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/auth/forgot');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(ACCOUNT_MSG.resetRequested);

  await page.goto(await resetLink(user.email));
  await page.waitForURL('**/auth/reset');
  // The token went into a cookie: the address bar has none.
  expect(new URL(page.url()).pathname).toBe('/auth/reset');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-secret');
  await page.getByLabel('Confirm new password').fill('a-fresh-secret');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

  // The link worked once.
  await page.goto(await resetLink(user.email));
  await expect(page.getByRole('alert')).toContainText(ACCOUNT_MSG.linkInvalid);
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/auth/forgot');
});

test('forgot password without JavaScript: every step is a form post', async ({
  browser,
  baseURL,
  extraHTTPHeaders,
  insertNewUser,
}) => {
  const user = await insertNewUser();
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.waitForURL('**/auth/forgot/sent');
  await expect(page.getByTestId('reset-requested')).toHaveText(ACCOUNT_MSG.resetRequested);

  await page.goto(await resetLink(user.email));
  await page.waitForURL('**/auth/reset');
  await page.getByLabel('New password', { exact: true }).fill('no-script-secret');
  await page.getByLabel('Confirm new password').fill('no-script-secret');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await page.waitForURL('**/dashboard');
  expect((await page.request.get('/api/user')).status()).toBe(200);
  await context.close();
});

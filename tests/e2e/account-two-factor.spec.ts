// Two-factor sign-in in Chromium (decision 0095): a member turns it on from /account with an authenticator app (the
// test computes the app's codes from the key the page shows), signs out, and signs in with the password and a code.
import * as OTPAuth from 'otpauth';
import { test, expect } from './fixtures';

/** The app's code for `secret`, `steps` time steps of 30 s from now (each code is taken once, so steps differ). */
function codeFor(secret: string, steps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

test('turn on two-factor, sign out, and sign in with the password and a code', async ({ page, login }) => {
  const user = await login();
  await page.goto('/account');
  const section = page.getByTestId('two-factor');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');

  await section.getByLabel('Code from your app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not right');
  await section.getByLabel('Code from your app').fill(codeFor(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 of 10 recovery codes left')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/auth/two-factor');
  // No session yet: the password alone did not sign in.
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.getByLabel('Authenticator code or recovery code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);
});

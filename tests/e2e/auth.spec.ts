// A new visitor registers through /auth, lands on the dashboard, and signs out.
import { test, expect } from './fixtures';

test('register, land on the dashboard, sign out', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('nav-actions').getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});

test('a wrong password shows the login failure toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

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
  const toDashboard: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/dashboard') toDashboard.push(request.url());
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  // One navigation: the refetched user must not start a second one that aborts the first.
  expect(toDashboard).toHaveLength(1);

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

test('the tabs follow the arrow keys, and a bad field is marked with its message', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('tab', { name: 'Login' });
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Login' })).toBeVisible();
  await login.focus();
  await page.keyboard.press('ArrowRight');
  const register = page.getByRole('tab', { name: 'Register' });
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(login).toBeFocused();
  await expect(page.getByLabel('First Name')).toHaveCount(0);

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('field-error')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/auth-errors.png', fullPage: true });
});

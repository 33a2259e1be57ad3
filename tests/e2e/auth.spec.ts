// A new visitor registers through /auth, lands on the dashboard, and signs out; with JavaScript off the forms post and
// sign in all the same; after signing in a visitor returns to the page they were going to.
import { test, expect } from './fixtures';
import { MSG, NEEDS_JAVASCRIPT, TOAST } from '../../lib/messages';

test('register, land on the dashboard, sign out', async ({ page, deleteAfter }) => {
  const email = `e2e-${Date.now()}@example.com`;
  deleteAfter(email);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  const toDashboard: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/dashboard')
      toDashboard.push(request.url());
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

test('a wrong password shows the login failure toast', async ({ page, insertNewUser }) => {
  const { email } = await insertNewUser();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
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

test('with JavaScript off Register and Login post, never put the password in the address, and sign in', async ({
  browser,
  baseURL,
  deleteAfter,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  const email = `nojs-${Date.now()}@example.com`;
  deleteAfter(email);

  // The Register tab by its address, carrying the page to return to.
  await page.goto('/auth?tab=register&next=%2Fsubmit');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('abc12');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(TOAST.registrationFailed);
  await expect(refusal).toContainText(MSG.passwordTooShort);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/submit');
  // An island-only page says what it needs instead of a spinner that never stops.
  await expect(page.getByRole('heading', { name: NEEDS_JAVASCRIPT.title })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/submit-no-js.png', fullPage: true });

  // Signed out (the cookies gone), Login: a wrong password is the page again with the message, then the right one.
  await context.clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.wrongCredentials);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.screenshot({ path: 'test-results/screens/auth-no-js-refused.png', fullPage: true });
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: NEEDS_JAVASCRIPT.title })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: NEEDS_JAVASCRIPT.title })).toBeVisible();

  for (const address of addresses) {
    expect(address).not.toContain('secret123');
    expect(address).not.toContain('password');
  }
  await context.close();
});

test('a form clicked before the island hydrates posts: method and action are in the HTML', async ({ request }) => {
  const html = await (await request.get('/auth')).text();
  expect(html).toMatch(/<form[^>]*action="\/auth\/login"[^>]*method="post"/);
});

test('a signed-out visitor sent to sign in from /submit returns to /submit', async ({ page, insertNewUser }) => {
  const { email, password } = await insertNewUser();
  await page.goto('/submit');
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/submit');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(TOAST.welcomeBack)).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/submit');
  await expect(page.getByRole('heading', { name: 'Submit Your AI Tool' })).toBeVisible();
});

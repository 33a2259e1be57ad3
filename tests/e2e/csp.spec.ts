// The Content-Security-Policy every page is served with (hashes for inline scripts, no 'unsafe-inline' for scripts, no
// WebAssembly): every island still works under it, and Chromium reports no violation.
import { ADMIN, expect, test, watchViolations } from './fixtures';

test('pages carry a strict CSP and the other security headers', async ({ request }) => {
  for (const path of ['/', '/directory', '/tool/chatgpt', '/blog', '/auth', '/admin', '/no-such-page']) {
    const res = await request.get(path);
    const csp = res.headers()['content-security-policy'];
    expect(csp, path).toBeTruthy();
    const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(script, path).not.toContain("'unsafe-inline'");
    expect(script, path).toContain("'sha256-");
    expect(script, path).not.toContain("'wasm-unsafe-eval'");
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"])
      expect(csp, path).toContain(directive);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBeTruthy();
  }
});

test('anonymous islands work under the CSP: site search, directory search, the sign-in form', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/tool/chatgpt');
  const box = page.getByRole('combobox', { name: 'Search tools and articles' }).first();
  await box.click();
  await box.fill('Canva');
  await expect(page.locator('[data-search-results] a', { hasText: 'Canva' }).first()).toBeVisible();

  await page.goto('/directory');
  await page.getByRole('searchbox').first().fill('ChatGPT');
  await page.getByRole('searchbox').first().press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ChatGPT');
  await expect(page.getByRole('link', { name: /ChatGPT/ }).first()).toBeVisible();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByLabel('First Name')).toBeVisible();
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(violations).toEqual([]);
});

test('signed-in islands work under the CSP: home dashboard, dashboard, submit form, admin panel', async ({
  page,
  login,
}) => {
  const violations = watchViolations(page);
  await login();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /My Dashboard|Welcome/ }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /My Dashboard|Welcome/ }).first()).toBeVisible();
  await page.goto('/submit');
  await expect(page.getByLabel(/Tool Name/).first()).toBeVisible();

  await login(ADMIN); // its cookie replaces the member's
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Approved Tools' }).click();
  await expect(page.getByRole('tab', { name: 'Approved Tools' })).toHaveAttribute('aria-selected', 'true');
  expect(violations).toEqual([]);
});

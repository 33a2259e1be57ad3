// The account page in Chromium: every section is a card the section nav links to, in the order a member looks for them,
// on a phone nothing is wider than the screen, and axe finds no violations (with a second device listed, so "Sign out
// everywhere else" shows).
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

const SECTIONS = [
  'Profile',
  'Email address',
  'Password',
  'Two-factor sign-in',
  'Devices',
  'Your data',
  'Close account',
];

test('the account page: the nav names every section in order, it fits a phone, and axe finds nothing', async ({
  page,
  login,
  requestAs,
}) => {
  const user = await login();
  // Another device signed in as the same member.
  await requestAs(user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Account settings sections' }).getByRole('link');
  await expect(nav).toHaveText(SECTIONS);
  // Each link leads to its card, whose heading is the link's text.
  for (const link of await nav.all()) {
    const target = (await link.getAttribute('href'))!;
    await expect(page.locator(`${target} h2`)).toHaveText((await link.textContent())!);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);

  // On a wide screen the nav stands beside the cards.
  await page.setViewportSize({ width: 1280, height: 900 });
  const navBox = (await page.getByRole('navigation', { name: 'Account settings sections' }).boundingBox())!;
  const profileBox = (await page.locator('#profile').boundingBox())!;
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(profileBox.x);
});

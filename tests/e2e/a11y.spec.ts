// Accessibility: axe (WCAG 2.x A/AA and best practices) finds no violations on the main public pages.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { discoveryPaths } from './discovery';
import type { PublicPost } from '../../db/queries/blog';
import type { PublicTool } from '../../db/queries/tools';

test('home, directory, a tool page, the blog, a post, pricing, category, alternatives and compare pages have no axe violations', async ({
  page,
  request,
}) => {
  // A dozen pages, each loaded to network idle and scanned whole: about 50 s alone on CI's two cores, longer beside the
  // second worker.
  test.slow();
  const tools = (await (await request.get('/api/tools?limit=100')).json()) as PublicTool[];
  const posts: PublicPost[] = await (await request.get('/api/blog/posts')).json();
  const premium = tools.find((t) => t.isPremium) ?? tools[0];
  expect(premium, 'the seed needs tools').toBeTruthy();
  expect(posts.length, 'the seed needs published posts').toBeGreaterThan(0);

  // The seed's ChatGPT: a review history with a follow-up, the Review due badge and custom branding (the colour band
  // and Visit Tool button with their chosen text colour, the cover, the demo poster); a post with its featured image,
  // and one with the designed cover.
  const coverless = posts.find((p) => !p.featuredImage) ?? posts[0];
  const paths = [
    '/',
    '/directory',
    '/directory?q=Copilt&category=development&sort=rating&page=1',
    `/tool/${premium.slug}`,
    '/tool/chatgpt',
    '/blog',
    `/blog/${posts[0].slug}`,
    `/blog/${coverless.slug}`,
    '/pricing',
    ...(await discoveryPaths(request, premium.slug)),
  ];
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // Third-party embeds (the demo video) are not ours to fix.
    const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary, `${path}\n${summary.join('\n')}`).toEqual([]);
  }
});

test('the sign-in tabs, the submit form and the contact form, with their field messages showing, have no axe violations', async ({
  page,
  login,
}) => {
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary, `${label}\n${summary.join('\n')}`).toEqual([]);
  };
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
  await check('/auth, register with errors');

  await page.goto('/auth/reset');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
  await check('/auth/reset with errors');

  await login();
  await page.goto('/submit');
  await page.getByRole('button', { name: 'Submit Tool for Review' }).click();
  await expect(page.getByTestId('field-error')).toHaveCount(4);
  await check('/submit with errors');

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  // Signed in: the name and e-mail are filled in, the topic and message are missing.
  await expect(page.getByTestId('field-error')).toHaveCount(2);
  await check('/contact with errors');
});

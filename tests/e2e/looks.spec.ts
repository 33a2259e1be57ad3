// Cards that look like the tools and a blog that reads like a publication, in Chromium: the home hero's two actions,
// the seeded tools' SVG marks, letter tiles in colour, the blog's RSS link and designed covers, and the Blog CMS
// publishing a post with an uploaded image and a category.
import sharp from 'sharp';
import { test, expect, watchViolations } from './fixtures';
import type { PublicPost } from '../../db/queries/blog';

test('the home hero has exactly two actions, and the featured cards show the tools\' SVG marks', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/');
  const actions = page.getByTestId('hero-actions').locator('a, button');
  await expect(actions).toHaveCount(2);
  await expect(actions.nth(0)).toHaveText('Browse Tools');
  await expect(actions.nth(0)).toHaveAttribute('href', '/directory');
  await expect(actions.nth(1)).toHaveText('Submit Your Tool');
  // Side by side on a phone too: the same row.
  await page.setViewportSize({ width: 390, height: 844 });
  const [first, second] = [await actions.nth(0).boundingBox(), await actions.nth(1).boundingBox()];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);

  const cards = page.getByTestId('tool-card');
  await expect(cards).toHaveCount(6);
  // Other specs may have approved tools of their own (named "E2E ..."), without a logo, into the featured list.
  for (const card of await cards.filter({ hasNot: page.getByRole('heading', { name: /^E2E / }) }).all()) {
    const logo = card.locator('img');
    await logo.scrollIntoViewIfNeeded();
    await expect(logo).toHaveAttribute('src', /^\/logos\/[a-z0-9-]+\.svg$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  const src = await cards.filter({ hasNot: page.getByRole('heading', { name: /^E2E / }) }).first().locator('img').getAttribute('src');
  const svg = await page.request.get(src!);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(violations).toEqual([]);
});

test('a tool without a logo shows its letter on a tile of its own colour', async ({ page }) => {
  await page.goto('/directory');
  // The letter is under every logo; with the image gone (as when it fails to load) it shows, white on the tile.
  const tile = page.getByTestId('tool-card').first().getByTestId('tool-logo');
  await tile.evaluate((el) => el.querySelector('img')?.remove());
  const colours = await tile.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, text: getComputedStyle(el).color }));
  expect(colours.text).toBe('rgb(255, 255, 255)');
  expect(colours.background).not.toMatch(/rgba?\(0, 0, 0, 0\)|transparent/);
});

test('the blog links its RSS feed, and a post without an image gets a designed cover', async ({ page, request }) => {
  await page.goto('/blog');
  const rss = page.getByRole('link', { name: 'RSS feed' });
  await expect(rss).toBeVisible();
  await expect(rss).toHaveAttribute('href', '/rss.xml');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  expect((await request.get('/rss.xml')).headers()['content-type']).toContain('xml');

  const posts: PublicPost[] = await (await request.get('/api/blog/posts')).json();
  const coverless = posts.find((p) => !p.featuredImage);
  expect(coverless, 'the seed has a published post without an image').toBeTruthy();
  const card = page.getByTestId('post-card').filter({ hasText: coverless!.title });
  await expect(card.getByTestId('post-cover')).toContainText(coverless!.title);
  await page.goto(`/blog/${coverless!.slug}`);
  await expect(page.locator('article[data-pagefind-body]').getByTestId('post-cover')).toContainText(coverless!.category ?? 'Blog');
});

test('the admin publishes a post with an uploaded image, a category and tags, after a preview, and it shows on the blog', async ({ page }) => {
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer();
  const title = `Field notes ${Date.now().toString(36)}`;
  await page.goto('/auth/demo/admin');
  await page.goto('/admin#blog');
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content (HTML)').fill(`<p>${'Notes from the field. '.repeat(150)}</p>`);
  await dialog.getByLabel('Category').selectOption('Guides');
  await dialog.getByLabel('Tags').fill('field notes, testing');
  await dialog.locator('input[type=file][name=image]').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByTestId('featured-image-thumb')).toHaveAttribute('src', /^\/uploads\/posts\/[0-9a-f-]+\.webp$/);

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('post-preview');
  await expect(preview).toContainText(title);
  await expect(preview.getByTestId('preview-read-time')).toHaveText('3 min read');
  await dialog.getByRole('button', { name: 'Back to editing' }).click();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByTestId('toast')).toContainText('Post Created');

  await page.goto('/blog');
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toContainText('Guides');
  await expect(card).toContainText('3 min read');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /^\/uploads\/posts\/[0-9a-f-]+\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('post-category')).toHaveText('Guides');
  await expect(page.getByRole('listitem').filter({ hasText: /^field notes$/ })).toBeVisible();
});

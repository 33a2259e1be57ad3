// Cards that look like the tools and a blog that reads like a publication, in Chromium: the home hero's two actions,
// the seeded tools' SVG marks, letter tiles in colour, the blog's RSS link and designed covers, and the Blog CMS
// publishing a post with an uploaded image and a category; and the layouts on a phone and a wide screen (nothing wider
// than a phone, cards in a row aligned, names and disabled controls legible, Inter shipped and used).
import sharp from 'sharp';
import { ADMIN, test, expect, watchViolations, type Page } from './fixtures';
import type { PublicPost } from '../../db/queries/blog';

test("the home hero has exactly two actions, and the featured cards show the tools' SVG marks", async ({ page }) => {
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
  const src = await cards
    .filter({ hasNot: page.getByRole('heading', { name: /^E2E / }) })
    .first()
    .locator('img')
    .getAttribute('src');
  const svg = await page.request.get(src!);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(violations).toEqual([]);
});

test('a tool without a logo shows its letter on a tile of its own colour', async ({ page }) => {
  await page.goto('/directory');
  // The letter is under every logo; with the image gone (as when it fails to load) it shows, white on the tile.
  const tile = page.getByTestId('tool-card').first().getByTestId('tool-logo');
  await tile.evaluate((el) => el.querySelector('img')?.remove());
  const colours = await tile.evaluate((el) => ({
    background: getComputedStyle(el).backgroundColor,
    text: getComputedStyle(el).color,
  }));
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
  await expect(page.locator('article').first().getByTestId('post-cover')).toContainText(coverless!.category ?? 'Blog');
});

test('the admin publishes a post with an uploaded image, a category and tags, after a preview, and it shows on the blog', async ({
  page,
  login,
}) => {
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  const title = `Field notes ${Date.now().toString(36)}`;
  await login(ADMIN);
  await page.goto('/admin#blog');
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content (HTML)').fill(`<p>${'Notes from the field. '.repeat(150)}</p>`);
  await dialog.getByLabel('Category').selectOption('Guides');
  await dialog.getByLabel('Tags').fill('field notes, testing');
  await dialog
    .locator('input[type=file][name=image]')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByTestId('featured-image-thumb')).toHaveAttribute(
    'src',
    /^\/uploads\/posts\/[0-9a-f-]+\.webp$/,
  );

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

/** The first compare page the seed's ChatGPT links to. */
async function comparePath(page: Page): Promise<string> {
  const html = await (await page.request.get('/tool/chatgpt')).text();
  return /href="(\/compare\/[^"]+)"/.exec(html)![1];
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const firstCardTop = (page: Page) =>
  page
    .getByTestId('tool-card')
    .first()
    .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);

/** A CSS colour as sRGB [r, g, b, a] (a 0-1): a canvas reads any syntax the computed style gives (oklab, color-mix). */
const rgba = (page: Page, colour: string) =>
  page.evaluate((c) => {
    const ctx = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d')!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  }, colour);

test('on a phone the directory shows a result within the first screen, the compare page both tools, and Settings fits', async ({
  page,
  browser,
  baseURL,
  login,
}) => {
  // Each finding is its own soft check, so one run reports them all.
  // A long address in the outbox: the Settings tab lists it.
  const sent = await page.request.post('/api/contact', {
    headers: { origin: baseURL! },
    data: {
      name: 'Looks Test',
      email: 'a.really.long.address.for.checking.the.layout.of.the.settings.tab.on.a.phone@example.com',
      topic: 'support',
      message: 'A message long enough to be accepted by the form.',
    },
  });
  expect(sent.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/directory');
  expect.soft(await firstCardTop(page)).toBeLessThan(700);
  expect.soft(await scrollWidth(page)).toBeLessThanOrEqual(390);
  // A card whose host is one long word (a member's tool at e2e-tool-mwyb3ze91.example.com widened the page to 427 px
  // in a full run) is cut, not the page widened.
  await page
    .getByTestId('tool-card')
    .first()
    .evaluate((card) => {
      card.querySelector('p.truncate')!.textContent = 'a-really-long-host-name-without-any-break.example.com';
    });
  expect.soft(await scrollWidth(page)).toBeLessThanOrEqual(390);

  await page.goto(await comparePath(page));
  expect.soft(await scrollWidth(page)).toBeLessThanOrEqual(390);
  // Both tools on the screen, not the second one off its right edge.
  for (const visit of await page
    .getByTestId('compare-table')
    .getByRole('link', { name: /^Visit / })
    .all()) {
    const box = (await visit.boundingBox())!;
    expect.soft(box.x).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width).toBeLessThanOrEqual(390);
  }

  await login(ADMIN);
  await page.goto('/admin#settings');
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'settings.tab.on.a.phone' }).first()).toBeVisible();
  expect.soft(await scrollWidth(page)).toBeLessThanOrEqual(390);

  // Without JavaScript the filters are a "Filters" panel, closed on a phone, that opens and applies as a GET form.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await context.newPage();
  await plain.goto('/directory');
  expect(await firstCardTop(plain)).toBeLessThan(700);
  await expect(plain.getByRole('checkbox', { name: /^Free \(/ })).toBeHidden();
  await plain.getByText('Filters', { exact: true }).click();
  await plain.getByRole('checkbox', { name: /^Free \(/ }).check();
  await plain.getByRole('button', { name: 'Apply filters' }).click();
  await expect(plain).toHaveURL(/pricing=free/);
  await context.close();
});

test('on a wide screen cards in a row line up, names and disabled controls are legible, and the page is set in Inter', async ({
  page,
  login,
}) => {
  const violations = watchViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/directory');

  // Each row's hosts start at one height, and so do its descriptions, Premium badge or not.
  const tops = await page.getByTestId('tool-card').evaluateAll((cards) =>
    cards.map((card) => ({
      row: Math.round(card.getBoundingClientRect().top),
      host: Math.round(card.querySelectorAll('p')[0].getBoundingClientRect().top),
      description: Math.round(card.querySelectorAll('p')[1].getBoundingClientRect().top),
    })),
  );
  const rows = new Map<number, typeof tops>();
  for (const t of tops) rows.set(t.row, [...(rows.get(t.row) ?? []), t]);
  expect(rows.size).toBeLessThan(tops.length);
  for (const row of rows.values()) {
    expect.soft(new Set(row.map((t) => t.host)).size).toBe(1);
    expect.soft(new Set(row.map((t) => t.description)).size).toBe(1);
  }

  // The compare table's tool names are in full colour, not the header's faded one.
  await page.goto(await comparePath(page));
  for (const name of await page.getByTestId('compare-table').locator('thead a').all()) {
    const colour = await rgba(page, await name.evaluate((el) => getComputedStyle(el).color));
    expect.soft(colour[3]).toBe(1);
  }

  // A long address in the avatar menu stays whole: one line, cut with an ellipsis, the full address in its title.
  const email = 'jamie.rivera.with.a.very.long.address@an-unusually-long-domain-name.example';
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), email } });
  });
  await login();
  await page.goto('/submit');
  await page.getByRole('button', { name: /Account menu/ }).click();
  const shown = page.locator('#account-menu [data-user-email]');
  await expect(shown).toHaveText(email);
  await expect.soft(shown).toHaveAttribute('title', email);
  const style = await shown.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      wordBreak: s.wordBreak,
      overflowWrap: s.overflowWrap,
      textOverflow: s.textOverflow,
      whiteSpace: s.whiteSpace,
      lines: el.getClientRects().length,
    };
  });
  expect
    .soft(style)
    .toEqual({ wordBreak: 'normal', overflowWrap: 'normal', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lines: 1 });
  await page.keyboard.press('Escape');

  // The disabled "Submit as Premium Tool" box (a free member) is still seen: its edge at least 3:1 against the panel.
  const box = page.getByRole('checkbox', { name: 'Submit as Premium Tool' });
  await expect(box).toBeDisabled();
  const seen = await box.evaluate((el) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return { opacity, border: getComputedStyle(el).borderTopColor };
  });
  const [r, g, b, a] = await rgba(page, seen.border);
  // The panel is near white: the edge as painted over white, at the opacity it and its ancestors have.
  const alpha = a * seen.opacity;
  const luminance = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const painted = [r, g, b].map((c) => c * alpha + 255 * (1 - alpha));
  const l = 0.2126 * luminance(painted[0]) + 0.7152 * luminance(painted[1]) + 0.0722 * luminance(painted[2]);
  expect.soft(1.05 / (l + 0.05)).toBeGreaterThanOrEqual(3);

  await page.goto('/directory');
  // Inter, from our origin (back on the directory): the preloaded Latin file of the variable face, @font-faces that swap,
  // and the face loaded and used.
  const preload = page.locator('link[rel=preload][as=font][type="font/woff2"][crossorigin]');
  await expect(preload).toHaveCount(1);
  const font = await page.request.get((await preload.getAttribute('href'))!);
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect(font.headers()['cache-control']).toContain('immutable');
  const faces = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSFontFaceRule)
      .map((rule) => (rule as CSSFontFaceRule).style)
      .filter((style) => style.getPropertyValue('font-family').replace(/["']/g, '') === 'Inter Variable')
      .map((style) => ({ src: style.getPropertyValue('src'), display: style.getPropertyValue('font-display') })),
  );
  expect(faces.length).toBeGreaterThan(0);
  for (const face of faces) {
    expect(face.src).toMatch(/url\("?\/_astro\/[^)]+\.woff2"?\) format\("woff2(-variations)?"\)/);
    expect(face.display).toBe('swap');
  }
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    const inter = [...document.fonts].filter(
      (f) => f.family.replace(/["']/g, '') === 'Inter Variable' && f.status === 'loaded',
    );
    return {
      faces: inter.length,
      check: document.fonts.check('1em "Inter Variable"'),
      body: getComputedStyle(document.body).fontFamily,
    };
  });
  expect(loaded.faces).toBeGreaterThan(0);
  expect(loaded.check).toBe(true);
  expect(loaded.body).toMatch(/^"?Inter Variable"?,/);

  expect(violations).toEqual([]);
});

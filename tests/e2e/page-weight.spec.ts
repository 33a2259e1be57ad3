// React loads only where it is needed (decision 0031): not for an anonymous visitor of the home page or a tool page,
// yet the signed-in home page still shows the dashboard and a toast carried to a page without islands still shows.
import { test, expect, type APIRequestContext, type Page, type Response } from './fixtures';
import type { PublicTool } from '../../db/queries/tools';
import type { CarriedToast } from '../../site/stores/toast';
import { isReactDomClient } from './react-dom';

async function aToolPage(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/tools?limit=1');
  expect(res.ok()).toBeTruthy();
  const [tool] = (await res.json()) as PublicTool[];
  expect(tool, 'the seed lists at least one tool').toBeTruthy();
  return `/tool/${tool.slug}`;
}

/** Every script body Chromium receives on this page until `stop`, lazily imported chunks included. */
function scriptsOf(page: Page): { bodies: Promise<string>[]; stop: () => void } {
  const bodies: Promise<string>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  };
  page.on('response', listener);
  return { bodies, stop: () => page.off('response', listener) };
}

/** Scrolls through the whole page (client:visible islands load when seen), then waits for the network and the
 * main thread to go quiet, so anything the page would still import has been asked for. */
async function readToTheEnd(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 50; i++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
  await page.waitForLoadState('networkidle');
}

async function reactLoaded(scripts: { bodies: Promise<string>[]; stop: () => void }): Promise<boolean> {
  scripts.stop();
  return (await Promise.all(scripts.bodies)).some(isReactDomClient);
}

test('an anonymous visitor of the home page and of a tool page downloads no React', async ({ page, request }) => {
  for (const path of ['/', await aToolPage(request)]) {
    const scripts = scriptsOf(page);
    await page.goto(path);
    // The toaster decided to wait for a first toast rather than load React now.
    await expect(page.locator('[data-toaster-root]')).toHaveAttribute('data-state', 'waiting');
    await readToTheEnd(page);
    expect(scripts.bodies.length, `${path} runs its own scripts (the navigation)`).toBeGreaterThan(0);
    expect(await reactLoaded(scripts), `${path} loaded react-dom`).toBe(false);
  }
});

test('a page that needs React still loads it: the directory', async ({ page }) => {
  // The check above is only meaningful if it does recognise React where React is.
  const scripts = scriptsOf(page);
  await page.goto('/directory');
  await readToTheEnd(page);
  expect(await reactLoaded(scripts)).toBe(true);
});

test('a signed-in visitor of the home page sees the dashboard instead of the landing page', async ({ page, login }) => {
  await login();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Submissions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Discover AI tools that actually work' })).toBeHidden();
});

test('a toast carried to a tool page is shown there, React loading for it', async ({ page, request }) => {
  const path = await aToolPage(request);
  await page.goto(path);
  await expect(page.locator('[data-toaster-root]')).toHaveAttribute('data-state', 'waiting');
  // What showToast(toast, { next: path }) leaves behind for the next page (site/stores/toast.ts); no page of the site
  // sends a visitor to a tool page with a toast today, but one that did must not need an island to show it.
  const carried: CarriedToast = {
    toast: { title: 'Carried over', description: 'Shown on a page without islands' },
    until: Date.now() + 30_000,
    page: path,
    signedIn: false,
  };
  await page.evaluate((saved) => sessionStorage.setItem('toast', JSON.stringify(saved)), carried);
  const scripts = scriptsOf(page);
  await page.reload();
  await expect(page.getByTestId('toast')).toContainText('Carried over');
  await expect(page.getByTestId('toast')).toContainText('Shown on a page without islands');
  expect(await reactLoaded(scripts)).toBe(true);
});

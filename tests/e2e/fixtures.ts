// The Playwright `test` every spec uses: `page.goto` also waits until the page's client:load islands have hydrated.
// A click that lands while React is still hydrating is queued and replayed after hydration, but its default action is
// not prevented: a category chip then both follows its link (a full page load) and runs its handler (a second fetch).
import { test as base, expect, type Page } from '@playwright/test';

/** Waits until every client:load island has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  // Astro drops the `ssr` marker once it has called hydrateRoot, but React hydrates inside a transition, in tasks of
  // its scheduler; an idle callback runs only when no such task is left, so hydration has committed by then.
  await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
}

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
export function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|run|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to run (securitypolicyviolation): ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

/** A browser without a device share sheet whose clipboard records what the page copies: read it with copiedText. */
export async function withoutShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { copied: string[] }).copied = [];
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (window as unknown as { copied: string[] }).copied.push(text) },
    });
  });
}

/** What the page copied since withoutShareSheet. */
export const copiedText = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { copied: string[] }).copied);

/**
 * Each test is its own visitor: a client address of its own, sent as X-Forwarded-For (the e2e server trusts one proxy
 * hop). Every test otherwise came from 127.0.0.1, so the per-address limits (20 registrations and 30 logins a quarter
 * hour, 5 contact messages an hour) were shared by the whole run and the run's later sign-ups met 429.
 */
const visitorAddress = (testId: string, retry: number): string => {
  const n = Number.parseInt(testId.slice(0, 6), 16) ^ retry;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress(testInfo.testId, testInfo.retry) });
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await islandsHydrated(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
export type * from '@playwright/test';

// The Playwright `test` every spec uses: `page.goto` also waits until the page's client:load islands have hydrated.
// A click that lands while React is still hydrating is queued and replayed after hydration, but its default action is
// not prevented: a category chip then both follows its link (a full page load) and runs its handler (a second fetch).
// Each test makes its own accounts (insertNewUser, login, requestAs), deleted after it, so that tests on several workers
// never share a user (docs/decisions/0073).
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { createUser, deleteUsers, sessionCookies, type NewTestUser, type TestUser } from './users';

export { ADMIN, insertTools, type TestUser } from './users';

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
    if (/Content Security Policy|Refused to (execute|load|apply|run|connect|frame)/i.test(message.text()))
      violations.push(message.text());
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
export const copiedText = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { copied: string[] }).copied);

/**
 * Each test is its own visitor: a client address of its own, sent as X-Forwarded-For (the e2e server trusts one proxy
 * hop). Every test otherwise came from 127.0.0.1, so the per-address limits (20 registrations and 30 logins a quarter
 * hour, 5 contact messages an hour) were shared by the whole run and the run's later sign-ups met 429.
 */
const visitorAddress = (testId: string, retry: number): string => {
  const n = Number.parseInt(testId.slice(0, 6), 16) ^ retry;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Lets through the error of a wait whose page navigated away meanwhile; anything else still fails the test. */
function leftByItself(error: unknown): void {
  if (!(error instanceof Error && /Execution context was destroyed/.test(error.message))) throw error;
}

interface UserFixtures {
  /** The accounts this test made, deleted after it (after its pages and request contexts are done with them). */
  ownAccounts: { ids: number[]; emails: string[] };
  /** A new account of this test's own (a member unless told: a role, isAdmin, Premium), deleted with all it owns after the test. */
  insertNewUser: (options?: NewTestUser) => Promise<TestUser>;
  /** An account the test makes through the product itself (a registration form), deleted like insertNewUser's. */
  deleteAfter: (email: string) => void;
  /** insertNewUser, with the page's browser context signed in as it. */
  login: (options?: NewTestUser) => Promise<TestUser>;
  /** Signs a browser context in as the user, as the sign-in form would: a session row and its cookies. */
  signIn: (context: BrowserContext, user: TestUser) => Promise<void>;
  /** A request context of this test's visitor signed in as the user, disposed of after the test. */
  requestAs: (user: TestUser) => Promise<APIRequestContext>;
}

export const test = base.extend<UserFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress(testInfo.testId, testInfo.retry) });
  },
  ownAccounts: async ({ baseURL }, use) => {
    const accounts = { ids: [], emails: [] };
    await use(accounts);
    await deleteUsers(accounts.ids, accounts.emails, baseURL as string);
  },
  insertNewUser: async ({ ownAccounts }, use) => {
    await use(async (options) => {
      const user = await createUser(options);
      ownAccounts.ids.push(user.id);
      return user;
    });
  },
  deleteAfter: async ({ ownAccounts }, use) => {
    await use((email) => void ownAccounts.emails.push(email));
  },
  signIn: async ({ baseURL }, use) => {
    await use(async (context, user) => context.addCookies(await sessionCookies(user.id, baseURL as string)));
  },
  login: async ({ page, insertNewUser, signIn }, use) => {
    await use(async (options) => {
      const user = await insertNewUser(options);
      await signIn(page.context(), user);
      return user;
    });
  },
  requestAs: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const made: APIRequestContext[] = [];
    await use(async (user) => {
      const cookies = await sessionCookies(user.id, baseURL as string);
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders,
        storageState: { cookies, origins: [] },
      });
      made.push(request);
      return request;
    });
    await Promise.all(made.map((request) => request.dispose()));
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A page that leaves by itself (a signed-out visit to /dashboard goes on to /auth) may do so while the wait runs:
      // its islands are no longer there to wait for, and the test waits for where it went.
      if (options?.waitUntil !== 'commit') await islandsHydrated(page).catch(leftByItself);
      return response;
    };
    await use(page);
  },
});

export { expect };
export type * from '@playwright/test';

// The /contact form in Chromium: a visitor is told what is missing, sends a message and sees the success toast; a
// signed-in Premium member finds their name and e-mail filled in and their message reaches the admin's Messages tab
// as priority; the admin opens it and marks it handled, and in development mode reads the e-mails in Settings.
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, test, expect, type Page } from './fixtures';
import { MSG, TOAST } from '../../lib/messages';

let counter = 0;
/** A name no other test run or test in this run uses. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

const toast = (page: Page) => page.getByTestId('toast');

async function expectNoAxeViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).exclude('iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function fillMessage(page: Page, topic: string, message: string) {
  await page.getByLabel('Topic').selectOption({ label: topic });
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test('a visitor is told what is missing, then sends a message and sees it was sent; the admin reads it and marks it handled', async ({
  page,
  browser,
  baseURL,
  insertNewUser,
  signIn,
}) => {
  await page.goto('/contact');
  // The page keeps its addresses beside the form.
  await expect(page.locator('a[href^="mailto:support@"]')).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText(MSG.contactNameRequired)).toBeVisible();
  await expect(form.getByText(MSG.invalidEmail)).toBeVisible();
  await expect(form.getByText(MSG.contactTopicRequired)).toBeVisible();
  await expect(form.getByText(MSG.contactMessageTooShort)).toBeVisible();

  const name = unique('Visitor');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('visitor@example.com');
  await fillMessage(page, 'Partnerships', 'We would like to list our 12 tools together.\nWho should we talk to?');
  await expect(toast(page)).toContainText(TOAST.contactSent.title);
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  const context = await browser.newContext({ baseURL });
  await signIn(context, await insertNewUser(ADMIN));
  const admin = await context.newPage();
  await admin.goto('/admin#messages');
  const row = admin.getByTestId('contact-message').filter({ hasText: name });
  await expect(row).toContainText('Partnerships');
  await expect(row.getByText('Priority')).toHaveCount(0);
  await row.getByRole('button', { name: `Open the message from ${name}` }).click();
  await expect(row.getByText('Who should we talk to?')).toBeVisible();
  await row.getByRole('button', { name: /Mark handled/ }).click();
  await expect(admin.getByTestId('toast')).toContainText(TOAST.messageHandled);
  await expect(row.getByText('Handled', { exact: true })).toBeVisible();
  await expect(row).toContainText(/handled by/);
  await expectNoAxeViolations(admin, '#admin-panel-messages');

  // Development mode: Settings lists the e-mails the message queued; opening one previews it in a sandboxed frame.
  await admin.goto('/admin#settings');
  const outbox = admin.getByRole('region', { name: 'Latest e-mails in the outbox' });
  const confirmation = outbox.getByTestId('outbox-row').filter({ hasText: 'To visitor@example.com' }).first();
  await expect(confirmation).toContainText('We received your message');
  await confirmation.getByRole('button', { name: /Open/ }).click();
  const frame = confirmation.locator('iframe');
  // No scripts in the frame: only the same origin, so the panel can apply the e-mail's own styles.
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  const heading = admin
    .frameLocator(`[data-testid="outbox-row"] iframe`)
    .first()
    .getByRole('heading', { name: 'We received your message' });
  await expect(heading).toBeVisible();
  // Styled as the reader sees it: the page's CSP blocks a frame's style attributes, so they are applied as CSSOM.
  await expect(heading).toHaveCSS('font-size', '22px');
  await confirmation.getByRole('button', { name: 'Text' }).click();
  // The sender's address is unverified, so the confirmation repeats nothing they wrote (decision 0056).
  await expect(confirmation.locator('pre')).toContainText('We reply within 2 business days');
  await expect(confirmation.locator('pre')).not.toContainText('Who should we talk to?');
  await expectNoAxeViolations(admin, 'section[aria-labelledby="settings-outbox"]');
  await context.close();
});

test("a signed-in Premium member's name and e-mail are filled in, and the admin sees the message as priority", async ({
  page,
  browser,
  baseURL,
  login,
  insertNewUser,
  signIn,
}) => {
  const lastName = unique('Member');
  const { email } = await login({ firstName: 'Priya', lastName, isPremium: true });
  const admin = await browser.newContext({ baseURL });
  await signIn(admin, await insertNewUser(ADMIN));

  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByLabel('Name')).toHaveValue(`Priya ${lastName}`);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await fillMessage(page, 'Billing', 'Please send me an invoice with our VAT number.');
  await expect(toast(page)).toContainText(TOAST.contactSent.title);

  const panel = await admin.newPage();
  await panel.goto('/admin#messages');
  const rows = panel.getByTestId('contact-message');
  // Open priority messages come first.
  await expect(rows.first()).toContainText(`Priya ${lastName}`);
  await expect(rows.first().getByText('Priority', { exact: true })).toBeVisible();
  await admin.close();
});

test('with JavaScript off the form posts: a refusal keeps what was written, a message is stored and confirmed', async ({
  browser,
  baseURL,
  insertNewUser,
  signIn,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const name = unique('No script');
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('noscript@example.com');
  await form.getByLabel('Topic').selectOption({ label: 'Support' });
  await form.getByRole('textbox', { name: 'Message' }).fill('Too short');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toContainText(MSG.contactMessageTooShort);
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await expect(form.getByLabel('Topic')).toHaveValue('support');
  await form.getByRole('textbox', { name: 'Message' }).fill('The message, sent without any JavaScript at all.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForURL((url) => url.pathname === '/contact' && url.search === '?sent=1');
  await expect(page.getByTestId('contact-received')).toContainText(TOAST.contactSent.title);
  await page.screenshot({ path: 'test-results/screens/contact-no-js-sent.png', fullPage: true });
  // Stored: the admin's list has it.
  await signIn(context, await insertNewUser(ADMIN));
  const messages = await (await context.request.get('/api/admin/messages?limit=100')).json();
  expect(messages.map((m: { name: string }) => m.name)).toContain(name);
  await context.close();
});

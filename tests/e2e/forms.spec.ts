// The forms on react-hook-form with the API's zod schemas: the submit button's pending state and a refused
// submission, a change request refused in the browser and by the server, and a rejection without its reason.
import { ADMIN, test, expect, type APIRequestContext } from './fixtures';
import { MSG } from '../../lib/messages';

/** The account signed in on `api` submits a tool through the API; its name and id. */
async function submitTool(api: APIRequestContext): Promise<{ name: string; id: number }> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Formwise ${stamp}`;
  const res = await api.post('/api/tools', {
    multipart: {
      name,
      url: `https://formwise-${stamp}.example.com`,
      description: 'Turns paper forms into web forms and checks every answer.',
      tags: 'productivity',
      isPremium: 'false',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, id: (await res.json()).id };
}

test('the submit button reads Submitting... while the call runs; a refusal is toasted and the form can be sent again', async ({
  page,
  login,
}) => {
  await login();
  const listed = (await (await page.request.get('/api/tools?search=ChatGPT&limit=1')).json()) as {
    name: string;
    url: string;
  }[];
  expect(listed.length, 'the seed needs ChatGPT').toBe(1);

  await page.goto('/submit');
  await page.getByLabel('Tool Name').fill('Another ChatGPT');
  await page.getByLabel('Website URL').fill(listed[0].url);
  await page.getByLabel('Tool Description').fill('A copy of a tool the directory already lists.');
  await page.getByLabel('Productivity').check();

  // The call is held until the pending state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tools', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Tool for Review' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();

  await expect(page.getByTestId('toast')).toContainText('Submission Failed');
  await expect(page.getByTestId('toast')).toContainText(MSG.toolAlreadyListed(listed[0].name));
  await expect(page.getByRole('button', { name: 'Submit Tool for Review' })).toBeEnabled();
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  await expect(page.getByLabel('Tool Name')).toHaveValue('Another ChatGPT');
});

test("a change request shows the schema's message, sends nothing, and shows the server's refusal in the same place", async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  await login();
  const { name, id } = await submitTool(page.request);
  const admin = await requestAs(await insertNewUser(ADMIN));
  expect(
    (
      await admin.post(`/api/admin/tools/${id}/approve`, {
        data: { curatorTake: 'Fills forms well.', qualityScore: 6 },
      })
    ).ok(),
  ).toBeTruthy();

  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/tools/${id}/change-requests`)) posted++;
  });
  await page.goto('/dashboard');
  await page.getByTestId('submission-row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Website URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.invalidUrl);
  expect(posted).toBe(0);

  // The URL as it was: nothing differs from the tool, which the server refuses.
  await dialog
    .getByLabel('Website URL')
    .fill((await (await page.request.get('/api/user/tools')).json()).find((t: { id: number }) => t.id === id).url);
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.noChanges);
  expect(posted).toBe(1);
  await expect(dialog.getByRole('button', { name: 'Submit Changes' })).toBeEnabled();
});

test('rejecting a tool needs a reason: the message is tied to the reason, which takes the focus, and nothing is sent', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const { name, id } = await submitTool(await requestAs(await insertNewUser()));
  await login(ADMIN);
  await page.goto('/admin');

  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/admin/tools/${id}/reject`)) posted++;
  });
  await page.getByTestId('pending-row').filter({ hasText: name }).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${name}` });
  await dialog.getByRole('button', { name: 'Reject Tool' }).click();
  const reason = dialog.getByLabel('Rejection Reason');
  await expect(dialog.getByRole('alert')).toHaveText('Rejection reason is required');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Rejection reason is required');
  expect(posted).toBe(0);

  await reason.fill('Not an AI tool');
  await dialog.getByRole('button', { name: 'Reject Tool' }).click();
  await expect(page.getByTestId('toast')).toContainText('Tool Rejected');
  await expect(dialog).toBeHidden();
  expect(posted).toBe(1);
});

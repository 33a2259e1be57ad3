// The review queue a submitter sees: a pending tool's place and the editors' request for changes on the dashboard,
// and a rejection's reason from the list, picked in the admin's Reject dialog, shown with its advice.
import { ADMIN, test, expect, type APIRequestContext } from './fixtures';
import { LISTING_MSG } from '../../lib/listing-messages';
import { REJECTION_REASONS } from '../../lib/review-queue';

async function submitTool(api: APIRequestContext): Promise<{ name: string; id: number }> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Queuewise ${stamp}`;
  const res = await api.post('/api/tools', {
    multipart: {
      name,
      url: `https://queuewise-${stamp}.example.com`,
      description: 'Sorts a support inbox by urgency and drafts the first answers.',
      tags: 'productivity',
      isPremium: 'false',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, id: (await res.json()).id };
}

test('the dashboard shows a pending tool’s place in the queue and the changes the editors asked for', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const member = await login();
  const { name, id } = await submitTool(await requestAs(member));
  const editor = await requestAs(await insertNewUser({ role: 'staff' }));
  const asked = await editor.post(`/api/admin/tools/${id}/request-changes`, {
    data: { note: 'Say which languages it answers in.' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { position } = await asked.json();

  await page.goto('/dashboard');
  const row = page.getByTestId('submission-row').filter({ hasText: name });
  const line = row.getByTestId('queue-line');
  await expect(line).toContainText(`#${position} of `);
  await expect(line).toContainText(/decision expected (by|within)/i);
  await expect(line.getByTestId('changes-requested')).toContainText(LISTING_MSG.changesRequested);
  await expect(line.getByTestId('changes-requested')).toContainText('Say which languages it answers in.');
});

test('an editor rejects with a reason from the list; the submitter sees it with its advice and no resubmit', async ({
  page,
  context,
  login,
  insertNewUser,
  requestAs,
  signIn,
}) => {
  const member = await insertNewUser();
  const { name } = await submitTool(await requestAs(member));
  await login(ADMIN);
  await page.goto('/admin');
  await page.getByTestId('pending-row').filter({ hasText: name }).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${name}` });
  await dialog.getByLabel('Reason', { exact: true }).selectOption('duplicate');
  await expect(dialog.getByTestId('reject-advice')).toContainText(REJECTION_REASONS.duplicate.advice);
  await dialog.getByLabel('Rejection Reason').fill('Listed last spring as Queuewise.');
  await dialog.getByRole('button', { name: 'Reject Tool' }).click();
  await expect(dialog).toBeHidden();

  await context.clearCookies();
  await signIn(context, member);
  await page.goto('/dashboard');
  const row = page.getByTestId('submission-row').filter({ hasText: name });
  await expect(row.getByTestId('rejection-label')).toHaveText(REJECTION_REASONS.duplicate.label);
  await expect(row.getByTestId('status-reason')).toContainText('Listed last spring as Queuewise.');
  await expect(row.getByTestId('rejection-advice')).toHaveText(REJECTION_REASONS.duplicate.advice);
  await expect(row.getByRole('link', { name: 'Edit & resubmit' })).toHaveCount(0);
});

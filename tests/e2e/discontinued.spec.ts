// Discontinued tools in Chromium: an admin marks a tool discontinued in the Approved tab; its page says so with its
// alternatives first, /graveyard lists it, and the directory hides it until "Include discontinued tools" is ticked.
import { ADMIN, expect, insertTools, test, type Page } from './fixtures';
import { slugify } from '../../lib/slug';

const toast = (page: Page) => page.getByTestId('toast').last();

test('an admin marks a tool discontinued: its page says so, the graveyard lists it, the directory only when asked', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const admin = await login(ADMIN);
  const owner = await insertNewUser();
  const suffix = crypto.randomUUID().slice(0, 8);
  const name = `Fading Fonts ${suffix}`;
  await insertTools(owner.id, [
    {
      name,
      slug: slugify(name),
      url: `https://fading-fonts-${suffix}.example.com`,
      description: 'Pairs display fonts with body text for a brand in seconds.',
      tags: ['design'],
    },
  ]);
  const api = await requestAs(admin);
  const pending = (await (await api.get('/api/admin/tools/pending')).json()) as { id: number; name: string }[];
  const id = pending.find((tool) => tool.name === name)!.id;
  const approved = await api.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Quick, tasteful pairings.', qualityScore: 7 },
  });
  expect(approved.status()).toBe(200);

  await page.goto('/admin#approved');
  await page.getByLabel('Search approved tools').fill(name);
  const row = page.getByTestId('approved-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Mark discontinued' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${name} discontinued` });
  await dialog.getByRole('button', { name: 'Mark discontinued' }).click();
  await expect(dialog.getByRole('alert')).toContainText('A reason is required to mark a tool discontinued');
  await dialog.getByLabel('Reason (shown on its page)').fill('The studio closed and the site now redirects away.');
  await dialog.getByRole('button', { name: 'Mark discontinued' }).click();
  await expect(toast(page)).toContainText(`${name} marked discontinued`);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('discontinued-badge')).toHaveText('Discontinued');
  await expect(row.getByRole('button', { name: 'Unlist' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'List again' })).toBeVisible();

  // The page stays: the notice, the archive link and the alternatives come first; no Visit Tool.
  await page.goto(`/tool/${slugify(name)}`);
  const notice = page.getByTestId('discontinued-notice');
  await expect(notice).toContainText('Discontinued on');
  await expect(notice).toContainText('The studio closed and the site now redirects away.');
  await expect(notice.getByTestId('archive-link')).toHaveAttribute(
    'href',
    new RegExp(`^https://web\\.archive\\.org/web/\\d{8}/https://fading-fonts-${suffix}\\.example\\.com`),
  );
  await expect(page.getByTestId('site-discontinued')).toBeVisible();
  await expect(page.locator('a[data-visit-tool]')).toHaveCount(0);

  await page.goto('/graveyard');
  await expect(page.getByTestId('graveyard-tool').filter({ hasText: name })).toContainText(
    'The studio closed and the site now redirects away.',
  );

  // The directory leaves it out until the visitor asks for discontinued tools.
  await page.goto(`/directory?q=${encodeURIComponent(suffix)}`);
  await expect(page.getByTestId('tool-card')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Include discontinued tools' }).check();
  await expect(page.getByTestId('tool-card').filter({ hasText: name })).toBeVisible();
  await expect(page).toHaveURL(/discontinued=include/);
});

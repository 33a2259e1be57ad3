// What a verified owner gets, in Chromium (docs/decisions/0099): the tool's page shows the mark, the owner's dashboard
// lists the tool with Request a Change (a change request from the tool's public record), and the admin's Claims tab
// revokes the claim with a reason, which the owner is e-mailed and the page stops showing.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../db/schema';
import { ADMIN, insertTools, test, expect } from './fixtures';
import { latestEmailText } from './users';

/** The e2e server's database (tests/e2e/users.ts opens it the same way). */
function database() {
  const client = createClient({ url: `file:${join(process.env.E2E_DATA_DIR ?? '', 'app.db')}`, timeout: 10_000 });
  return drizzle(client, { schema });
}

test('a verified owner requests a change from the dashboard, and an admin revokes the claim with a reason', async ({
  page,
  browser,
  insertNewUser,
  signIn,
  login,
  requestAs,
}) => {
  const db = database();
  const submitter = await insertNewUser();
  const name = `Owned Otter ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await insertTools(submitter.id, [
    { name, slug, url: `https://${slug}.example.com`, description: `${name} writes release notes.`, tags: ['design'] },
  ]);
  const tool = (await db.query.tools.findFirst({ where: eq(schema.tools.slug, slug) }))!;
  const admin = await insertNewUser(ADMIN);
  const api = await requestAs(admin);
  // Approved through the API, as an editor would: the page is then served at once.
  const approved = await api.post(`/api/admin/tools/${tool.id}/approve`, {
    data: { curatorTake: 'Tidy notes, fast.', qualityScore: 7 },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const owner = await login();
  await db.insert(schema.toolOwners).values({
    toolId: tool.id,
    userId: owner.id,
    method: 'dns',
    status: 'verified',
    domain: 'example.com',
    verifiedAt: new Date('2026-11-03T10:00:00Z'),
  });
  // The claim was written behind the server's back: a change of the tool names its tag, as the claiming work does.
  const edited = await api.patch(`/api/admin/tools/${tool.id}`, { data: { curatorTake: 'Tidy notes, very fast.' } });
  expect(edited.status(), await edited.text()).toBe(200);
  await page.goto(`/tool/${slug}`);
  await expect(page.getByTestId('owner-mark')).toContainText('Verified owner');
  await expect(page.getByTestId('owner-mark')).toContainText('by DNS record since November 3, 2026');

  await page.goto('/dashboard');
  const row = page.getByTestId('owned-tool-row').filter({ hasText: name });
  await expect(row).toContainText('Verified');
  await row.getByRole('button', { name: 'Request a Change' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Tool Description').fill(`${name} writes release notes and changelogs.`);
  await dialog.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Change Request Submitted' })).toBeVisible();
  await expect(row).toContainText('Changes pending review');

  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await signIn(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin#claims');
  const claim = adminPage.getByTestId('claim').filter({ hasText: name });
  await expect(claim).toContainText(owner.email);
  await claim.getByRole('button', { name: /Revoke/ }).click();
  const reason = 'The DNS record now names another company.';
  await adminPage.getByTestId('revoke-claim-dialog').getByRole('textbox').fill(reason);
  await adminPage.getByTestId('revoke-claim-dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Claim revoked' })).toBeVisible();
  await expect(claim).toContainText('Revoked');
  await expect(claim).toContainText(reason);
  await adminContext.close();

  expect(await latestEmailText(owner.email, 'claim-revoked')).toContain(reason);
  await page.goto(`/tool/${slug}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('owner-mark')).toHaveCount(0);
});

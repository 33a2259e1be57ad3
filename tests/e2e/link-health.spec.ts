// Link health in Chromium (docs/decisions/0102): a tool whose site failed three daily checks shows "could not reach"
// on its page, and the admin Link Health tab lists it with its last checks; Recheck now runs a check and says what it
// found. The tool's address is a loopback one: the guarded client refuses it at once, with no network.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../db/schema';
import { ADMIN, insertTools, test, expect } from './fixtures';

const DAY = 86_400_000;
const SHOTS = process.env.SHOTS_DIR;

/** The e2e server's database (tests/e2e/users.ts opens it the same way). */
function database() {
  const client = createClient({ url: `file:${join(process.env.E2E_DATA_DIR ?? '', 'app.db')}`, timeout: 10_000 });
  return drizzle(client, { schema });
}

test('the admin Link Health tab lists a failing tool with its last checks, and Recheck now checks it', async ({
  page,
  insertNewUser,
  login,
  requestAs,
}) => {
  const db = database();
  const owner = await insertNewUser();
  const name = `Fading Fox ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await insertTools(owner.id, [
    {
      name,
      slug,
      url: `http://127.0.0.1:9/${slug}`,
      description: `${name} drafts replies to support tickets.`,
      tags: ['productivity'],
    },
  ]);
  const tool = (await db.query.tools.findFirst({ where: eq(schema.tools.slug, slug) }))!;
  const now = Date.now();
  const failingSince = new Date(now - 3 * DAY);
  await db.insert(schema.linkHealth).values({
    toolId: tool.id,
    state: 'failing',
    failStreak: 3,
    lastOutcome: 'failed',
    lastStatus: 404,
    lastCheckedAt: new Date(now - DAY),
    failingSince,
    nextCheckAt: new Date(now + DAY),
  });
  await db.insert(schema.linkChecks).values(
    [3, 2, 1].map((days) => ({
      toolId: tool.id,
      checkedAt: new Date(now - days * DAY),
      outcome: 'failed' as const,
      status: 404,
      finalUrl: tool.url,
      detail: '404',
    })),
  );

  const admin = await login(ADMIN);
  // Approved through the API, as an editor would: the page is then served at once.
  const api = await requestAs(admin);
  const approved = await api.post(`/api/admin/tools/${tool.id}/approve`, {
    data: { curatorTake: 'Quick replies, good tone.', qualityScore: 7 },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.goto(`/tool/${slug}`);
  await expect(page.getByTestId('link-unreachable')).toContainText('We could not reach 127.0.0.1 since');
  await expect(page.getByTestId('link-checked')).toContainText(/Link checked (\d+ hours|1 day|\d+ days) ago|less than/);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'tool-page-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'tool-page-1280.png') });
  }

  await page.goto('/admin#link-health');
  const row = page.getByTestId('link-health-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('link-state')).toHaveText('Failing');
  await expect(row.getByRole('list', { name: 'Last checks' }).getByRole('listitem')).toHaveCount(3);
  await row.getByRole('button', { name: 'Recheck now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Link checked' })).toContainText(`${name}: failed`);
  await expect(row.getByRole('list', { name: 'Last checks' }).getByRole('listitem')).toHaveCount(4);
  await expect(row.getByRole('list', { name: 'Last checks' }).getByRole('listitem').first()).toContainText('address');
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'admin-link-health-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'admin-link-health-390.png'), fullPage: true });
  }
});

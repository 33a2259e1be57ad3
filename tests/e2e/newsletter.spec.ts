// The newsletter in Chromium (docs/decisions/0105 to 0107): a visitor subscribes, confirms from the e-mail in the
// outbox by the page's button, an admin sends the weekly digest now, and the reader's mail client unsubscribes them
// with one POST to the List-Unsubscribe address (RFC 8058). Development mode keeps every e-mail in the outbox.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { and, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../db/schema';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { ADMIN, insertTools, test, expect } from './fixtures';
import { latestEmailText } from './users';

const SHOTS = process.env.SHOTS_DIR;

/** The e2e server's database (tests/e2e/users.ts opens it the same way). */
function database() {
  const client = createClient({ url: `file:${join(process.env.E2E_DATA_DIR ?? '', 'app.db')}`, timeout: 10_000 });
  return drizzle(client, { schema });
}

test('subscribe, confirm from the e-mail, the admin sends the digest, and one click unsubscribes', async ({
  page,
  insertNewUser,
  login,
  request,
}) => {
  const db = database();
  const reader = `reader-${Date.now().toString(36)}@example.com`;

  // A visitor subscribes on /newsletter: nothing is subscribed until the confirmation page's button is pressed.
  await page.goto('/newsletter');
  await page.getByTestId('subscribe-newsletter-page').getByLabel('Your e-mail address').fill(reader);
  await page.getByTestId('subscribe-newsletter-page').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(ENGAGE_MSG.subscribeSent)).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await latestEmailText(reader, 'newsletter-confirm'))?.match(/\/newsletter\/confirm\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  await page.goto(link as string);
  const pending = await db.query.subscribers.findFirst({ where: eq(schema.subscribers.email, reader) });
  expect(pending?.status).toBe('pending');
  await page.getByTestId('confirm-subscription').click();
  await expect(page.getByText(ENGAGE_MSG.confirmed)).toBeVisible();

  // Three tools approved this week, so the week is not too thin to send; an issue sent today by a retry moves aside.
  const owner = await insertNewUser();
  const stamp = Date.now().toString(36);
  await insertTools(
    owner.id,
    [8, 7, 6].map((score, i) => ({
      name: `Digest Pick ${i} ${stamp}`,
      slug: `digest-pick-${i}-${stamp}`,
      url: `https://digest-pick-${i}-${stamp}.example.com`,
      description: `Digest pick ${i} writes weekly summaries.`,
      tags: ['productivity' as const],
      status: 'approved' as const,
      qualityScore: score,
      curatorTake: 'Sharp and quick.',
      approvedAt: new Date(Date.now() - 60_000),
    })),
  );
  await db
    .update(schema.newsletterIssues)
    .set({ issueDate: `moved-${stamp}` })
    .where(eq(schema.newsletterIssues.issueDate, new Date().toISOString().slice(0, 10)));

  // The admin, in the same browser: drafts the digest from the data and sends it now (two clicks: it cannot be undone).
  await login(ADMIN);
  await page.goto('/admin#newsletter');
  await page.getByRole('button', { name: 'Draft from the data' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: ENGAGE_MSG.digestDrafted })).toBeVisible();
  const issue = page.getByTestId('next-issue');
  await issue.getByRole('button', { name: 'Send now' }).click();
  await issue.getByRole('button', { name: 'Send to every reader now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /Sent to \d+ reader/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'admin-newsletter-1280.png'), fullPage: true });

  // The reader's copy carries RFC 8058's headers: their mail client's one POST unsubscribes them at once.
  const [digest] = await db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, reader), eq(schema.emailOutbox.kind, 'digest')))
    .orderBy(desc(schema.emailOutbox.id))
    .limit(1);
  expect(digest?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = digest?.headers?.['List-Unsubscribe']?.match(/<(https?:[^>]+)>/)?.[1];
  expect(oneClick).toBeTruthy();
  expect(digest?.text).toContain('Digest Pick 0');
  const unsubscribed = await request.post(oneClick as string, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { origin: 'https://mail.example.net' },
  });
  expect(unsubscribed.status()).toBe(200);
  const after = await db.query.subscribers.findFirst({ where: eq(schema.subscribers.email, reader) });
  expect(after?.status).toBe('unsubscribed');
});

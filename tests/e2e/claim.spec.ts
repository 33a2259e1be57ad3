// Claiming a listing in Chromium (docs/decisions/0099): from a seeded tool's page, a member with a verified address
// claims it by e-mail (the code read from the outbox) and the claim screen says it is verified; a member whose address
// is not verified is told how to verify it first. Screenshots at phone and desktop widths; axe finds nothing.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { latestEmailText } from './users';
import type { PublicTool } from '../../db/queries/tools';
import { LISTING_MSG } from '../../lib/listing-messages';
import { isSharedHost, registrableDomain } from '../../lib/registrable-domain';

const SHOTS = '/tmp/shots-o1';

/** A seeded tool an address on its own domain can claim (not on a shared host). */
async function claimableTool(request: APIRequestContext): Promise<PublicTool & { domain: string }> {
  const tools = (await (await request.get('/api/tools?limit=50')).json()) as PublicTool[];
  const tool = tools.find((t) => !isSharedHost(t.url) && registrableDomain(t.url));
  if (!tool) throw new Error('the seed needs a tool on a domain of its own');
  return { ...tool, domain: registrableDomain(tool.url)! };
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a verified member claims a seeded tool by e-mail and sees it verified', async ({ page, request, login }) => {
  const tool = await claimableTool(request);
  await login({ emailVerifiedAt: new Date() });
  await page.goto(`/tool/${tool.slug}`);
  await page.getByTestId('claim-link').click();
  await expect(page).toHaveURL(new RegExp(`/claim\\?tool=${tool.slug}$`));
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();

  const address = `founder@${tool.domain}`;
  await page.getByLabel("Address on the tool's domain").fill(address);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('claim-message')).toHaveText(LISTING_MSG.claimCodeSent(address));
  await expect(page.getByTestId('claim-status').first()).toHaveText('Pending');
  await shoot(page, 'claim-code-sent');

  const mail = await latestEmailText(address, 'claim-code');
  const code = /\b[0-9]{6}\b/.exec(mail ?? '')?.[0];
  expect(code, 'the code e-mailed to the address').toBeDefined();
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('claim-message')).toHaveText(LISTING_MSG.claimVerified(tool.name));
  await expect(page.getByTestId('claim-next')).toHaveText(LISTING_MSG.claimNextVerifiedEmail);
  await expect(page.getByTestId('my-claim')).toContainText('Verified');
  await shoot(page, 'claim-verified');
});

test('a DNS claim shows its token once, with the record to add', async ({ page, request, login }) => {
  const tool = await claimableTool(request);
  await login({ emailVerifiedAt: new Date() });
  await page.goto(`/claim?tool=${tool.slug}`);
  await page.getByText('DNS record', { exact: true }).click();
  await page.getByRole('button', { name: 'Get my token' }).click();
  const name = `_aitools-verify.${tool.domain}`;
  await expect(page.getByTestId('claim-token')).toContainText(`Add a TXT record named ${name}`);
  await expect(page.getByTestId('claim-token')).toContainText('aitools-verify=');
  await shoot(page, 'claim-dns-token');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a member whose address is not verified is told how to verify it first', async ({ page, request, login }) => {
  const tool = await claimableTool(request);
  await login();
  await page.goto(`/claim?tool=${tool.slug}`);
  await expect(page.getByTestId('claim-verify-first')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter the code' })).toHaveAttribute('href', '/auth/verify');
  await shoot(page, 'claim-verify-first');
});

test('signed out, the claim screen sends the visitor to sign in and back', async ({ page, request }) => {
  const tool = await claimableTool(request);
  await page.goto(`/claim?tool=${tool.slug}`);
  await expect(page).toHaveURL(/\/auth\?next=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('next') ?? '')).toBe(`/claim?tool=${tool.slug}`);
});

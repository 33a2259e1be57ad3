// The admin panel in Chromium: an admin moderates a fresh submission end to end (approve, then the
// public directory lists it; edits, premium, unlist, follow-up review, change requests, users, blog);
// staff see no User Management; guest reviewers see pending tools without Approve; others are sent away.
// Staff cannot judge their own submission, the admin role cannot hand out roles, and a user suspended
// while signed in is told why (docs/decisions/0010 and 0023).
// Every account is the test's own (fixtures.ts), so the tests run side by side on several workers.
import { ADMIN, insertTools, test, expect, type APIRequestContext, type Page } from './fixtures';
import { MSG, TOAST } from '../../lib/messages';

const SCREENS = 'test-results/screens';

let counter = 0;
/** A name no other test run or test in this run uses. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** The account signed in on `api` submits a new tool for review; its name and id. */
async function submitTool(api: APIRequestContext, tag = 'development') {
  const name = unique('E2E Tool');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const res = await api.post('/api/tools', {
    multipart: {
      name,
      url: `https://${slug}.example.com`,
      description: `${name} summarises long meetings into action items for busy teams.`,
      tags: tag,
      isPremium: 'false',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, id: ((await res.json()) as { id: number }).id };
}

function toast(page: Page) {
  return page.getByTestId('toast');
}

/** A full-page screenshot of the panel, without a toast in front of it. */
async function screen(page: Page, name: string) {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible()) await dismiss.click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/admin-${name}.png`, fullPage: true });
}

async function openTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test('an admin approves a submission, which then appears in the public directory', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const submitter = await requestAs(await insertNewUser());
  const { name, id } = await submitTool(submitter);
  await login(ADMIN);
  await page.goto('/admin');

  // Stat cards and the tabs an admin may use.
  for (const key of ['total', 'pending', 'approved', 'premium', 'users'])
    await expect(page.getByTestId(`stat-${key}`)).toBeVisible();
  for (const tab of [
    /Pending Review/,
    'Approved Tools',
    'Change Requests',
    'User Management',
    'Blog CMS',
    'Settings',
  ]) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  const row = page.getByTestId('pending-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Development')).toBeVisible(); // the category badge
  await expect(row.getByRole('link', { name: /View/ })).toHaveAttribute('target', '_blank');
  await screen(page, 'pending');

  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${name}` });
  await expect(dialog).toBeVisible();
  const score = dialog.getByLabel('Quality Score');
  await expect(score).toHaveValue('5'); // the default
  await dialog.getByRole('button', { name: 'Approve Tool' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Curator take is required.');
  await dialog.getByLabel("Curator's Take").fill('Turns an hour of talk into five clear action items.');
  await score.fill('14');
  await score.blur();
  await expect(score).toHaveValue('10'); // clamped to 1..10
  await score.fill('8');
  await dialog.getByRole('button', { name: 'Approve Tool' }).click();
  await expect(toast(page)).toContainText('Tool Approved');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pending-row').filter({ hasText: name })).toHaveCount(0);

  // Live in the public catalogue API and in the directory search.
  const listed = (await (
    await page.request.get(`/api/tools?limit=12&offset=0&search=${encodeURIComponent(name)}`)
  ).json()) as { name: string; qualityScore: number }[];
  expect(listed.map((t) => t.name)).toContain(name);
  expect(listed.find((t) => t.name === name)?.qualityScore).toBe(8);
  await page.goto(`/directory?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // Approved Tools: search, filter, counts, Clear filters.
  await page.goto('/admin#approved');
  await expect(page.getByRole('tab', { name: 'Approved Tools' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Search approved tools').fill(name);
  await expect(page.getByTestId('approved-count')).toHaveText(/^Showing 1 of \d+ tools$/);
  const approvedRow = page.getByTestId('approved-row').filter({ hasText: name });
  await expect(approvedRow).toContainText('8/10');
  await expect(approvedRow.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
  await expect(approvedRow).toContainText('Free');
  await page.getByLabel('Listing type').selectOption('premium');
  await expect(page.getByTestId('approved-count')).toHaveText(/^Showing 0 of \d+ tools$/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search approved tools')).toHaveValue('');
  await page.getByLabel('Search approved tools').fill(name);

  // Premium on, then edit the premium-only fields.
  await approvedRow.getByRole('button', { name: 'Make Premium' }).click();
  await expect(toast(page)).toContainText('Tool upgraded to premium');
  await expect(approvedRow.getByRole('button', { name: 'Remove Premium' })).toBeVisible();
  await approvedRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Demo Video URL')).toBeVisible();
  await edit.getByLabel('Pricing Model').selectOption('freemium');
  await edit.getByLabel('Target Audience (comma-separated)').fill('product managers, , team leads');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Tool updated');
  await expect(edit).toBeHidden();

  // View: review history, audit history, and a follow-up review.
  await approvedRow.getByRole('button', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name, exact: true });
  await expect(
    view.getByTestId('review-entry').getByText('Turns an hour of talk into five clear action items.'),
  ).toBeVisible();
  await expect(view.getByTestId('audit-list')).toContainText('Approved');
  await expect(view.getByTestId('audit-list')).toContainText('Premium changed');
  await expect(view).toContainText('Product Managers, Team Leads');
  await view.getByRole('button', { name: 'Add Follow-up Review' }).click();
  const followUp = page.getByRole('dialog', { name: `Follow-up review of ${name}` });
  await followUp.getByLabel("Curator's Take").fill('Now with speaker detection: even better.');
  await followUp.getByLabel('Quality Score').fill('9');
  await followUp.getByRole('button', { name: 'Add Review' }).click();
  await expect(toast(page)).toContainText('Review Added');
  await expect(view.getByTestId('review-entry')).toHaveCount(2);
  await view.getByRole('button', { name: 'Close dialog' }).click();
  await expect(approvedRow).toContainText('9/10');
  await screen(page, 'approved');

  // Unlist with a reason (the dialog closes), then list again.
  await approvedRow.getByRole('button', { name: 'Unlist' }).click();
  const unlist = page.getByRole('dialog', { name: `Unlist ${name}` });
  await unlist.getByLabel('Reason (optional)').fill('Vendor is rebranding');
  await unlist.getByRole('button', { name: 'Unlist Tool' }).click();
  await expect(toast(page)).toContainText('Tool Unlisted');
  await expect(unlist).toBeHidden();
  await expect(approvedRow.getByText('Unlisted', { exact: true })).toBeVisible();
  await expect(approvedRow).toContainText('Vendor is rebranding');
  await approvedRow.getByRole('button', { name: 'List Again' }).click();
  await expect(toast(page)).toContainText('Tool Listed');
  await expect(approvedRow.getByRole('button', { name: 'Unlist' })).toBeVisible();

  // Change Requests: the owner asks for a new description; Approve Changes applies it.
  const newDescription = `${name} now also writes the follow-up e-mail after each meeting.`;
  const requested = await submitter.post(`/api/tools/${id}/change-requests`, { data: { description: newDescription } });
  expect(requested.ok(), await requested.text()).toBeTruthy();
  await page.reload();
  await openTab(page, 'Change Requests');
  const request = page.getByTestId('change-request').filter({ hasText: name });
  await expect(request).toContainText('Pending');
  await expect(request.getByRole('definition').first()).toContainText(
    'added: now also writes the follow-up e-mail after each meeting',
  );
  await screen(page, 'change-requests');
  await request.getByRole('button', { name: 'Approve Changes' }).click();
  await expect(toast(page)).toContainText('Changes Approved');
  await expect(request).toContainText('Approved');
  await expect(request.getByRole('button', { name: 'Approve Changes' })).toHaveCount(0);
  const tool = (await (
    await page.request.get(`/api/tools?limit=12&offset=0&search=${encodeURIComponent(name)}`)
  ).json()) as { description: string }[];
  expect(tool[0]?.description).toBe(newDescription);
});

test('the admin manages users, writes a blog post and reads the settings', async ({ page, login, insertNewUser }) => {
  const { email } = await insertNewUser({ firstName: 'Morgan', lastName: 'Managed' });
  await login(ADMIN);
  await page.goto('/admin#users');
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
  const userRow = page.getByTestId('user-row').filter({ hasText: email });
  await expect(userRow).toBeVisible();
  await screen(page, 'users');
  await userRow.getByRole('button', { name: /Manage/ }).click();
  const manage = page.getByTestId('manage-user-dialog');
  await expect(manage.getByRole('button', { name: 'Save Changes' })).toBeDisabled(); // nothing changed yet
  await manage.getByLabel('Account Status').selectOption('suspended');
  await manage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(manage.getByRole('alert')).toHaveText('A suspension needs a reason');
  await manage.getByLabel('Account Status').selectOption('active');
  await expect(manage.getByLabel('Premium member')).not.toBeChecked();
  // Only the changed field goes to the server.
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/admin/users/'));
  await manage.getByLabel('Premium member').check();
  await manage.getByRole('button', { name: 'Save Changes' }).click();
  expect((await patch).postDataJSON()).toEqual({ isPremium: true });
  await expect(toast(page)).toContainText('User Updated');
  await expect(manage).toBeHidden();
  await expect(userRow).toContainText('Premium');

  await openTab(page, 'Blog CMS');
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const post = page.getByRole('dialog', { name: 'Create New Post' });
  await expect(post.getByLabel('Status')).toHaveValue('published');
  const create = post.getByRole('button', { name: 'Create Post' });
  await expect(create).toBeDisabled();
  const title = unique('Meeting tools worth your time');
  await post.getByLabel('Title').fill(title);
  await expect(create).toBeDisabled(); // content is still empty
  await post
    .getByLabel('Content (HTML)')
    .fill('<p>Three tools that <strong>save</strong> hours.</p><script>alert(1)</script>');
  await post.getByLabel('Excerpt').fill('Three tools that save hours.');
  await create.click();
  await expect(toast(page)).toContainText('Post Created');
  const postRow = page.getByTestId('post-row').filter({ hasText: title });
  await expect(postRow).toContainText('Published');
  await expect(postRow.getByRole('link', { name: /View/ })).toHaveAttribute(
    'href',
    /^\/blog\/meeting-tools-worth-your-time/,
  );
  await postRow.getByRole('button', { name: /Edit/ }).click();
  const editPost = page.getByRole('dialog', { name: `Edit ${title}` });
  await editPost.getByLabel('Status').selectOption('draft');
  await editPost.getByRole('button', { name: 'Update Post' }).click();
  await expect(toast(page)).toContainText('Post Updated');
  await expect(postRow).toContainText('Draft');
  await screen(page, 'blog');

  await openTab(page, 'Settings');
  const rows = page.getByTestId('settings-row');
  await expect(rows.filter({ hasText: 'E-mail (Resend)' })).toContainText(/Configured|Development mode/);
  await expect(rows.filter({ hasText: 'Payments (Stripe)' })).toContainText(/Configured|Development mode/);
  // The real state: the e2e server runs without provider keys.
  const settings = (await (await page.request.get('/api/admin/settings')).json()) as { email: { configured: boolean } };
  await expect(rows.filter({ hasText: 'E-mail (Resend)' })).toContainText(
    settings.email.configured ? 'Configured' : 'Development mode',
  );
  await screen(page, 'settings');
});

test('staff moderate tools but cannot open User Management', async ({ page, login, insertNewUser, requestAs }) => {
  const { name } = await submitTool(await requestAs(await insertNewUser()));
  await login({ role: 'staff' });
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: /Pending Review/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Approved Tools' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Change Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Blog CMS' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(
    page.getByTestId('pending-row').filter({ hasText: name }).getByRole('button', { name: 'Approve' }),
  ).toBeVisible();

  // Asking for the tab by address lands on an allowed tab; the API refuses the list.
  await page.goto('/admin#users');
  await expect(page.getByRole('tab', { name: /Pending Review/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  const users = await page.request.get('/api/admin/users');
  expect(users.status()).toBe(403);
});

test('a guest reviewer sees pending tools but no Approve button', async ({ page, login, insertNewUser, requestAs }) => {
  const { name, id } = await submitTool(await requestAs(await insertNewUser()), 'marketing');
  await login({ role: 'guest_reviewer' });
  await page.goto('/admin');
  const row = page.getByTestId('pending-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Marketing')).toBeVisible();
  await expect(row.getByRole('link', { name: /View/ })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(1);
  await screen(page, 'pending-guest-reviewer');
  const approve = await page.request.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Sneaky', qualityScore: 9 },
  });
  expect(approve.status()).toBe(403);
});

test('a signed-in user without a reviewing role is sent home', async ({ page, login }) => {
  await login();
  await page.goto('/admin');
  await expect(toast(page)).toContainText('Admin access required. Redirecting...');
  await page.waitForURL((url) => url.pathname === '/');
});

test('a signed-out visitor is sent to log in', async ({ page }) => {
  await page.goto('/admin');
  await expect(toast(page)).toContainText('Unauthorized');
  await page.waitForURL((url) => url.pathname === '/auth');
});

test('the Messages tab pages through the messages with Next and Previous, following the next page the server names', async ({
  page,
  request,
  login,
}) => {
  const visitor = request;
  for (const name of [unique('Paged One'), unique('Paged Two')]) {
    const sent = await visitor.post('/api/contact', {
      data: { name, email: 'paged@example.com', topic: 'support', message: 'A message to page through.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  // One message a page instead of 50, so that two pages need only the two messages the form takes from one address
  // here: the tab's first request is asked for a page of one, and the tab then follows the Link the server wrote.
  await page.route(/\/api\/admin\/messages\?limit=50&/, (route) =>
    route.continue({ url: route.request().url().replace('limit=50', 'limit=1') }),
  );
  await login(ADMIN);
  await page.goto('/admin#messages');
  const rows = page.getByTestId('contact-message');
  const pages = page.getByRole('navigation', { name: 'Messages pages' });
  await expect(rows).toHaveCount(1);
  const first = (await rows.first().locator('h3').textContent()) ?? '';
  await expect(pages.getByText('Page 1')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 2')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('h3')).not.toHaveText(first);
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByText('Page 1')).toBeVisible();
  await expect(rows.first().locator('h3')).toHaveText(first);
});

test('an admin action answered 401 shows the admin variant of the Unauthorized toast (SPEC.md section 8)', async ({
  page,
  context,
  login,
  insertNewUser,
  requestAs,
}) => {
  const { name } = await submitTool(await requestAs(await insertNewUser()));
  await login(ADMIN);
  await page.goto('/admin');
  const row = page.getByTestId('pending-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Reject' }).click();
  await page.getByLabel('Rejection Reason').fill('Signed out meanwhile');
  // The session ends while the panel is open.
  await context.clearCookies();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Reject/ })
    .click();
  await expect(toast(page)).toContainText(TOAST.adminUnauthorized.description);
  await page.waitForURL((url) => url.pathname === '/auth');
});

test('staff see their own submission with Approve disabled and the reason; the server refuses it too', async ({
  page,
  login,
  requestAs,
}) => {
  const staff = await login({ role: 'staff' });
  const { name, id } = await submitTool(await requestAs(staff), 'productivity');
  await page.goto('/admin');
  const row = page.getByTestId('pending-row').filter({ hasText: name });
  const approve = row.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAttribute('title', MSG.ownToolModeration);
  await expect(row.getByRole('button', { name: 'Reject' })).toBeEnabled();
  const refused = await page.request.post(`/api/admin/tools/${id}/approve`, {
    data: { curatorTake: 'Mine, and great.', qualityScore: 10 },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toBe(MSG.ownToolModeration);
});

test('only an isAdmin account hands out roles: the admin role sees the controls disabled and why', async ({
  page,
  context,
  login,
  insertNewUser,
  signIn,
}) => {
  const member = await insertNewUser();
  const roleAdmin = await insertNewUser({ role: 'admin' });

  // An isAdmin account manages others' roles, but its own role, flag and status are out of its reach.
  const owner = await login(ADMIN);
  await page.goto('/admin#users');
  await page
    .getByTestId('user-row')
    .filter({ hasText: owner.email })
    .getByRole('button', { name: /Manage/ })
    .click();
  let manage = page.getByTestId('manage-user-dialog');
  await expect(manage.getByLabel('Role')).toBeDisabled();
  await expect(manage.getByLabel('Role')).toHaveAttribute('title', MSG.cannotChangeOwnRole);
  await expect(manage.getByLabel('Administrator (isAdmin)')).toBeDisabled();
  await expect(manage.getByLabel('Account Status')).toHaveAttribute('title', MSG.cannotBlockSelf);
  await expect(manage.getByLabel('Premium member')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();

  // The admin role without the flag: isAdmin accounts are out of reach, and nobody's role or flag can be changed.
  await page.request.post('/api/logout');
  await signIn(context, roleAdmin);
  await page.goto('/'); // a fresh page load: the panel must read the new user
  await page.goto('/admin#users');
  const ownerManage = page
    .getByTestId('user-row')
    .filter({ hasText: owner.email })
    .getByRole('button', { name: /Manage/ });
  await expect(ownerManage).toBeDisabled();
  await expect(ownerManage).toHaveAttribute('title', MSG.adminAccountNeedsAdmin);
  await page
    .getByTestId('user-row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: /Manage/ })
    .click();
  manage = page.getByTestId('manage-user-dialog');
  await expect(manage.getByLabel('Role')).toBeDisabled();
  await expect(manage.getByLabel('Role')).toHaveAttribute('title', MSG.rolesNeedAdmin);
  await expect(manage.getByLabel('Administrator (isAdmin)')).toBeDisabled();
  await expect(manage).toContainText(MSG.rolesNeedAdmin);
  await expect(manage.getByLabel('Account Status')).toBeEnabled();
  await expect(manage.getByLabel('Premium member')).toBeEnabled();
  await screen(page, 'manage-user-role-admin');
});

test('a user suspended while signed in is told why on their next page, then sent to log in', async ({
  page,
  login,
  insertNewUser,
  requestAs,
}) => {
  const { email, id, password } = await login();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

  const admin = await requestAs(await insertNewUser(ADMIN));
  const until = new Date(Date.now() + 3 * 86_400_000);
  const suspended = await admin.patch(`/api/admin/users/${id}`, {
    data: { accountStatus: 'suspended', suspendedUntil: until.toISOString(), suspensionReason: 'Posting spam' },
  });
  expect(suspended.ok(), await suspended.text()).toBeTruthy();

  const reason = `${MSG.accountSuspended} until ${until.toISOString().slice(0, 10)}: Posting spam`;
  await page.goto('/dashboard');
  await expect(toast(page)).toContainText(TOAST.signedOutBlocked);
  await expect(toast(page)).toContainText(reason);
  await expect(toast(page)).not.toContainText(TOAST.unauthorized.description);
  await page.waitForURL((url) => url.pathname === '/auth');
  // The login form says the same.
  const again = await page.request.post('/api/login', { data: { email, password } });
  expect(again.status()).toBe(403);
  expect(await again.text()).toBe(reason);
});

test('a tool whose owner closed the account shows "Owner account closed" in Approved Tools and its edit dialog', async ({
  page,
  login,
  insertNewUser,
  requestAs,
  baseURL,
}) => {
  const member = await insertNewUser();
  const name = unique('E2E Closed Owner');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const kept = unique('E2E Open Owner');
  await insertTools(member.id, [
    {
      name,
      slug,
      url: `https://${slug}.example.com`,
      description: 'Stays listed.',
      status: 'approved',
      approvedAt: new Date(),
    },
  ]);
  const other = await insertNewUser();
  const keptSlug = kept.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await insertTools(other.id, [
    {
      name: kept,
      slug: keptSlug,
      url: `https://${keptSlug}.example.com`,
      description: 'Its owner stays.',
      status: 'approved',
      approvedAt: new Date(),
    },
  ]);
  const closed = await (await requestAs(member)).post('/api/account/close', {
    headers: { origin: baseURL! },
    data: { password: member.password },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  await login(ADMIN);
  await page.goto('/admin#approved');
  const row = page.getByTestId('approved-row').filter({ hasText: name });
  await expect(row.getByTestId('closed-owner-badge')).toHaveText('Owner account closed');
  await expect(
    page.getByTestId('approved-row').filter({ hasText: kept }).getByTestId('closed-owner-badge'),
  ).toHaveCount(0);
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: `Edit ${name}` }).getByTestId('closed-owner-badge')).toBeVisible();
});

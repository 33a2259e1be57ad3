// SPEC.md section 7 as a client written against it reads it: each call it lists, made with the session and role it
// needs, answers the shape written there (an array where it says array, an object with the named fields and their
// types). Anything the API adds travels beside these answers (a header, another call), never inside them.
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/messages';
import { call, makeUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeChangeRequest, makeTool } from '../helpers/admin';

/** A JSON type as the spec names it; `?` after it: null allowed (the entity's field is optional). */
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';
type Shape = Record<string, Kind | `${Kind}?`>;

const kindOf = (value: unknown): Kind | 'null' | 'undefined' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind | 'undefined');

/** An object (not an array) holding each field of `shape` with its type. */
function expectObject(value: unknown, shape: Shape, what: string): void {
  expect(kindOf(value), `${what} is an object`).toBe('object');
  const record = value as Record<string, unknown>;
  for (const [field, expected] of Object.entries(shape)) {
    const kind = kindOf(record[field]);
    const nullable = expected.endsWith('?');
    const allowed = [expected.replace('?', ''), ...(nullable ? ['null'] : [])];
    expect(allowed, `${what}.${field} is ${expected}, got ${kind}`).toContain(kind);
  }
}

/** An array whose every item has `shape`; `minItems` so an empty array cannot pass for the items' shape. */
function expectArrayOf(value: unknown, shape: Shape, what: string, minItems = 1): void {
  expect(kindOf(value), `${what} is an array`).toBe('array');
  const items = value as unknown[];
  expect(items.length, `${what} has items to check`).toBeGreaterThanOrEqual(minItems);
  for (const [i, item] of items.entries()) expectObject(item, shape, `${what}[${i}]`);
}

/** The answer's JSON after checking the call succeeded ("Any non-OK response is a failure"). */
async function okJson(res: Response, what: string): Promise<unknown> {
  expect(res.status, `${what}: ${res.status} ${res.ok ? '' : await res.clone().text()}`).toBeLessThan(300);
  return res.json();
}

// The entities of SPEC.md section 3, as far as each view shows them.
const USER: Shape = {
  id: 'number',
  email: 'string',
  firstName: 'string?',
  lastName: 'string?',
  profileImageUrl: 'string?',
  isAdmin: 'boolean',
  isPremium: 'boolean',
  premiumToolsAllowed: 'number',
  premiumToolsUsed: 'number',
  role: 'string',
  accountStatus: 'string',
};
const TOOL: Shape = {
  id: 'number',
  name: 'string',
  slug: 'string',
  url: 'string',
  description: 'string',
  logoUrl: 'string?',
  tags: 'array',
  pricingModel: 'string?',
  targetAudience: 'array',
  screenshots: 'array',
  videoUrl: 'string?',
  isPremium: 'boolean',
  curatorTake: 'string?',
  qualityScore: 'number?',
  submittedAt: 'string',
  approvedAt: 'string?',
  updatedAt: 'string',
};
const POST: Shape = {
  id: 'number',
  title: 'string',
  slug: 'string',
  excerpt: 'string?',
  content: 'string',
  featuredImage: 'string?',
  category: 'string?',
  tags: 'array',
  readTime: 'string?',
  publishedAt: 'string?',
};

let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, isAdmin: true, role: 'admin' });
  member = await signedIn(NO_PASSWORD);
});

describe('SPEC.md section 7: the visitor and account calls', () => {
  it('GET /api/user: the current user (an object), and 401 signed out', async () => {
    expectObject(
      await okJson(await call('GET', '/api/user', { cookie: member.cookie }), 'GET /api/user'),
      USER,
      'user',
    );
    expect((await call('GET', '/api/user')).status).toBe(401);
  });

  it('POST /api/login: email, isAdmin', async () => {
    const user = await makeUser();
    const body = await okJson(
      await call('POST', '/api/login', { body: { email: user.email, password: 'password123' }, ip: '198.51.100.7' }),
      'login',
    );
    expectObject(body, { email: 'string', isAdmin: 'boolean' }, 'login');
  });

  it('POST /api/register: firstName, email, isAdmin', async () => {
    const email = `spec-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await call('POST', '/api/register', {
      body: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' },
      ip: '198.51.100.8',
    });
    expectObject(
      await okJson(res, 'register'),
      { firstName: 'string', email: 'string', isAdmin: 'boolean' },
      'register',
    );
  });

  it('POST /api/logout: succeeds', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    expect((await call('POST', '/api/logout', { cookie })).ok).toBe(true);
  });

  it('GET /api/tools: an array of tools, as the home page (limit=6) and the directory (limit 12, offset, search, tags) ask', async () => {
    for (let i = 0; i < 7; i++) await makeTool({ status: 'approved', name: `Specimen Lens ${i}`, tags: ['design'] });
    const home = await okJson(await call('GET', '/api/tools?limit=6'), 'home');
    expectArrayOf(home, TOOL, 'GET /api/tools?limit=6', 6);
    expect((home as unknown[]).length).toBe(6);
    const directory = await okJson(
      await call('GET', '/api/tools?limit=12&offset=0&search=specimen&tags=design'),
      'directory',
    );
    expectArrayOf(directory, TOOL, 'GET /api/tools?limit=12&offset=0&search=specimen&tags=design', 7);
    // A typo's correction is not part of the spec's answer: still the array.
    expect(kindOf(await okJson(await call('GET', '/api/tools?limit=12&offset=0&search=specimn'), 'typo'))).toBe(
      'array',
    );
  });

  it('GET /api/tools/slug/{slug}: one tool', async () => {
    const tool = await makeTool({ status: 'approved' });
    expectObject(await okJson(await call('GET', `/api/tools/slug/${tool.slug}`), 'one tool'), TOOL, 'tool');
  });

  it('GET /api/blog/posts and GET /api/blog/posts/{slug}: an array of posts, and one post', async () => {
    const slug = `spec-post-${crypto.randomUUID().slice(0, 6)}`;
    await okJson(
      await call('POST', '/api/admin/blog/posts', {
        body: { title: 'Spec post', excerpt: 'In short.', content: '<p>The body.</p>', slug, status: 'published' },
        cookie: admin.cookie,
      }),
      'create post',
    );
    expectArrayOf(await okJson(await call('GET', '/api/blog/posts'), 'posts'), POST, 'GET /api/blog/posts');
    expectObject(await okJson(await call('GET', `/api/blog/posts/${slug}`), 'post'), POST, 'post');
  });

  it('POST /api/tools (multipart): JSON', async () => {
    const form = new FormData();
    form.append('name', 'Spec Submission');
    form.append('url', `https://spec-${crypto.randomUUID().slice(0, 6)}.example.com`);
    form.append('description', 'Checks a submission answers JSON.');
    form.append('isPremium', 'false');
    form.append('tags', 'design');
    form.append('tags', 'marketing');
    const res = await call('POST', '/api/tools', { body: form, cookie: member.cookie, ip: '198.51.100.9' });
    expect(kindOf(await okJson(res, 'submit'))).toBe('object');
  });

  it("GET /api/user/tools: the user's tools, all of them (an array), only when signed in", async () => {
    const owner = await signedIn(NO_PASSWORD);
    for (let i = 0; i < 13; i++) await makeTool({ submittedById: owner.user.id });
    const mine = await okJson(await call('GET', '/api/user/tools', { cookie: owner.cookie }), 'user tools');
    expectArrayOf(mine, { ...TOOL, status: 'string', submittedById: 'number' }, 'GET /api/user/tools', 13);
    expect((mine as unknown[]).length).toBe(13);
    const res = await call('GET', '/api/user/tools');
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
  });

  it('POST /api/premium/upgrade: checkoutUrl', async () => {
    const { cookie } = await signedIn(NO_PASSWORD);
    expectObject(
      await okJson(await call('POST', '/api/premium/upgrade', { cookie }), 'upgrade'),
      { checkoutUrl: 'string' },
      'upgrade',
    );
  });
});

describe('SPEC.md section 7: the admin calls', () => {
  it('GET /api/admin/stats: total, pending, approved, premium, users', async () => {
    const stats = await okJson(await call('GET', '/api/admin/stats', { cookie: admin.cookie }), 'stats');
    expectObject(
      stats,
      { total: 'number', pending: 'number', approved: 'number', premium: 'number', users: 'number' },
      'stats',
    );
  });

  it('GET /api/admin/tools/pending: id, name, submittedById, submittedAt, tags, url', async () => {
    await makeTool();
    const pending = await okJson(await call('GET', '/api/admin/tools/pending', { cookie: admin.cookie }), 'pending');
    expectArrayOf(
      pending,
      { id: 'number', name: 'string', submittedById: 'number', submittedAt: 'string', tags: 'array', url: 'string' },
      'pending',
    );
  });

  it('GET /api/admin/tools/approved: also description, qualityScore, isPremium, status, approvedAt, curatorTake, editorialReviews, ...', async () => {
    await makeTool({ status: 'approved' });
    const approved = await okJson(await call('GET', '/api/admin/tools/approved', { cookie: admin.cookie }), 'approved');
    expectArrayOf(
      approved,
      {
        id: 'number',
        name: 'string',
        submittedById: 'number',
        submittedAt: 'string',
        tags: 'array',
        url: 'string',
        description: 'string',
        qualityScore: 'number?',
        isPremium: 'boolean',
        status: 'string',
        approvedAt: 'string?',
        curatorTake: 'string?',
        editorialReviews: 'array',
        screenshots: 'array',
        videoUrl: 'string?',
        pricingModel: 'string?',
        targetAudience: 'array',
      },
      'approved',
    );
  });

  it('GET /api/admin/change-requests: a list with toolName, status, requester, date and changes', async () => {
    const tool = await makeTool({ status: 'approved', submittedById: member.user.id });
    await makeChangeRequest(tool, { description: 'A clearer description of the tool.' });
    const list = await okJson(
      await call('GET', '/api/admin/change-requests', { cookie: admin.cookie }),
      'change requests',
    );
    expectArrayOf(
      list,
      { toolName: 'string', status: 'string', requester: 'object?', date: 'string', changes: 'string' },
      'change requests',
    );
  });

  it('GET /api/admin/users: id, firstName, lastName, email, role, isPremium, accountStatus, suspendedUntil, suspensionReason', async () => {
    const users = await okJson(await call('GET', '/api/admin/users', { cookie: admin.cookie }), 'users');
    expectArrayOf(
      users,
      {
        id: 'number',
        firstName: 'string?',
        lastName: 'string?',
        email: 'string',
        role: 'string',
        isPremium: 'boolean',
        accountStatus: 'string',
        suspendedUntil: 'string?',
        suspensionReason: 'string?',
      },
      'users',
    );
  });

  it('GET, POST and PATCH /api/admin/blog/posts: title, slug, excerpt, content, status, publishedAt', async () => {
    const slug = `spec-admin-${crypto.randomUUID().slice(0, 6)}`;
    const created = await okJson(
      await call('POST', '/api/admin/blog/posts', {
        body: { title: 'Draft', excerpt: 'Soon.', content: '<p>Later.</p>', slug, status: 'draft' },
        cookie: admin.cookie,
      }),
      'create',
    );
    const { id } = created as { id: number };
    await okJson(
      await call('PATCH', `/api/admin/blog/posts/${id}`, { body: { title: 'Draft, renamed' }, cookie: admin.cookie }),
      'update',
    );
    const posts = await okJson(await call('GET', '/api/admin/blog/posts', { cookie: admin.cookie }), 'admin posts');
    expectArrayOf(
      posts,
      {
        title: 'string',
        slug: 'string',
        excerpt: 'string?',
        content: 'string',
        status: 'string',
        publishedAt: 'string?',
      },
      'admin posts',
    );
  });

  it('the moderation calls succeed; PATCH answers the tool and premium answers isPremium, name', async () => {
    const cookie = admin.cookie;
    const review = { curatorTake: 'Does what it says.', qualityScore: 8 };
    const approving = await makeTool();
    await okJson(await call('POST', `/api/admin/tools/${approving.id}/approve`, { body: review, cookie }), 'approve');
    const rejecting = await makeTool();
    await okJson(
      await call('POST', `/api/admin/tools/${rejecting.id}/reject`, {
        body: { rejectionReason: 'Not an AI tool.' },
        cookie,
      }),
      'reject',
    );
    const edited = await call('PATCH', `/api/admin/tools/${approving.id}`, {
      body: {
        name: 'Renamed Spec Tool',
        url: approving.url,
        description: 'A description long enough.',
        tags: ['design'],
        curatorTake: 'Still good.',
        qualityScore: 7,
        isPremium: false,
        screenshots: [],
        videoUrl: '',
        pricingModel: 'free',
        targetAudience: ['designers'],
      },
      cookie,
    });
    expectObject(await okJson(edited, 'edit'), TOOL, 'PATCH /api/admin/tools/{id}');
    const premium = await okJson(
      await call('POST', `/api/admin/tools/${approving.id}/premium`, { body: { isPremium: true }, cookie }),
      'premium',
    );
    expectObject(premium, { isPremium: 'boolean', name: 'string' }, 'premium');
    await okJson(
      await call('POST', `/api/admin/tools/${approving.id}/unlist`, { body: {}, cookie }),
      'unlist (default reason)',
    );
    await okJson(await call('POST', `/api/admin/tools/${approving.id}/list`, { cookie }), 'list');
    await okJson(await call('POST', `/api/admin/tools/${approving.id}/review`, { body: review, cookie }), 'review');
    const user = await makeUser(NO_PASSWORD);
    await okJson(
      await call('PATCH', `/api/admin/users/${user.id}`, { body: { role: 'staff' }, cookie }),
      'user update',
    );
  });
});

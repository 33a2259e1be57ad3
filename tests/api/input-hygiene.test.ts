// Control characters and oversized text are refused with a 400 at every entry point, and nothing is stored
// (docs/decisions/0025-text-input.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '../../db/client';
import { blogPosts, changeRequests, emailOutbox, tools, users, type User } from '../../db/schema';
import { call, reloadUser, signedIn } from '../helpers/api';
import { NO_PASSWORD, makeTool, reloadTool } from '../helpers/admin';

const refused = (label: string) => `${label} must not contain invisible control characters`;
const logosDir = () => join(process.env.UPLOADS_DIR!, 'logos');
const logoFiles = () => (existsSync(logosDir()) ? readdirSync(logosDir()) : []);

let admin: { user: User; cookie: string };

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin', isAdmin: true });
});

describe('POST /api/tools', () => {
  it("answers 400 to a NUL in the name and stores no row, no logo and no e-mail ('Nul\\0Byte' no longer reads back as 'Nul')", async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const url = `https://nul-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const body = new FormData();
    body.append('name', 'Nul\0Byte');
    body.append('url', url);
    body.append('description', 'A tool whose name hides a NUL byte.');
    body.append('tags', 'design');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    body.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const before = logoFiles();

    const res = await call('POST', '/api/tools', { cookie, body });

    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Tool name'));
    expect(await db.select().from(tools).where(eq(tools.submittedById, user.id))).toHaveLength(0);
    expect(logoFiles()).toEqual(before);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
  });
});

describe('POST /api/register', () => {
  it('answers 400 to a control character in a name and creates no account', async () => {
    const email = `ctl-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await call('POST', '/api/register', {
      body: { email, password: 'secret123', firstName: 'Ada\u001b[31m', lastName: 'Lovelace' },
      ip: '198.51.100.77',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('First name'));
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('POST /api/tools/:id/change-requests', () => {
  it('answers 400 to a NUL in the description and records no request', async () => {
    const { user, cookie } = await signedIn(NO_PASSWORD);
    const tool = await makeTool({ status: 'approved', submittedById: user.id });
    const res = await call('POST', `/api/tools/${tool.id}/change-requests`, {
      cookie,
      body: { description: 'A better description\0 with a NUL.' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Description'));
    expect(await db.select().from(changeRequests).where(eq(changeRequests.toolId, tool.id))).toHaveLength(0);
  });
});

describe('admin moderation', () => {
  it('refuses a NUL in the curator take and leaves the tool pending', async () => {
    const tool = await makeTool();
    const res = await call('POST', `/api/admin/tools/${tool.id}/approve`, {
      cookie: admin.cookie,
      body: { curatorTake: 'Great\0 tool', qualityScore: 8 },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Curator take'));
    expect((await reloadTool(tool.id))?.status).toBe('pending');
  });

  it('refuses a rejection reason over 1000 characters and leaves the tool pending', async () => {
    const tool = await makeTool();
    const res = await call('POST', `/api/admin/tools/${tool.id}/reject`, {
      cookie: admin.cookie,
      body: { rejectionReason: 'r'.repeat(1001) },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Rejection reason must be at most 1000 characters');
    expect((await reloadTool(tool.id))?.status).toBe('pending');
  });

  it('refuses a control character in an unlist reason and leaves the tool listed', async () => {
    const tool = await makeTool({ status: 'approved' });
    const res = await call('POST', `/api/admin/tools/${tool.id}/unlist`, {
      cookie: admin.cookie,
      body: { reason: 'Gone\u0085' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Reason'));
    expect((await reloadTool(tool.id))?.status).toBe('approved');
  });

  it('refuses a target audience of more than 20 items in the tool edit', async () => {
    const tool = await makeTool({ status: 'approved' });
    const targetAudience = Array.from({ length: 21 }, (_, i) => `group ${i}`).join(',');
    const res = await call('PATCH', `/api/admin/tools/${tool.id}`, { cookie: admin.cookie, body: { targetAudience } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Target audience can have at most 20 items');
    expect((await reloadTool(tool.id))?.targetAudience).toEqual([]);
  });

  it('refuses a NUL in a suspension reason and leaves the account active', async () => {
    const target = await signedIn(NO_PASSWORD);
    const res = await call('PATCH', `/api/admin/users/${target.user.id}`, {
      cookie: admin.cookie,
      body: {
        accountStatus: 'suspended',
        suspendedUntil: new Date(Date.now() + 86_400_000).toISOString(),
        suspensionReason: 'Spam\0',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Suspension reason'));
    expect((await reloadUser(target.user.id))?.accountStatus).toBe('active');
  });

  it('refuses a NUL in blog content and creates no post', async () => {
    const title = `Post ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call('POST', '/api/admin/blog/posts', {
      cookie: admin.cookie,
      body: { title, content: '<p>Hi\0</p>' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Content'));
    expect(await db.select().from(blogPosts).where(eq(blogPosts.title, title))).toHaveLength(0);
  });
});

describe('GET /api/tools?search=', () => {
  it('answers 400 to a control character in the search text', async () => {
    const res = await call('GET', `/api/tools?search=${encodeURIComponent('Nul\0Byte')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(refused('Search text'));
  });

  it('still searches ordinary text, accents and emoji included', async () => {
    const res = await call('GET', `/api/tools?search=${encodeURIComponent('Crème 😀')}`);
    expect(res.status).toBe(200);
  });
});

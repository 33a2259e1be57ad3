// The Blog CMS API: sanitising, slugs, status transitions with publishedAt, excerpts and read times.
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import { computeReadTime } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD, auditOf, rebuildsFor, reloadPost } from '../helpers/admin';

let admin: { user: User; cookie: string };

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
});

interface Post {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  status: string;
  publishedAt: string | null;
  readTime: string | null;
  authorId: number;
}

const create = (body: unknown) => call('POST', '/api/admin/blog/posts', { body, cookie: admin.cookie });
const update = (id: number, body: unknown) =>
  call('PATCH', `/api/admin/blog/posts/${id}`, { body, cookie: admin.cookie });
async function created(body: Record<string, unknown>): Promise<Post> {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('POST /api/admin/blog/posts', () => {
  it('sanitises the content: no scripts, no event handlers, no javascript: links', async () => {
    const post = await created({
      title: 'Safe HTML',
      content:
        '<h1>Heading</h1><p onclick="steal()">Hello <a href="javascript:alert(1)">link</a> <a href="https://ok.example.com">ok</a></p>' +
        '<script>alert(1)</script><img src="https://img.example.com/a.png" onerror="alert(2)">',
    });
    const stored = (await reloadPost(post.id))!;
    for (const html of [post.content, stored.content]) {
      expect(html).not.toMatch(/<script|alert\(1\)|onclick|onerror|javascript:/i);
      expect(html).toContain('<a href="https://ok.example.com">ok</a>');
      expect(html).toContain('<img src="https://img.example.com/a.png" />');
      expect(html).toContain('<h2>Heading</h2>');
    }
  });

  it('answers 400 when the content is empty once sanitised, and needs a title', async () => {
    const script = await create({ title: 'Only a script', content: '<script>alert(1)</script>' });
    expect(script.status).toBe(400);
    expect(await script.text()).toBe(MSG.contentRequired);
    const noTitle = await create({ content: '<p>Text</p>' });
    expect(noTitle.status).toBe(400);
    expect(await noTitle.text()).toBe('Title is required');
  });

  it('derives the slug from the title, with -2 on a clash; a given slug is slugified and must be free', async () => {
    const first = await created({ title: 'Hello, World!', content: '<p>One</p>' });
    expect(first.slug).toBe('hello-world');
    const second = await created({ title: 'Hello World', content: '<p>Two</p>' });
    expect(second.slug).toBe('hello-world-2');
    const given = await created({ title: 'Anything', slug: 'My Custom Slug', content: '<p>Three</p>' });
    expect(given.slug).toBe('my-custom-slug');
    const clash = await create({ title: 'Other', slug: 'hello world', content: '<p>Four</p>' });
    expect(clash.status).toBe(409);
    expect(await clash.text()).toBe(MSG.postSlugTaken);
  });

  it('stores a draft by default, with the actor as author, a computed read time and a derived excerpt', async () => {
    const content = `<p>${words(450)}</p>`;
    const post = await created({ title: 'Long read', content });
    expect(post).toMatchObject({
      status: 'draft',
      publishedAt: null,
      authorId: admin.user.id,
      readTime: computeReadTime(content),
    });
    expect(post.readTime).toBe('2 min read');
    expect(post.excerpt!.length).toBeLessThanOrEqual(161);
    expect(post.excerpt).toMatch(/^word0 word1 .*…$/);
    expect(await rebuildsFor('long-read')).toHaveLength(0); // drafts are not public
    const [audit] = await auditOf('blog_post', post.id);
    expect(audit).toMatchObject({
      action: 'blog.create',
      actorId: admin.user.id,
      after: { status: 'draft', slug: 'long-read' },
    });
  });

  it('keeps a given excerpt but never a typed read time; publishing at once sets publishedAt and asks for a rebuild', async () => {
    const post = await created({
      title: 'Published now',
      content: '<p>Short</p>',
      excerpt: 'My excerpt',
      readTime: '9 min read',
      status: 'published',
    });
    // At least a minute, however short the text; a read time sent with the post is ignored.
    expect(post).toMatchObject({ excerpt: 'My excerpt', readTime: '1 min read', status: 'published' });
    expect(post.publishedAt).not.toBeNull();
    expect(await rebuildsFor('post published: published-now')).toHaveLength(1);
  });
});

describe('PATCH /api/admin/blog/posts/:id', () => {
  it('draft → published → draft → published: publishedAt set on first publication and kept', async () => {
    const post = await created({ title: 'Lifecycle', content: '<p>Body</p>' });
    const published: Post = await (await update(post.id, { status: 'published' })).json();
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();

    const draft: Post = await (await update(post.id, { status: 'draft' })).json();
    expect(draft.status).toBe('draft');
    expect(draft.publishedAt).toBe(published.publishedAt);

    const again: Post = await (await update(post.id, { status: 'published' })).json();
    expect(again.publishedAt).toBe(published.publishedAt);
    expect((await rebuildsFor(': lifecycle')).map((r) => r.reason)).toEqual([
      'post published: lifecycle',
      'post unpublished: lifecycle',
      'post published: lifecycle',
    ]);
    expect((await auditOf('blog_post', post.id)).map((a) => a.after)).toContainEqual({ status: 'draft' });
  });

  it('re-slugs a never-published post on a new title, but keeps a published post’s slug', async () => {
    const draft = await created({ title: 'Working title', content: '<p>Body</p>' });
    const renamed: Post = await (await update(draft.id, { title: 'Final title' })).json();
    expect(renamed.slug).toBe('final-title');

    const live = await created({ title: 'Live post', content: '<p>Body</p>', status: 'published' });
    const retitled: Post = await (await update(live.id, { title: 'Live post, renamed', slug: '' })).json();
    expect(retitled).toMatchObject({ title: 'Live post, renamed', slug: 'live-post' });
    expect(await rebuildsFor('post edited: live-post')).toHaveLength(1);

    const explicit = await update(live.id, { slug: 'final title' });
    expect(explicit.status).toBe(409);
    const own = await update(live.id, { slug: 'live-post' });
    expect(own.status).toBe(200);
  });

  it('sanitises new content and recomputes the read time, whatever read time is sent', async () => {
    const post = await created({ title: 'Edited body', content: '<p>Short</p>' });
    const res = await update(post.id, { content: `<p onmouseover="x()">${words(700)}</p><script>bad()</script>` });
    const body: Post = await res.json();
    expect(body.content).not.toMatch(/onmouseover|<script/);
    expect(body.readTime).toBe('4 min read');
    const manual: Post = await (await update(post.id, { content: '<p>Tiny</p>', readTime: '3 min read' })).json();
    expect(manual.readTime).toBe('1 min read');
    const typedOnly: Post = await (await update(post.id, { readTime: '12 min read' })).json();
    expect(typedOnly.readTime).toBe('1 min read');
    expect((await update(post.id, { content: '<script>x()</script>' })).status).toBe(400);
    expect((await reloadPost(post.id))?.content).toBe('<p>Tiny</p>');
  });

  it('answers 404 for an unknown post', async () => {
    const res = await update(999999, { title: 'Nope' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(MSG.postNotFound);
  });
});

describe('GET /api/admin/blog/posts', () => {
  it('lists drafts and published posts, newest first', async () => {
    const older = await created({ title: 'Older draft', content: '<p>a</p>' });
    const newer = await created({ title: 'Newer published', content: '<p>b</p>', status: 'published' });
    const res = await call('GET', '/api/admin/blog/posts', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list: Post[] = await res.json();
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((p) => p.id === older.id)).toMatchObject({
      status: 'draft',
      slug: 'older-draft',
      content: '<p>a</p>',
    });
  });
});

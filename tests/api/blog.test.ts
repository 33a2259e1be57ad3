import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { FALLBACK_AUTHOR } from '../../db/queries/blog';
import { blogPosts, type BlogPost, type NewUser, type User } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, makeUser } from '../helpers/api';

let author: User;
let counter = 0;

async function addPost(
  values: Partial<typeof blogPosts.$inferInsert> & { title: string },
  by: User = author,
): Promise<BlogPost> {
  counter += 1;
  const [post] = await db
    .insert(blogPosts)
    .values({
      slug: `post-${counter}`,
      content: '<p>Body text.</p>',
      excerpt: 'A short summary.',
      status: 'published',
      publishedAt: new Date(Date.UTC(2025, 0, counter)),
      authorId: by.id,
      ...values,
    })
    .returning();
  return post;
}

beforeAll(async () => {
  author = await makeUser({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
  } satisfies Partial<NewUser>);
});

beforeEach(async () => {
  await db.delete(blogPosts);
});

describe('GET /api/blog/posts', () => {
  it('lists published posts only, newest first', async () => {
    await addPost({ title: 'Older', publishedAt: new Date(Date.UTC(2025, 1, 1)) });
    await addPost({ title: 'Draft', status: 'draft', publishedAt: null });
    await addPost({ title: 'Newer', publishedAt: new Date(Date.UTC(2025, 6, 1)) });
    await addPost({ title: 'Middle', publishedAt: new Date(Date.UTC(2025, 3, 1)) });
    const res = await call('GET', '/api/blog/posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const body = (await res.json()) as { title: string }[];
    expect(body.map((p) => p.title)).toEqual(['Newer', 'Middle', 'Older']);
  });

  it('answers the public fields and the author name, never the author e-mail', async () => {
    await addPost({
      title: 'Shaped',
      category: 'Guides',
      tags: ['ai', 'tools'],
      readTime: '3 min read',
      featuredImage: 'https://img.example.com/a.png',
    });
    const [post] = (await (await call('GET', '/api/blog/posts')).json()) as Record<string, unknown>[];
    expect(Object.keys(post).sort()).toEqual(
      [
        'id',
        'title',
        'slug',
        'excerpt',
        'content',
        'featuredImage',
        'category',
        'tags',
        'readTime',
        'publishedAt',
        'updatedAt',
        'authorName',
      ].sort(),
    );
    expect(post).toMatchObject({
      title: 'Shaped',
      category: 'Guides',
      tags: ['ai', 'tools'],
      readTime: '3 min read',
      authorName: 'Grace Hopper',
    });
  });

  it('names an author without a name as the team, not by e-mail', async () => {
    const nameless = await makeUser({ firstName: null, lastName: null, email: 'nameless@example.com' });
    await addPost({ title: 'Anonymous' }, nameless);
    const body = await (await call('GET', '/api/blog/posts')).text();
    expect(JSON.parse(body)[0].authorName).toBe(FALLBACK_AUTHOR);
    expect(body).not.toContain('nameless@example.com');
  });

  it('answers an empty list when nothing is published', async () => {
    await addPost({ title: 'Only a draft', status: 'draft', publishedAt: null });
    expect(await (await call('GET', '/api/blog/posts')).json()).toEqual([]);
  });
});

describe('GET /api/blog/posts/:slug', () => {
  it('answers a published post', async () => {
    const post = await addPost({ title: 'Published One', content: '<h2>Hello</h2><p>World</p>' });
    const res = await call('GET', `/api/blog/posts/${post.slug}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: post.id,
      title: 'Published One',
      content: '<h2>Hello</h2><p>World</p>',
      authorName: 'Grace Hopper',
    });
  });

  it('answers 404 for a draft or a missing slug', async () => {
    const draft = await addPost({ title: 'Secret Draft', status: 'draft', publishedAt: null });
    for (const slug of [draft.slug, 'no-such-post']) {
      const res = await call('GET', `/api/blog/posts/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(MSG.postNotFound);
    }
  });
});

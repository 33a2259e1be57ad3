// The articles' search (GET /api/blog/search): published posts by the words of their title, excerpt or text, with the
// passage that shows them; a draft never; an edit at once; bad text refused with its message.
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import { MSG } from '../../lib/messages';
import { call, signedIn } from '../helpers/api';
import { NO_PASSWORD } from '../helpers/admin';

let admin: { user: User; cookie: string };

beforeAll(async () => {
  admin = await signedIn({ ...NO_PASSWORD, role: 'admin' });
});

interface Found {
  posts: { slug: string; title: string; excerpt: string }[];
}

/** A post written through the admin API, as an editor does (its change is announced like any other). */
async function post(body: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const res = await call('POST', '/api/admin/blog/posts', {
    body: { status: 'published', ...body },
    cookie: admin.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function search(q: string): Promise<Found> {
  const res = await call('GET', `/api/blog/search?q=${encodeURIComponent(q)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const LONG_BODY =
  '<h2>Setting up</h2><p>Most teams start with a shared workspace and a handful of saved prompts. ' +
  'After a week the interesting part begins: the <strong>zeppelin</strong> workflow, where every draft is reviewed ' +
  'by a second model before anyone reads it. <a href="https://example.com/guide">The guide</a> explains the rest.</p>';

describe('GET /api/blog/search', () => {
  it('finds a published post by a word of its body, with the passage that shows the word', async () => {
    const { slug } = await post({ title: 'A field guide', content: LONG_BODY, excerpt: 'How teams work.' });
    const found = await search('zeppel');
    expect(found.posts).toEqual([{ slug, title: 'A field guide', excerpt: expect.stringContaining('zeppelin') }]);
    // The passage is the text a reader sees around the word, cut with an ellipsis: no markup.
    expect(found.posts[0].excerpt).toMatch(/^….*zeppelin workflow.*…$/);
    expect(found.posts[0].excerpt).not.toMatch(/[<>]/);
  });

  it('finds a post by a word of its title or excerpt, showing its excerpt; every word must match', async () => {
    const { slug } = await post({ title: 'Quokka notes', content: '<p>Plain words.</p>', excerpt: 'Short and sweet.' });
    expect((await search('quokka')).posts).toEqual([{ slug, title: 'Quokka notes', excerpt: 'Short and sweet.' }]);
    expect((await search('sweet quokka')).posts.map((p) => p.slug)).toEqual([slug]);
    expect((await search('quokka zebra')).posts).toEqual([]);
  });

  it('does not find a word of the markup alone (a tag or a link address)', async () => {
    await post({ title: 'Markup only', content: '<p>See <a href="https://wombatsite.example.com">this</a>.</p>' });
    expect((await search('wombatsite')).posts).toEqual([]);
  });

  it('never finds a draft, and finds it once it is published', async () => {
    const draft = await post({ title: 'Narwhal draft', content: '<p>Unfinished.</p>', status: 'draft' });
    expect((await search('narwhal')).posts).toEqual([]);
    const res = await call('PATCH', `/api/admin/blog/posts/${draft.id}`, {
      body: { status: 'published' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await search('narwhal')).posts.map((p) => p.slug)).toEqual([draft.slug]);
  });

  it('finds an edit at once, and no longer the words it removed', async () => {
    const { id, slug } = await post({
      title: 'Edited later',
      content: '<p>About the okapi.</p>',
      excerpt: 'A summary.',
    });
    expect((await search('okapi')).posts.map((p) => p.slug)).toEqual([slug]);
    const res = await call('PATCH', `/api/admin/blog/posts/${id}`, {
      body: { content: '<p>About the axolotl.</p>' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await search('axolotl')).posts.map((p) => p.slug)).toEqual([slug]);
    expect((await search('okapi')).posts).toEqual([]);
  });

  it('answers at most three posts, the title matches first', async () => {
    for (let i = 0; i < 4; i++) await post({ title: `Entry ${i}`, content: '<p>About the capybara.</p>' });
    const { slug } = await post({ title: 'Capybara facts', content: '<p>Nothing else.</p>' });
    const found = (await search('capybara')).posts;
    expect(found).toHaveLength(3);
    expect(found[0].slug).toBe(slug);
  });

  it('reads the words as the tools search does: FTS syntax is plain text', async () => {
    const { slug } = await post({ title: 'Pangolin OR NEAR', content: '<p>Scales.</p>' });
    expect((await search('pangolin" OR *')).posts.map((p) => p.slug)).toEqual([slug]);
    expect((await search('!!!')).posts).toEqual([]);
  });

  it('refuses bad text with its message and a 400', async () => {
    for (const [path, message] of [
      ['/api/blog/search', MSG.searchRequired],
      ['/api/blog/search?q=', MSG.searchRequired],
      ['/api/blog/search?q=%20%20', MSG.searchRequired],
      [`/api/blog/search?q=${'a'.repeat(201)}`, MSG.searchTooLong],
      ['/api/blog/search?q=a%07b', MSG.controlCharacters('Search text')],
    ]) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toBe(message);
    }
  });
});

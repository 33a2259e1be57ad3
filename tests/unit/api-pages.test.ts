// The typed client's paged calls (lib/api-pages.ts): a page's items, and the next page its Link header names.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../lib/api-client';
import { apiPage, nextLink } from '../../lib/api-pages';
import { ApiError, isUnauthorized } from '../../lib/http';

type FetchArgs = [input: string, init: RequestInit];

function answer(response: Response) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiPage', () => {
  it("answers a page's items and the address its Link header names as next, fetched with cookies", async () => {
    const fetchMock = answer(json([{ id: 3 }], { link: '</api/user/tools?limit=12&offset=12>; rel="next"' }));
    const first = apiUrl('GET /api/user/tools', { query: { limit: 12, offset: 0 } });
    await expect(apiPage('GET /api/user/tools', first)).resolves.toEqual({
      items: [{ id: 3 }],
      next: '/api/user/tools?limit=12&offset=12',
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/tools?limit=12&offset=0');
    expect(init.credentials).toBe('include');
  });

  it('answers no next address on the last page', async () => {
    answer(json([]));
    await expect(apiPage('GET /api/user/tools', '/api/user/tools?offset=24')).resolves.toEqual({
      items: [],
      next: null,
    });
  });

  it("throws lib/http.ts's 'status: body' ApiError for a non-OK answer", async () => {
    answer(new Response('Unauthorized', { status: 401 }));
    const error = await apiPage('GET /api/user/tools', '/api/user/tools').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: Unauthorized');
    expect(isUnauthorized(error)).toBe(true);
  });
});

describe('nextLink', () => {
  it('finds rel="next" among other links, quoted or not, and resolves it against the page address', () => {
    expect(nextLink('</a?offset=0>; rel="prev", </a?offset=24>; rel="next"', '/a?offset=12')).toBe('/a?offset=24');
    expect(nextLink('<?offset=24>; rel=next', '/api/user/tools?offset=12')).toBe('/api/user/tools?offset=24');
    expect(nextLink('<https://example.com/b?page=2>; title="x"; rel="next last"', '/b')).toBe(
      'https://example.com/b?page=2',
    );
    expect(nextLink('</b?page=2>; rel="next"', 'https://example.com/b')).toBe('https://example.com/b?page=2');
  });

  it('is null without a Link header or without a next link', () => {
    expect(nextLink(null, '/a')).toBeNull();
    expect(nextLink('</a?offset=0>; rel="prev"', '/a')).toBeNull();
    expect(nextLink('</a?offset=0>; rel="nextish"', '/a')).toBeNull();
  });
});

// The islands' typed client (lib/api-client.ts): addresses built from the contract's "METHOD /path" names, calls sent
// through lib/http.ts so errors keep their "status: body" form, and answers passed through unchecked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl } from '../../lib/api-client';
import { ApiError } from '../../lib/http';

type FetchArgs = [input: string, init: RequestInit];

/** Replaces fetch with one that answers a fresh `response()` to each call and records the calls. */
function answer(response: Response | (() => Response)) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => (typeof response === 'function' ? response() : response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUrl', () => {
  it('is the path of a call without parameters', () => {
    expect(apiUrl('GET /api/user')).toBe('/api/user');
    expect(apiUrl('GET /api/admin/tools/pending')).toBe('/api/admin/tools/pending');
  });

  it('fills the path parameters, encoded', () => {
    expect(apiUrl('POST /api/admin/tools/:id/approve', { params: { id: 42 } })).toBe('/api/admin/tools/42/approve');
    expect(apiUrl('GET /api/tools/slug/:slug', { params: { slug: 'a b/c' } })).toBe('/api/tools/slug/a%20b%2Fc');
    expect(apiUrl('GET /api/user/tools/:id', { params: { id: '7' } })).toBe('/api/user/tools/7');
  });

  it('adds the query fields that are set, in the order given', () => {
    expect(apiUrl('GET /api/tools', { query: { limit: 12, offset: 24, search: 'data & ai', tags: undefined } })).toBe(
      '/api/tools?limit=12&offset=24&search=data+%26+ai',
    );
    expect(apiUrl('GET /api/tools', { query: {} })).toBe('/api/tools');
  });

  it('repeats a field for each value of a list, and leaves an empty list out', () => {
    expect(
      apiUrl('GET /api/tools', { query: { category: ['design', 'marketing'], pricing: [], sort: 'rating' } }),
    ).toBe('/api/tools?category=design&category=marketing&sort=rating');
  });
});

describe('api', () => {
  it('GETs with cookies and answers the JSON as it came (no schema checks it in the browser)', async () => {
    const fetchMock = answer(json({ id: 1, createdAt: '2026-01-02T00:00:00.000Z', unexpected: true }));
    const user = await api('GET /api/user');
    expect(user).toEqual({ id: 1, createdAt: '2026-01-02T00:00:00.000Z', unexpected: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user');
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.credentials).toBe('include');
  });

  it('sends the method of its name and a JSON body', async () => {
    const fetchMock = answer(json({ isPremium: true, name: 'Notion AI' }));
    await expect(
      api('POST /api/admin/tools/:id/premium', { params: { id: 5 }, body: { isPremium: true } }),
    ).resolves.toEqual({
      isPremium: true,
      name: 'Notion AI',
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/tools/5/premium');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"isPremium":true}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('sends no body when the call has none, and a form as it is', async () => {
    const fetchMock = answer(() => json({ ok: true }));
    await api('POST /api/logout');
    expect(fetchMock.mock.calls[0][1].body).toBeUndefined();
    const form = new FormData();
    form.set('name', 'Tool');
    await api('POST /api/tools', { body: form });
    expect(fetchMock.mock.calls[1][1].body).toBe(form);
  });

  it("throws lib/http.ts's ApiError with 'status: body'", async () => {
    answer(new Response('Tool not found', { status: 404 }));
    const error = await api('PATCH /api/admin/tools/:id', { params: { id: 9 }, body: { name: 'X' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Tool not found');
  });
});

// The islands' fetch (SPEC.md sections 7 and 8): cookies always sent, 'status: body' errors, 401 not logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, accountBlockReason, getJson, isUnauthorized, logError, send } from '../../lib/http';
import { MSG } from '../../lib/messages';

type FetchArgs = [input: string, init: RequestInit];

/** Replaces fetch with one that answers `response` and records its calls. */
function answer(response: Response) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getJson', () => {
  it('GETs the url with cookies and answers the parsed JSON', async () => {
    const fetchMock = answer(json([{ id: 1, name: 'Notion AI' }]));
    await expect(getJson('/api/tools?limit=6')).resolves.toEqual([{ id: 1, name: 'Notion AI' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/tools?limit=6');
    expect(init.credentials).toBe('include');
    expect(init.method ?? 'GET').toBe('GET');
  });

  it("throws 'status: body' for a non-OK answer", async () => {
    answer(new Response('Tool not found', { status: 404, statusText: 'Not Found' }));
    const error = await getJson('/api/tools/slug/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Tool not found');
    expect((error as ApiError).status).toBe(404);
  });

  it('uses the status text when the body is empty', async () => {
    answer(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getJson('/api/user')).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('throws on a 401 with a message isUnauthorized recognises', async () => {
    answer(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const error = await getJson('/api/user').catch((e: unknown) => e);
    expect((error as Error).message).toBe('401: Unauthorized');
    expect(isUnauthorized(error)).toBe(true);
  });
});

describe('send', () => {
  it('sends a JSON body with its content type and cookies, and answers the parsed JSON', async () => {
    const fetchMock = answer(json({ email: 'ada@example.com', isAdmin: false }));
    const result = await send('POST', '/api/login', { email: 'ada@example.com', password: 'secret' });
    expect(result).toEqual({ email: 'ada@example.com', isAdmin: false });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('passes FormData as is, letting the browser set the multipart boundary', async () => {
    const fetchMock = answer(json({ id: 7 }, 201));
    const form = new FormData();
    form.append('name', 'Notion AI');
    form.append('tags', 'design');
    form.append('tags', 'productivity');
    await expect(send('POST', '/api/tools', form)).resolves.toEqual({ id: 7 });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    expect(init.credentials).toBe('include');
  });

  it('sends no body and no content type when there is none', async () => {
    const fetchMock = answer(new Response('', { status: 200 }));
    await expect(send('POST', '/api/logout')).resolves.toBe('');
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });

  it('answers text when the answer is not JSON', async () => {
    answer(new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } }));
    await expect(send('DELETE', '/api/thing/1')).resolves.toBe('OK');
  });

  it("throws 'status: body' for a non-OK answer, with the server's message", async () => {
    answer(new Response('Please select at least one category', { status: 400, statusText: 'Bad Request' }));
    await expect(send('PATCH', '/api/admin/tools/1', { tags: [] })).rejects.toThrow(
      '400: Please select at least one category',
    );
  });

  it('uses the status text when the error body is empty', async () => {
    answer(new Response(null, { status: 403, statusText: 'Forbidden' }));
    await expect(send('POST', '/api/admin/tools/1/approve', {})).rejects.toThrow(/^403: Forbidden$/);
  });
});

describe('isUnauthorized', () => {
  it('is true for messages starting with 401 that say Unauthorized', () => {
    expect(isUnauthorized(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorized(new ApiError(401, '401: Unauthorized'))).toBe(true);
    expect(isUnauthorized('401: Unauthorized')).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isUnauthorized(new Error('403: Forbidden'))).toBe(false);
    expect(isUnauthorized(new Error('401: Invalid email or password'))).toBe(false);
    expect(isUnauthorized(new Error('500: Unauthorized access log failed at 401'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});

describe('logError', () => {
  it('does not log errors that mention 401', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError(new Error('401: Unauthorized'));
    logError('401: Invalid email or password');
    expect(spy).not.toHaveBeenCalled();
  });

  it('logs other errors', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('500: Internal Server Error');
    logError(error);
    logError('403: Forbidden');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy).toHaveBeenNthCalledWith(1, error);
    expect(spy).toHaveBeenNthCalledWith(2, '403: Forbidden');
  });
});

describe('accountBlockReason', () => {
  it('reads the reason a suspended or banned account was refused with, as the login form shows it', async () => {
    const reason = `${MSG.accountSuspended} until 2030-01-01: Spam submissions`;
    answer(new Response(reason, { status: 403, statusText: 'Forbidden' }));
    const error = await getJson('/api/user').catch((e: unknown) => e);
    expect(accountBlockReason(error)).toBe(reason);
    expect(accountBlockReason(new ApiError(403, `403: ${MSG.accountBanned}: Fraud`))).toBe(
      `${MSG.accountBanned}: Fraud`,
    );
    expect(isUnauthorized(error)).toBe(false);
  });

  it('is null for any other refusal, and such a refusal is not logged as a fault', () => {
    expect(accountBlockReason(new ApiError(403, `403: ${MSG.forbidden}`))).toBeNull();
    expect(accountBlockReason(new ApiError(401, `401: ${MSG.unauthorized}`))).toBeNull();
    expect(accountBlockReason(new Error(`403: ${MSG.accountBanned}`))).toBeNull();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError(new ApiError(403, `403: ${MSG.accountBanned}: Fraud`));
    expect(spy).not.toHaveBeenCalled();
  });
});

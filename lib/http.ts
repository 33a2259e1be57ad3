// The islands' fetch, as SPEC.md section 7-8 describe it: cookies always sent, any non-OK
// answer throws an Error whose message is 'status: body' (or the status text when empty).
import { ACCOUNT_MSG } from './account-messages';
import { MSG } from './messages';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's headers: what it says beside the spec's text (X-Two-Factor on a login's 401, X-Account-Closed on
     * a closed account's 403). */
    readonly headers: Headers = new Headers(),
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<ApiError> {
  const text = (await res.text().catch(() => '')) || res.statusText;
  return new ApiError(res.status, `${res.status}: ${text}`, res.headers);
}

/** GET `url` with the session's cookies; a non-OK answer throws, and so does an abort through `signal`. */
export async function getOk(url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw await failure(res);
  return res;
}

/** GET a JSON resource; a non-OK answer throws. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return (await (await getOk(url, signal)).json()) as T;
}

/** A state-changing call with a JSON body (or FormData as is); a non-OK answer throws. */
export async function send<T = unknown>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { accept: 'application/json' } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(url, init);
  if (!res.ok) throw await failure(res);
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

/** The server's text of a failed call, without the 'status: ' prefix. */
export function serverMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return message.replace(/^\d{3}: /, '').trim();
}

/** An error that means the visitor is signed out (message starts with 401 and says Unauthorized). */
export function isUnauthorized(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('401') && message.includes('Unauthorized');
}

/**
 * The reason when a call was refused because the account is suspended, banned or closed (403 with the text
 * the login form shows, docs/decisions/0010-blocked-accounts.md), else null. That browser's session has ended.
 */
export function accountBlockReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const reason = serverMessage(error);
  const blocked = [MSG.accountBanned, MSG.accountSuspended, ACCOUNT_MSG.accountClosed];
  return blocked.some((start) => reason.startsWith(start)) ? reason : null;
}

/** Errors that mention 401 are expected (signed out) and not logged, nor is a blocked account's refusal; others are. */
export function logError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.includes('401') && !accountBlockReason(error)) console.error(error);
}

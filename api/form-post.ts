// The forms posted without JavaScript (docs/decisions/0068): their urlencoded fields, and the answer to a refused post,
// the page again with the API's own message and the fields as sent, rendered for this client alone and never kept.
import type { Context } from 'elysia';
import { ZodError } from 'zod';
import { firstIssue } from '../lib/schemas';
import { config } from './config';
import { log } from './log';
import { HttpError } from './plugins/errors';
import { pageSecurityHeaders } from './plugins/security';
import { renderPage } from './publishing/page-renderer';
import { ownRender, refusalOf } from './publishing/render-budget';

/** A form's fields from its body as plugins/bodies.ts hands it (text); a field sent twice counts once, the last. */
export function formFields(body: unknown): Record<string, string> {
  return typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : {};
}

/** The status and the text the JSON call would answer for `error`, or null for a fault that is not the caller's. */
function refusalText(error: unknown): { status: number; message: string } | null {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof ZodError) return { status: 400, message: firstIssue(error) };
  return null;
}

interface RefusedPost {
  error: unknown;
  request: Request;
  ip: string;
  set: Context['set'];
  /** The page to render again (path and query). */
  page: string;
  /** What the page shows of the post and the refusal's message (Astro.locals); never the password. */
  locals: (message: string) => App.Locals;
}

/**
 * The answer to a refused post: the page with the refusal's status. A fault of the server is thrown on to the errors
 * plugin. The render counts against the client's render budget (a flood of bad posts renders no more than a flood of
 * new directory queries).
 */
export async function refusedPost({ error, request, ip, set, page, locals }: RefusedPost): Promise<Response | string> {
  const refusal = refusalText(error);
  if (!refusal) throw error;
  const answer = await pageForClient({
    request,
    ip,
    set,
    page,
    locals: locals(refusal.message),
    status: refusal.status,
  });
  if (answer === null) throw error;
  return answer;
}

/**
 * A page rendered for this client alone (a refused post, a personal page such as /auth/restore), with `locals` and
 * `status`: never kept, counted against the client's render budget. Null (logged) when the page did not render.
 */
export async function pageForClient({
  request,
  ip,
  set,
  page,
  locals,
  status,
}: Omit<RefusedPost, 'error' | 'locals'> & { locals: App.Locals; status: number }): Promise<Response | string | null> {
  let rendered: Response | null;
  try {
    rendered = await ownRender(ip, () => renderPage(page, { appDir: config.appDir, siteUrl: config.siteUrl, locals }));
  } catch (renderError) {
    const refused = refusalOf(renderError, request);
    if (refused) return refused;
    throw renderError;
  }
  if (rendered?.status !== 200) {
    log.error({ page, status: rendered?.status }, 'a page rendered for one client did not render');
    return null;
  }
  const csp = rendered.headers.get('content-security-policy') ?? undefined;
  Object.assign(set.headers, pageSecurityHeaders({ csp }), { 'content-type': 'text/html; charset=utf-8' });
  set.status = status;
  return rendered.text();
}

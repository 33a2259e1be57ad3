// The islands' typed client takes its types from the contract's endpoints map (lib/contract/endpoints.ts); the routes
// declare their schemas themselves. This keeps the two the same: each entry names a route of the app with exactly the
// schemas that route validates, and every JSON call the app serves under /api/ has an entry.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { app } from '../../api/app';
import { endpoints, type EndpointSchemas } from '../../lib/contract';

/** Routes under /api/ that are not the islands' JSON calls. */
const NOT_IN_THE_MAP: Record<string, string> = {
  'GET /api/login': 'a redirect to /auth, followed by the browser',
  'POST /api/premium/webhook': "Stripe's call, checked by its signature over the raw body",
  'POST /api/newsletter/webhook': "Resend's call, checked by its signature over the raw body",
  'POST /api/newsletter/unsubscribe': "RFC 8058's one-click POST from a mail provider, its token in the query",
  'GET /api/newsletter/unsubscribe': "the e-mail's unsubscribe link, a redirect to the preference page",
  'POST /api/metrics/beacon': "the tool page's navigator.sendBeacon, answered 204 with no body",
};
/** The public versioned API and its documents are described by their own OpenAPI, not called by the islands. */
const OTHER_APIS = ['/api/v1/', '/api/openapi', '/api/docs'];

interface Hooks {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  response?: unknown;
}

const routes = new Map(app.routes.map((r) => [`${r.method} ${r.path}`, (r.hooks ?? {}) as Hooks]));

/** The same schema: the very object, or arrays of the very same element (a route writes its own z.array(...)). */
function sameSchema(declared: unknown, mapped: unknown): boolean {
  if (declared === mapped) return true;
  return declared instanceof z.ZodArray && mapped instanceof z.ZodArray && sameSchema(declared.element, mapped.element);
}

/** A JSON body route wraps the contract's schema in api/json-body.ts (a preprocess piped into it). */
function bodySchemaOf(declared: unknown): unknown {
  return declared instanceof z.ZodPipe ? declared.out : declared;
}

function sameResponse(declared: unknown, mapped: EndpointSchemas['response']): boolean {
  if (mapped instanceof z.ZodType) return sameSchema(declared, mapped);
  if (typeof declared !== 'object' || declared === null || declared instanceof z.ZodType) return false;
  const byStatus = declared as Record<string, unknown>;
  const statuses = Object.keys(mapped);
  return (
    statuses.length === Object.keys(byStatus).length &&
    statuses.every((status) => sameSchema(byStatus[status], (mapped as Record<string, unknown>)[status]))
  );
}

describe('the endpoints map of the typed client', () => {
  it.each(Object.entries(endpoints) as [string, EndpointSchemas][])(
    '%s is a route declaring the same schemas',
    (key, schemas) => {
      const hooks = routes.get(key);
      expect(hooks, `${key} is not a route of the app`).toBeDefined();
      expect(hooks!.params === schemas.params || (!hooks!.params && !schemas.params), 'params').toBe(true);
      expect(hooks!.query === schemas.query || (!hooks!.query && !schemas.query), 'query').toBe(true);
      if (schemas.multipart) expect(hooks!.body, 'a multipart route reads its form itself').toBeUndefined();
      else expect(bodySchemaOf(hooks!.body) === schemas.body || (!hooks!.body && !schemas.body), 'body').toBe(true);
      expect(sameResponse(hooks!.response, schemas.response), 'response').toBe(true);
    },
  );

  it('has an entry for every JSON call of the app under /api/', () => {
    const missing = [...routes.keys()].filter(
      (key) =>
        key.split(' ')[1].startsWith('/api/') &&
        !(key in endpoints) &&
        !(key in NOT_IN_THE_MAP) &&
        !OTHER_APIS.some((p) => key.split(' ')[1].startsWith(p)),
    );
    expect(missing).toEqual([]);
  });

  it('fails for a route whose declared answer differs from the entry', () => {
    // The check itself can fail: the pending list is not the approved list, nor an array of it.
    const approved = endpoints['GET /api/admin/tools/approved'].response;
    expect(sameResponse(routes.get('GET /api/admin/tools/pending')!.response, approved)).toBe(false);
    expect(sameResponse(routes.get('POST /api/tools')!.response, endpoints['GET /api/user/tools/:id'].response)).toBe(
      false,
    );
    expect(sameSchema(z.array(z.string()), z.array(z.string()))).toBe(false);
  });
});

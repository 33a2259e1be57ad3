// The OpenAPI document generated from the routes' schemas, and the reference page that renders it from this origin.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { app } from '../../api/app';
import { DOCS_CSP, OPENAPI_PATH, openApiDocument } from '../../api/docs/service';
import { auth } from '../../api/plugins/auth';
import { call } from '../helpers/api';

type Operation = {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema: Record<string, unknown> }>;
    }
  >;
};
type Document = {
  openapi: string;
  info: { title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

async function documentOf(): Promise<Document> {
  const res = await call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await res.json()) as Document;
}

describe('GET /api/openapi.json', () => {
  it('describes every API route of the app, by its OpenAPI path and method', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.1');
    const routes = app.routes.filter(
      (r) => r.path.startsWith('/api/') && r.method !== 'OPTIONS' && !r.hooks?.detail?.hide,
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    // Not the API: pages, uploads, sign-in redirects and the documentation itself.
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/api/'), path).toBe(true);
    expect(doc.paths['/api/docs']).toBeUndefined();
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('documents the public API from its contract: parameters, answers, their headers and the errors', async () => {
    const { paths, tags } = await documentOf();
    expect(tags.map((t) => t.name)).toContain('Public API v1');
    const list = paths['/api/v1/tools'].get;
    expect(list.tags).toEqual(['Public API v1']);
    expect(list.security).toBeUndefined();
    expect(list.parameters?.map((p) => p.name)).toEqual([
      'search',
      'category',
      'pricing',
      'include',
      'sort',
      'limit',
      'cursor',
    ]);
    expect(list.parameters?.find((p) => p.name === 'sort')?.schema).toMatchObject({
      enum: ['featured', 'newest', 'name', 'rating', 'reviewed'],
      default: 'featured',
    });
    expect(list.parameters?.find((p) => p.name === 'limit')?.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    const ok = list.responses['200'];
    expect(ok.description).toBe('One page of tools in the chosen order.');
    expect(Object.keys(ok.headers ?? {})).toEqual(['etag', 'cache-control', 'ratelimit-policy', 'ratelimit']);
    const page = ok.content?.['application/json'].schema as {
      properties: { items: { items: { properties: Record<string, unknown>; examples: unknown[] } } };
    };
    expect(Object.keys(page.properties.items.items.properties)).toContain('curatorTake');
    expect(page.properties.items.items.examples).toHaveLength(1);
    expect(list.responses['304'].content).toBeUndefined();
    expect(list.responses['400'].content?.['text/plain']).toBeDefined();
    expect(Object.keys(list.responses['429'].headers ?? {})).toContain('retry-after');
    expect(paths['/api/v1/tools/{slug}'].get.responses['404'].content?.['text/plain']).toBeDefined();
    for (const path of ['/api/v1/categories', '/api/v1/posts']) expect(paths[path].get.tags).toEqual(['Public API v1']);
  });

  it('marks what needs a session, and the admin permission each admin call needs and who holds it', async () => {
    const { paths, components } = await documentOf();
    expect(components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sid' }),
    });
    const approve = paths['/api/admin/tools/{id}/approve'].post;
    expect(approve.tags).toEqual(['Admin']);
    expect(approve.security).toEqual([{ session: ['moderate:tools'] }]);
    expect(approve.description).toContain('`moderate:tools` permission (held by `staff`, `admin`, isAdmin accounts)');
    expect(Object.keys(approve.responses)).toEqual(expect.arrayContaining(['401', '403']));
    const roles = paths['/api/admin/users/{id}'].patch;
    expect(roles.security?.[0].session).toEqual(['manage:users']);
    const own = paths['/api/user/tools'].get;
    expect(own.security).toEqual([{ session: [] }]);
    expect(own.description).toContain('**Requires** a signed-in session.');
    expect(own.responses['403']).toBeUndefined();
    expect(paths['/api/tools'].get.security).toBeUndefined();
  });

  it('is cacheable and readable from any origin', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const again = await call('GET', '/api/openapi.json', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('zod schemas in the document', () => {
  it('maps what a route declares: request text before parsing, answers with dates as date-time, permissions as scopes', () => {
    const routes = new Elysia()
      .use(auth)
      .post('/api/things', () => ({ id: 1, at: new Date() }), {
        body: z.object({ name: z.string().min(1), count: z.string().regex(/^\d+$/).transform(Number) }),
        response: { 200: z.object({ id: z.number().int(), at: z.date() }) },
        permission: 'manage:blog',
      })
      .get('/not-api', () => 'page');
    const { paths } = openApiDocument(routes) as unknown as Document;
    expect(Object.keys(paths)).toEqual(['/api/things']);
    const op = paths['/api/things'].post;
    expect(op.tags).toEqual(['Things']);
    expect(op.security).toEqual([{ session: ['manage:blog'] }]);
    expect(op.requestBody?.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, count: { type: 'string', pattern: '^\\d+$' } },
      required: ['name', 'count'],
    });
    expect(op.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
      required: ['id', 'at'],
    });
  });
});

describe('GET /api/docs', () => {
  it('is a page of this origin only, under a CSP with no inline script', async () => {
    const res = await call('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(DOCS_CSP);
    const scriptSrc = csp!.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/\son\w+=/);

    // It names the site's icon, and leads back to the site and to the document it shows.
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html).toMatch(/<a href="\/">[^<]*AI Tools Directory<\/a>/);
    expect(html).toContain(`<a href="${OPENAPI_PATH}">`);
    // Everything else it loads comes from the API, with its type.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((a) => a.startsWith('/api/docs/'));
    expect(assets).toHaveLength(3);
    const types: Record<string, string> = { js: 'text/javascript', css: 'text/css' };
    for (const asset of assets) {
      const file = await call('GET', asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-type'), asset).toContain(types[asset.replace(/\?.*$/, '').split('.').pop()!]);
      expect(file.headers.get('etag'), asset).toBeTruthy();
    }
    const init = await (await call('GET', '/api/docs/init.js')).text();
    expect(init).toContain('"url":"/api/openapi.json"');
    expect(init).toContain('"validatorUrl":null');
  });

  it('serves only the reference files from node_modules', async () => {
    for (const path of [
      '/api/docs/index.html',
      '/api/docs/package.json',
      '/api/docs/..%2Fpackage.json',
      '/api/docs/swagger-initializer.js',
    ]) {
      expect((await call('GET', path)).status, path).toBe(404);
    }
  });
});

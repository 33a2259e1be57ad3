// The OpenAPI document of the API, generated from the routes' declared schemas (@elysiajs/openapi, zod mapped to
// JSON Schema), and the reference page that renders it (Swagger UI, served from node_modules, no CDN).
import { toOpenAPISchema } from '@elysiajs/openapi';
import type { AnyElysia } from 'elysia';
import { z } from 'zod';
import { SITE_NAME } from '../../lib/constants';
import { V1_MAX_LIMIT, V1_TAG } from '../../lib/contract/public-v1';
import { ROLE_PERMISSIONS } from '../../lib/permissions';
import { ROLES } from '../../lib/categories';
import { SESSION_COOKIE } from '../auth/sessions';
import { config } from '../config';
import { SESSION_SCHEME } from '../plugins/auth';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
/** The reference page's own files under DOCS_PATH: the script that starts Swagger UI, and Swagger UI's two files. */
export const DOCS_INIT = 'init.js';
export const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

/**
 * The reference page's policy, narrower than the site's DEFAULT_CSP: its scripts and styles are files of this origin
 * (no inline script or style element, no eval; Swagger UI sets styles through the DOM, which CSP does not govern),
 * images may be data: URIs (its icons), and it fetches only the document and, from "Try it out", this origin's API.
 * Nothing else may load, frame or be framed.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * zod to JSON Schema for the document. The plugin passes no direction, so schemas are read as their input: what a
 * caller sends (a query's text before it is parsed); answers carry no transforms. A Date travels as ISO text; other
 * types JSON Schema cannot say (a transform's output) are left open rather than failing the whole document. Bounds
 * that only restate the type (an integer's safe range, the ISO date-time pattern) are left out for the reader.
 */
function zodToJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  return json;
}

const DESCRIPTION = `The API of ${SITE_NAME}.

**Public API v1** (\`/api/v1\`) is for other programs: read-only, no key and no cookies, open to any origin (CORS).
- Lists are cursor-paged: pass the answer's \`nextCursor\` back as \`cursor\` until it is null; \`limit\` is at most ${V1_MAX_LIMIT}.
- Answers carry \`Cache-Control\` for shared caches and a content \`ETag\`: send it back in \`If-None-Match\` to get 304 while nothing changed.
- Each client address may make ${config.publicApiRateLimit} requests a minute: \`RateLimit-Policy\` and \`RateLimit\` say how many are left and when the window resets (draft-ietf-httpapi-ratelimit-headers); past it the answer is 429 with \`Retry-After\`.
- Errors are plain text: the reason, for a person to read.

Everything else is the site's own API, used by its pages with the session cookie. It may change without notice; operations that need a session say so, and those of the admin panel name the permission they need.`;

/** Operations without a tag of their own are grouped by the first segment of their path. */
const SEGMENT_TAGS: Record<string, string> = {
  tools: 'Tools',
  blog: 'Blog',
  user: 'Account',
  login: 'Account',
  logout: 'Account',
  register: 'Account',
  premium: 'Premium',
  admin: 'Admin',
};

const TAGS = [
  { name: V1_TAG, description: 'Read-only, versioned, for other programs: tools, categories and blog posts.' },
  { name: 'Tools', description: 'The catalogue as the site reads it, and submissions.' },
  { name: 'Blog', description: 'Published posts as the site reads them.' },
  { name: 'Account', description: 'Sign-in, registration and the signed-in user.' },
  { name: 'Premium', description: 'Premium membership checkout and the payment provider’s webhook.' },
  {
    name: 'Admin',
    description: 'The admin panel. Every operation needs a session whose role grants the permission it names.',
  },
];

/** Who holds a permission: the roles that grant it, and isAdmin accounts (which hold every permission). */
function holdersOf(permission: string): string {
  const roles = ROLES.filter((role) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission));
  return [...roles.map((r) => `\`${r}\``), 'isAdmin accounts'].join(', ');
}

type Operation = {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: unknown }>;
};

const plainText = (example: string) => ({ 'text/plain': { schema: { type: 'string' }, example } });

/** Says on each operation what it needs (a session, a permission and who holds it) and what it answers without. */
function describeAccess(operation: Operation): void {
  const scopes = operation.security?.find((s) => SESSION_SCHEME in s)?.[SESSION_SCHEME];
  if (!scopes) return;
  const need =
    scopes.length === 0
      ? 'a signed-in session'
      : `a session with the \`${scopes.join('`, `')}\` permission (held by ${scopes.map(holdersOf).join('; ')})`;
  operation.description = [operation.description, `**Requires** ${need}.`].filter(Boolean).join('\n\n');
  operation.responses ??= {};
  operation.responses['401'] ??= { description: 'Signed out.', content: plainText('Unauthorized') };
  if (scopes.length > 0)
    operation.responses['403'] ??= {
      description: 'The account lacks the permission.',
      content: plainText('Forbidden'),
    };
}

/** The OpenAPI 3.1 document of every route under /api that declares itself (hidden ones and non-API paths left out). */
export function openApiDocument(app: AnyElysia): Record<string, unknown> {
  const { paths, components } = toOpenAPISchema(app, { paths: [/^(?!\/api\/)/] }, undefined, { zod: zodToJsonSchema });
  for (const [path, item] of Object.entries(paths)) {
    const segment = path.split('/')[2] ?? '';
    for (const operation of Object.values(item ?? {}) as Operation[]) {
      if (!operation || typeof operation !== 'object') continue;
      if (!operation.tags?.length)
        operation.tags = [SEGMENT_TAGS[segment] ?? segment.charAt(0).toUpperCase() + segment.slice(1)];
      describeAccess(operation);
      // The generator gives a bodiless answer (304) a "content" that is not a media type map.
      const notModified = operation.responses?.['304'];
      if (notModified) delete notModified.content;
    }
  }
  return {
    openapi: '3.1.1',
    info: { title: `${SITE_NAME} API`, version: '1.0.0', description: DESCRIPTION },
    tags: TAGS,
    paths,
    components: {
      ...components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie the site sets at sign-in. Scopes name the permission an operation needs.',
        },
      },
    },
  };
}

/** The reference page: a line leading back to the site, then Swagger UI's files and the script that starts it, all from this origin (DOCS_CSP). */
export function docsPage(swaggerUiVersion: string): string {
  const asset = (file: string) => `${DOCS_PATH}/${file}?v=${swaggerUiVersion}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SITE_NAME} API reference</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<header class="swagger-ui"><nav class="wrapper" aria-label="Site"><p><a href="/">&larr; ${SITE_NAME}</a> &middot; <a href="${OPENAPI_PATH}">OpenAPI document</a></p></nav></header>
<main id="swagger-ui"></main>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${DOCS_PATH}/${DOCS_INIT}"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the document. No validator badge (it would call a third party); the page's own query string
 * is not read as configuration (queryConfigEnabled stays off), so a link cannot point it at another document.
 */
export const DOCS_INIT_SCRIPT = `// Starts the API reference (Swagger UI) on ${OPENAPI_PATH}.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle(${JSON.stringify({
    url: OPENAPI_PATH,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    // Sections start collapsed: expanded, the whole reference (some 140 operations) stopped rendering after its second
    // section in Swagger UI 5.35, with no error shown. A section opens with a click, or by its address (deepLinking).
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
  })});
});
`;

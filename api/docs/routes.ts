// The API's documentation (docs/decisions/0036-public-api.md): the OpenAPI document at /api/openapi.json, generated
// once from the routes of the app it is mounted in, and the reference page at /api/docs with its own files.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Elysia, type AnyElysia } from 'elysia';
import { errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { htmlResponse, serveStatic } from '../publishing/static-site';
import {
  DOCS_CSP,
  DOCS_INIT,
  DOCS_INIT_SCRIPT,
  DOCS_PATH,
  OPENAPI_PATH,
  SWAGGER_UI_FILES,
  docsPage,
  openApiDocument,
} from './service';

const SWAGGER_UI_DIR = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));
const SWAGGER_UI_VERSION: string = JSON.parse(readFileSync(join(SWAGGER_UI_DIR, 'package.json'), 'utf8')).version;

const hidden = { detail: { hide: true } };
const isSwaggerUiFile = (file: string): file is (typeof SWAGGER_UI_FILES)[number] =>
  (SWAGGER_UI_FILES as readonly string[]).includes(file);

/** `app`: the app whose routes the document describes (the routes are read on the first request, then kept). */
export function apiDocsRoutes(app: AnyElysia) {
  let document: string | undefined;
  const page = docsPage(SWAGGER_UI_VERSION);
  return new Elysia({ name: 'api-docs' })
    .use(errors)
    .use(security)
    .get(
      OPENAPI_PATH,
      ({ request }) => {
        document ??= JSON.stringify(openApiDocument(app));
        // Any origin may read it, as it may the public API it describes (editors, client generators).
        return htmlResponse(request, document, {
          headers: { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' },
        });
      },
      hidden,
    )
    .get(
      DOCS_PATH,
      ({ request }) => htmlResponse(request, page, { headers: { 'content-security-policy': DOCS_CSP } }),
      hidden,
    )
    .get(
      `${DOCS_PATH}/${DOCS_INIT}`,
      ({ request }) =>
        htmlResponse(request, DOCS_INIT_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } }),
      hidden,
    )
    .get(
      `${DOCS_PATH}/:file`,
      ({ params, request }) => {
        if (!isSwaggerUiFile(params.file)) throw notFound();
        return serveStatic(request, SWAGGER_UI_DIR, undefined, `/${params.file}`);
      },
      hidden,
    );
}

// The API's documentation (docs/decisions/0036-public-api.md): the OpenAPI document at /api/openapi.json, generated
// once from the routes of the app it is mounted in, and the reference page at /api/docs with its own files.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Elysia, type AnyElysia } from 'elysia';
import { errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { pageResponse, preparePage, type PreparedPage } from '../publishing/static-site';
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

/**
 * `app`: the app whose routes the document describes (the routes are read on the first request, then kept). Each
 * answer is prepared once, as a page rendered on request is (ETag, br/gzip made once, 304, HEAD).
 */
export function apiDocsRoutes(app: AnyElysia) {
  let document: PreparedPage | undefined;
  const page = preparePage(docsPage(SWAGGER_UI_VERSION), { headers: { 'content-security-policy': DOCS_CSP } });
  const init = preparePage(DOCS_INIT_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
  const files = new Map<string, PreparedPage>();
  return new Elysia({ name: 'api-docs' })
    .use(errors)
    .use(security)
    .get(
      OPENAPI_PATH,
      ({ request }) => {
        // Any origin may read it, as it may the public API it describes (editors, client generators).
        document ??= preparePage(JSON.stringify(openApiDocument(app)), {
          headers: { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' },
        });
        return pageResponse(request, document);
      },
      hidden,
    )
    .get(DOCS_PATH, ({ request }) => pageResponse(request, page), hidden)
    .get(`${DOCS_PATH}/${DOCS_INIT}`, ({ request }) => pageResponse(request, init), hidden)
    .get(
      `${DOCS_PATH}/:file`,
      ({ params, request }) => {
        if (!isSwaggerUiFile(params.file)) throw notFound();
        let file = files.get(params.file);
        if (!file) {
          const bytes = new Uint8Array(readFileSync(join(SWAGGER_UI_DIR, params.file)));
          const type = Bun.file(params.file).type.split(';')[0];
          files.set(params.file, (file = preparePage(bytes, { headers: { 'content-type': type } })));
        }
        return pageResponse(request, file);
      },
      hidden,
    );
}

// A page rendered on demand for an address with a query (the directory's filters, the form pages' tab, next and sent):
// the same .astro page as the static file, rendered once per address while the catalogue stays, concurrent first
// requests sharing one render, each render counted against the client's budget (render-budget.ts; a kept one is not).
import { keptWhileCatalogueStays } from '../../db/queries/catalogue-version';
import { config } from '../config';
import { log } from '../log';
import { renderWhole } from './page-renderer';
import { refusalOf, sharedRenders, type Peer } from './render-budget';
import { pageResponse, preparePage, type PreparedPage } from './static-site';

interface QueryPages {
  /** Renders kept at most. */
  kept: number;
  /** The render statuses served; any other is a failure and the static file answers. */
  serves: (status: number) => boolean;
  /** The page's name in the failure's log line. */
  what: string;
}

/** Serves `href` (an address read as its page reads it) for `request`, or null when the static file should answer. */
export function queryPages({ kept, serves, what }: QueryPages) {
  const keptRenders = keptWhileCatalogueStays<PreparedPage>(kept);
  const renders = sharedRenders<PreparedPage>();
  const render = async (href: string): Promise<PreparedPage> => {
    const rendered = await renderWhole(href, { appDir: config.appDir, siteUrl: config.siteUrl });
    if (!rendered || !serves(rendered.status)) throw new Error(`${href} answered ${rendered?.status ?? 'nothing'}`);
    return preparePage(rendered.html, { status: rendered.status, headers: rendered.headers });
  };
  return (href: string, request: Request, peer?: Peer): Promise<Response | null> =>
    // Catalogue changes move the version: a kept render is never older than the catalogue the request saw.
    keptRenders(href, () => renders(href, request, peer, () => render(href)))
      .then((page) => pageResponse(request, page))
      .catch((error: unknown) => {
        const refused = refusalOf(error, request);
        if (refused) return refused;
        log.error({ err: error, path: href }, `on-demand render failed; serving the static ${what}`);
        return null;
      });
}

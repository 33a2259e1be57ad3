// A page rendered on demand for an address with a query (the directory's filters, the form pages' tab, next and sent):
// the same .astro page as the static file, rendered once per address while no change touches its tags, concurrent first
// requests sharing one render, each render counted against the client's budget (render-budget.ts; a kept one is not).
import { config } from '../config';
import { log } from '../log';
import { renderWhole } from './page-renderer';
import { keptRenders, tagsOfPage, type KeptRender } from './kept-renders';
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
  const keptPages = keptRenders<PreparedPage>(kept);
  const renders = sharedRenders<KeptRender<PreparedPage>>();
  const render = async (href: string): Promise<KeptRender<PreparedPage>> => {
    const rendered = await renderWhole(href, { appDir: config.appDir, siteUrl: config.siteUrl });
    if (!rendered || !serves(rendered.status)) throw new Error(`${href} answered ${rendered?.status ?? 'nothing'}`);
    const page = preparePage(rendered.html, { status: rendered.status, headers: rendered.headers });
    return { value: page, tags: tagsOfPage(page.entry.headers) };
  };
  return (href: string, request: Request, peer?: Peer): Promise<Response | null> =>
    // A kept render is dropped when a change touches a tag it read: never older than the changes the request saw.
    keptPages(href, () => renders(href, request, peer, () => render(href)))
      .then((page) => pageResponse(request, page))
      .catch((error: unknown) => {
        const refused = refusalOf(error, request);
        if (refused) return refused;
        log.error({ err: error, path: href }, `on-demand render failed; serving the static ${what}`);
        return null;
      });
}

// Renders a page of site/ on demand: calls the Astro server build's `render` (site/adapter/entry.ts) with a Request
// and adds the tags of what the render read. The exporter renders the static site through the same call, so a static
// file and an on-demand render of the same page come from one code path (docs/decisions/0032).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectTags } from '../../db/page-tags';
import { tagHeaders } from '../../lib/cache-tags';

type Render = (request: Request, locals?: object) => Promise<Response | null>;

/** Each server build's render, by folder: loaded once (a failed load is tried again by the next render). */
const renders = new Map<string, Promise<Render>>();

interface RenderOptions {
  /** The Astro server build (build/app by default). */
  appDir: string;
  /** The public origin the page is rendered for: its canonical links and Astro.url. */
  siteUrl: string;
  /** Data handed to the page (Astro.locals), e.g. rows the exporter read in bulk. */
  locals?: object;
  /** The tags of that data (the bulk queries give each page's): the render adds the tags of what it reads itself. */
  tags?: readonly string[];
}

/**
 * Renders `path` (pathname and search) as a visitor's GET; null when no page of site/ matches it. The answer has the
 * page's status (404 for a tool not public) and Astro's headers (CSP included), plus the tags of all the render read.
 */
export async function renderPage(
  path: string,
  { appDir, siteUrl, locals, tags }: RenderOptions,
): Promise<Response | null> {
  const dir = resolve(appDir);
  let loaded = renders.get(dir);
  if (!loaded) {
    loaded = import(pathToFileURL(join(dir, 'server/entry.mjs')).href).then((m: { render: Render }) => m.render);
    renders.set(dir, loaded);
    loaded.catch(() => renders.delete(dir));
  }
  const render = await loaded;
  const read = new Set(tags);
  const { value } = await collectTags(async () => {
    const response = await render(new Request(new URL(path, siteUrl), { headers: { accept: 'text/html' } }), locals);
    if (!response) return null;
    // The body is read inside: what the page reads while it is written counts too.
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(tagHeaders(read))) headers.set(name, value);
    return new Response(body, { status: response.status, headers });
  }, read);
  return value;
}

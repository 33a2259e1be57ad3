// The server build's entry (build/app/server/entry.mjs): one function that renders a page of site/ for a Request.
import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });
/** No error page is prerendered: every page, the 404 page too, is rendered by this build. */
const noPrerenderedPage = async () => new Response(null, { status: 404 });

/** The page's answer for `request`, with `locals` as Astro.locals; null when no page of site/ matches it. */
export async function render(request: Request, locals?: object): Promise<Response | null> {
  const routeData = app.match(request);
  if (!routeData) return null;
  return app.render(request, { locals, routeData, prerenderedErrorPageFetch: noPrerenderedPage });
}

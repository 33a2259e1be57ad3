// /compare (docs/decisions/0108): the "Compare with…" picker's page without JavaScript (?tool=a&q=name lists the
// matches) and the three-tool compare (?tools=a,b,c), an early-access feature decided here on the server for this
// viewer. Rendered for each visitor and never kept or cached: the answer depends on who asks. Two tools go to their
// pair page, which stays public and cached.
import type { Context } from 'elysia';
import type { User } from '../../db/schema';
import { comparedSlugs, comparePath } from '../../lib/alternatives';
import { pageForClient } from '../form-post';
import { flagAudience, onFor } from '../premium/early-access';

export async function compareToolsPage({
  viewer,
  request,
  ip,
  set,
  query,
}: {
  viewer: User | null;
  request: Request;
  ip: string;
  set: Context['set'];
  query: Record<string, string | undefined>;
}): Promise<Response | string> {
  const slugs = comparedSlugs(query.tools);
  if (slugs.length === 2) {
    set.headers['cache-control'] = 'no-store';
    return new Response(null, { status: 303, headers: { location: comparePath(slugs[0], slugs[1]) } });
  }
  let state: 'on' | 'premium-only' | 'off' = 'off';
  let status = 200;
  const search = new URL(request.url).search;
  if (slugs.length === 3) {
    const audience = await flagAudience('three-way-compare');
    const on = onFor(audience, viewer);
    state = on ? 'on' : audience === 'off' ? 'off' : 'premium-only';
    if (!on) status = 403;
  }
  const page = await pageForClient({
    request,
    ip,
    set,
    page: `/compare${search}`,
    locals: { threeWayCompare: state },
    status,
  });
  if (page === null) throw new Error('/compare did not render');
  set.headers['cache-control'] = 'private, no-store';
  return page;
}

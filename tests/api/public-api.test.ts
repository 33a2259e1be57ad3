// The public read-only API (/api/v1) as another program sees it: paging, filters and sorts, public fields only,
// CORS, shared-cache headers with ETag/304, and the per-address rate limit with its RateLimit fields.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { SESSION_COOKIE } from '../../api/auth/sessions';
import { positiveWholeNumber } from '../../api/config';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { V1_CACHE } from '../../api/v1/routes';
import { db } from '../../db/client';
import { listPublicTools } from '../../db/queries/tools';
import { blogPosts, editorialReviews, tools, type NewTool, type Tool, type User } from '../../db/schema';
import { V1_MSG, encodeCursor } from '../../lib/contract/public-v1';
import { declareToolChange, makeTool, NO_PASSWORD } from '../helpers/admin';
import { BASE, makeUser } from '../helpers/api';

/** An app whose limit these tests never reach; the rate-limit tests make their own. */
const api = createApp({ publicApi: { rateLimit: 1_000_000 } });

interface Get {
  headers?: Record<string, string>;
  ip?: string;
  on?: ReturnType<typeof createApp>;
  method?: string;
}

function get(
  path: string,
  { headers = {}, ip = '198.51.100.10', on = api, method = 'GET' }: Get = {},
): Promise<Response> {
  return on.handle(new Request(`${BASE}${path}`, { method, headers: { ...headers, [CLIENT_IP_HEADER]: ip } }));
}

async function json<T = Record<string, unknown>>(path: string, opts?: Get): Promise<T> {
  const res = await get(path, opts);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

type ToolJson = { id: number; slug: string; name: string } & Record<string, unknown>;
type Page = { items: ToolJson[]; nextCursor: string | null };

/** Every item of a list, following nextCursor from the first page; the pages' sizes too. */
async function walk(path: string, limit: number): Promise<{ items: ToolJson[]; sizes: number[] }> {
  const items: ToolJson[] = [];
  const sizes: number[] = [];
  const join = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  do {
    const page: Page = await json<Page>(`${path}${join}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    sizes.push(page.items.length);
    cursor = page.nextCursor;
    expect(sizes.length, 'pages').toBeLessThan(100);
  } while (cursor);
  return { items, sizes };
}

const eqId = (id: number) => eq(tools.id, id);
const day = (d: number, minute = 0) => new Date(Date.UTC(2025, 4, d, 12, minute));

let owner: User;
let n = 0;
/** An approved tool with the given values; slug from the name; with the rebuild request its approval would make. */
async function approved(values: Partial<NewTool> & { name: string }): Promise<Tool> {
  n += 1;
  const tool = await makeTool({
    slug: `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`,
    status: 'approved',
    approvedAt: day(1),
    qualityScore: 7,
    curatorTake: 'Solid.',
    submittedById: owner.id,
    ...values,
  });
  await declareToolChange(tool);
  return tool;
}

// Non-public records whose text must never come out of the public API.
const SECRET = {
  email: 'secret-submitter-7e1@example.com',
  rejectionReason: 'REJECTION-REASON-zq81',
  unlistReason: 'UNLIST-REASON-zq82',
  pendingName: 'Pendingtool Zq83',
  rejectedName: 'Rejectedtool Zq84',
  unlistedName: 'Unlistedtool Zq85',
  draftTitle: 'Drafttitle Zq86',
  draftBody: 'DRAFT-BODY-zq87',
};
let publicTools: Tool[];
let hidden: Tool[];

beforeAll(async () => {
  owner = await makeUser({ ...NO_PASSWORD, email: SECRET.email });
  // Ties on purpose: groups share premium, score and approval time, so only the id breaks them.
  const spec: [string, Partial<NewTool>][] = [
    ['Alpha Writer', { tags: ['content-creation'], pricingModel: 'free', qualityScore: 9, approvedAt: day(3) }],
    ['beta Analytics', { tags: ['data-analysis'], pricingModel: 'paid', qualityScore: 9, approvedAt: day(3) }],
    ['Gamma Designer', { tags: ['design'], pricingModel: 'freemium', qualityScore: 9, approvedAt: day(3) }],
    ['Delta Coder', { tags: ['development'], pricingModel: 'free', qualityScore: 8, approvedAt: day(5) }],
    [
      'Epsilon Marketer',
      { tags: ['marketing', 'content-creation'], pricingModel: 'paid', qualityScore: 8, approvedAt: day(5) },
    ],
    ['Zeta Planner', { tags: ['productivity'], pricingModel: 'free-trial', qualityScore: 8, approvedAt: day(5) }],
    ['eta Analyzer', { tags: ['data-analysis'], pricingModel: 'free', qualityScore: null, approvedAt: day(9) }],
    [
      'Theta Premium',
      {
        tags: ['design'],
        pricingModel: 'paid',
        isPremium: true,
        qualityScore: 6,
        approvedAt: day(2),
        screenshots: ['/uploads/shot.png'],
        videoUrl: 'https://video.example.com/theta',
      },
    ],
    ['Iota Premium', { tags: ['design'], pricingModel: 'paid', isPremium: true, qualityScore: 6, approvedAt: day(2) }],
    [
      'Kappa Lapsed',
      {
        tags: ['marketing'],
        isPremium: false,
        qualityScore: 5,
        approvedAt: day(7),
        screenshots: ['https://shots.example.com/old.png'],
        videoUrl: 'https://video.example.com/old',
      },
    ],
    ['Lambda Same', { tags: ['productivity'], qualityScore: 5, approvedAt: day(7) }],
    ['Mu Same', { tags: ['productivity'], qualityScore: 5, approvedAt: day(7) }],
    ['Nu Same', { tags: ['productivity'], qualityScore: 5, approvedAt: day(7) }],
    ['Xi Same', { tags: ['productivity'], qualityScore: 5, approvedAt: day(7) }],
    [
      'Omicron Oldest',
      { tags: ['content-creation'], pricingModel: 'contact-for-price', qualityScore: 3, approvedAt: day(1) },
    ],
    ['Pi Logo', { tags: ['development'], qualityScore: 4, approvedAt: day(4), logoUrl: '/uploads/logos/pi.png' }],
  ];
  publicTools = [];
  for (const [name, values] of spec) publicTools.push(await approved({ name, ...values }));
  await db.insert(editorialReviews).values([
    {
      toolId: publicTools[0].id,
      curatorTake: 'First look.',
      qualityScore: 8,
      reviewedBy: owner.id,
      reviewedAt: day(3),
    },
    {
      toolId: publicTools[0].id,
      curatorTake: 'Follow-up: better.',
      qualityScore: 9,
      reviewedBy: owner.id,
      reviewedAt: day(6),
      isFollowUp: true,
    },
  ]);
  hidden = [
    await makeTool({
      name: SECRET.pendingName,
      slug: 'pendingtool-zq83',
      status: 'pending',
      tags: ['design'],
      submittedById: owner.id,
      description: 'Analytics for designers, waiting for review.',
    }),
    await makeTool({
      name: SECRET.rejectedName,
      slug: 'rejectedtool-zq84',
      status: 'rejected',
      rejectionReason: SECRET.rejectionReason,
      tags: ['design'],
      submittedById: owner.id,
      description: 'Analytics that the editors turned down.',
    }),
    await makeTool({
      name: SECRET.unlistedName,
      slug: 'unlistedtool-zq85',
      status: 'unlisted',
      unlistReason: SECRET.unlistReason,
      tags: ['design'],
      submittedById: owner.id,
      description: 'Analytics that was approved, then hidden.',
    }),
  ];
  const post = (i: number, values: Partial<typeof blogPosts.$inferInsert> = {}): typeof blogPosts.$inferInsert => ({
    title: `Post ${i}`,
    slug: `post-${i}`,
    excerpt: `Excerpt ${i}`,
    content: `<p>Body ${i}</p>`,
    authorId: owner.id,
    status: 'published',
    publishedAt: day(i),
    ...values,
  });
  await db.insert(blogPosts).values([
    post(1),
    post(2),
    post(3, { publishedAt: day(2) }),
    post(4, { readTime: '9 min read' }),
    post(5, {
      status: 'draft',
      title: SECRET.draftTitle,
      slug: 'drafttitle-zq86',
      content: `<p>${SECRET.draftBody}</p>`,
      publishedAt: null,
    }),
    post(6, { publishedAt: null }),
  ]);
});

/** The directory's own order, stated in the test: premium, score (unscored last), approval time, id, all descending. */
function featuredOrder(list: Tool[]): string[] {
  const key = (t: Tool) => [t.isPremium ? 1 : 0, t.qualityScore ?? -1, t.approvedAt?.getTime() ?? -1, t.id];
  return [...list]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
      return 0;
    })
    .map((t) => t.slug);
}

const newestOrder = (list: Tool[]) =>
  [...list].sort((a, b) => b.approvedAt!.getTime() - a.approvedAt!.getTime() || b.id - a.id).map((t) => t.slug);
const nameOrder = (list: Tool[]) =>
  [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id).map((t) => t.slug);

describe('GET /api/v1/tools paging', () => {
  it('walks every public tool exactly once, in order, whatever the page size, ties included', async () => {
    for (const [sort, expected] of [
      ['featured', featuredOrder(publicTools)],
      ['newest', newestOrder(publicTools)],
      ['name', nameOrder(publicTools)],
    ] as const) {
      for (const limit of [1, 3, 4, 16, 100]) {
        const { items, sizes } = await walk(`/api/v1/tools?sort=${sort}`, limit);
        expect(
          items.map((t) => t.slug),
          `${sort} by ${limit}`,
        ).toEqual(expected);
        // Full pages until the last; no empty page at the end when the count divides evenly.
        expect(
          sizes.slice(0, -1).every((s) => s === limit),
          `${sort} by ${limit}`,
        ).toBe(true);
        expect(sizes.at(-1), `${sort} by ${limit}`).toBeGreaterThan(0);
      }
    }
  });

  it("walks the directory's rating and reviewed orders the same as the directory, ties and nulls included", async () => {
    for (const sort of ['rating', 'reviewed'] as const) {
      const directory = (await listPublicTools({ sort, limit: 100 })).map((t) => t.slug);
      for (const limit of [1, 3, 7, 100]) {
        const { items } = await walk(`/api/v1/tools?sort=${sort}`, limit);
        expect(
          items.map((t) => t.slug),
          `${sort} by ${limit}`,
        ).toEqual(directory);
      }
    }
  });

  it("uses the directory's order by default, the same as the site's catalogue", async () => {
    const { items } = await walk('/api/v1/tools', 5);
    const directory = await listPublicTools({ limit: 100 });
    expect(items.map((t) => t.slug)).toEqual(directory.map((t) => t.slug));
    expect(items.map((t) => t.slug)).toEqual(featuredOrder(publicTools));
  });

  it('gives 20 tools a page unless told, and a cursor only when more follow', async () => {
    const first = await json<Page>('/api/v1/tools?limit=16');
    expect(first.items).toHaveLength(16);
    expect(first.nextCursor).toBeNull();
    const byDefault = await json<Page>('/api/v1/tools');
    expect(byDefault.items).toHaveLength(16);
    const two = await json<Page>('/api/v1/tools?limit=15');
    expect(two.nextCursor).toEqual(expect.any(String));
  });

  it('keeps its place when tools before it are added: the next page starts after the last tool sent', async () => {
    const first = await json<Page>('/api/v1/tools?sort=newest&limit=3');
    const late = await approved({ name: 'Late Arrival', approvedAt: day(30) });
    try {
      const second = await json<Page>(`/api/v1/tools?sort=newest&limit=3&cursor=${first.nextCursor}`);
      const expected = newestOrder(publicTools);
      expect(second.items.map((t) => t.slug)).toEqual(expected.slice(3, 6));
    } finally {
      await db.delete(tools).where(eqId(late.id));
      await declareToolChange(late);
    }
  });
});

describe('GET /api/v1/tools filters', () => {
  const slugs = async (query: string) => (await walk(`/api/v1/tools?${query}`, 3)).items.map((t) => t.slug);
  const of = (pick: (t: Tool) => boolean) => featuredOrder(publicTools.filter(pick));

  it('filters by category, a tool in several categories showing in each', async () => {
    expect(await slugs('category=productivity')).toEqual(of((t) => t.tags.includes('productivity')));
    const content = await slugs('category=content-creation');
    expect(content).toEqual(of((t) => t.tags.includes('content-creation')));
    expect(content.some((s) => s.startsWith('epsilon-marketer'))).toBe(true);
  });

  it('filters by pricing model', async () => {
    expect(await slugs('pricing=free')).toEqual(of((t) => t.pricingModel === 'free'));
    expect(await slugs('pricing=contact-for-price')).toEqual(of((t) => t.pricingModel === 'contact-for-price'));
  });

  it('searches as the directory does: every word, each as a prefix, in name, description or categories', async () => {
    expect(await slugs('search=anal')).toEqual(of((t) => /^(beta analytics|eta analyzer)$/i.test(t.name)));
    expect(await slugs('search=same%20nu')).toEqual(of((t) => t.name === 'Nu Same'));
    // A category's words are searchable too.
    expect(await slugs('search=productivity')).toEqual(of((t) => t.tags.includes('productivity')));
    expect(await slugs('search=nosuchword')).toEqual([]);
    // FTS syntax is plain text.
    expect(await slugs(`search=${encodeURIComponent('"alpha" OR NEAR(*')}`)).toEqual([]);
    expect(await slugs('search=')).toEqual(featuredOrder(publicTools));
  });

  it("corrects a search word that is in no tool as the directory does, answers the correction's tools and says so", async () => {
    const answer = await json<Page & { correctedSearch: string | null }>('/api/v1/tools?search=Premum&limit=1');
    expect(answer.correctedSearch).toBe('Premium');
    const { items } = await walk('/api/v1/tools?search=Premum', 1);
    expect(items.map((t) => t.slug)).toEqual(of((t) => t.name.endsWith(' Premium')));
    expect(
      (await json<{ correctedSearch: string | null }>('/api/v1/tools?search=desinger&category=design')).correctedSearch,
    ).toBe('designer');
    expect((await json<{ correctedSearch: string | null }>('/api/v1/tools?search=premium')).correctedSearch).toBeNull();
    expect((await json<{ correctedSearch: string | null }>('/api/v1/tools')).correctedSearch).toBeNull();
  });

  it('combines filters with a sort, and pages the result', async () => {
    const expected = newestOrder(publicTools.filter((t) => t.tags.includes('design') && t.pricingModel === 'paid'));
    expect(expected.length).toBeGreaterThan(1);
    expect((await walk('/api/v1/tools?category=design&pricing=paid&sort=newest', 1)).items.map((t) => t.slug)).toEqual(
      expected,
    );
    expect(await slugs('search=same&sort=name')).toEqual(
      nameOrder(publicTools.filter((t) => t.name.endsWith(' Same'))),
    );
  });
});

describe('GET /api/v1/tools refusals', () => {
  const refused = async (query: string) => {
    const res = await get(`/api/v1/tools?${query}`);
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
  };

  it('answers 400 with the reason as plain text', async () => {
    const cases: [string, string][] = [
      ['limit=0', V1_MSG.limit],
      ['limit=101', V1_MSG.limit],
      ['limit=ten', V1_MSG.limit],
      ['limit=1e2', V1_MSG.limit],
      ['limit=1&limit=2', V1_MSG.limit],
      ['sort=popular', V1_MSG.sort],
      ['category=all', V1_MSG.category],
      ['category=design&category=marketing', V1_MSG.category],
      ['pricing=cheap', V1_MSG.pricing],
      [`search=${'x'.repeat(201)}`, V1_MSG.search],
      ['search=a%00b', V1_MSG.searchControl],
      ['cursor=not-a-cursor', V1_MSG.cursor],
      ['cursor=%2F%2F%2F', V1_MSG.cursor],
      [`cursor=${Buffer.from('{"o":"newest","p":["x",1]}').toString('base64url')}`, V1_MSG.cursor],
      [`cursor=${encodeCursor({ o: 'name', p: ['Alpha', 1] })}`, V1_MSG.cursorSort],
      [`sort=newest&cursor=${encodeCursor({ o: 'posts', p: [1, 1] })}`, V1_MSG.cursorSort],
    ];
    for (const [query, message] of cases) {
      expect(await refused(query), query).toEqual({ status: 400, text: message, type: 'text/plain; charset=utf-8' });
    }
  });

  it('ignores parameters it does not know', async () => {
    expect((await json<Page>('/api/v1/tools?limit=2&utm_source=newsletter')).items).toHaveLength(2);
  });

  it('answers a missing or non-public tool, and a slug no tool can have, with 404', async () => {
    for (const slug of ['no-such-tool', 'Not%20A%20Slug', ...hidden.map((t) => t.slug)]) {
      const res = await get(`/api/v1/tools/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await res.text()).toBe(V1_MSG.toolNotFound);
    }
  });
});

describe('answers', () => {
  const TOOL_FIELDS = [
    'approvedAt',
    'curatorTake',
    'description',
    'discontinued',
    'id',
    'isPremium',
    'lastReviewedAt',
    'logoUrl',
    'name',
    'pageUrl',
    'pricingModel',
    'qualityScore',
    'screenshots',
    'slug',
    'tags',
    'targetAudience',
    'updatedAt',
    'url',
    'verifiedOwners',
    'videoUrl',
  ];

  it('gives a tool its public fields only, with absolute addresses', async () => {
    const { items } = await json<Page>('/api/v1/tools?search=pi%20logo');
    expect(items).toHaveLength(1);
    const [tool] = items;
    expect(Object.keys(tool).sort()).toEqual(TOOL_FIELDS);
    expect(tool.logoUrl).toBe(`http://localhost:4321/uploads/logos/pi.png`);
    expect(tool.pageUrl).toBe(`http://localhost:4321/tool/${tool.slug}`);
    expect(tool.approvedAt).toBe(day(4).toISOString());
  });

  it('shows screenshots and the demo video of premium listings only, as the tool page does', async () => {
    const theta = await json<ToolJson>(`/api/v1/tools/${publicTools[7].slug}`);
    expect(theta.screenshots).toEqual(['http://localhost:4321/uploads/shot.png']);
    expect(theta.videoUrl).toBe('https://video.example.com/theta');
    const lapsed = await json<ToolJson>(`/api/v1/tools/${publicTools[9].slug}`);
    expect(lapsed.screenshots).toEqual([]);
    expect(lapsed.videoUrl).toBeNull();
  });

  it('gives one tool with its editorial reviews, newest first, without who reviewed', async () => {
    const tool = await json<ToolJson & { editorialReviews: Record<string, unknown>[] }>(
      `/api/v1/tools/${publicTools[0].slug}`,
    );
    expect(Object.keys(tool).sort()).toEqual([...TOOL_FIELDS, 'editorialReviews'].sort());
    expect(tool.editorialReviews).toEqual([
      { curatorTake: 'Follow-up: better.', qualityScore: 9, reviewedAt: day(6).toISOString(), isFollowUp: true },
      { curatorTake: 'First look.', qualityScore: 8, reviewedAt: day(3).toISOString(), isFollowUp: false },
    ]);
  });

  it('counts the public tools of each category, in the directory order of categories', async () => {
    const { items } = await json<{ items: { id: string; label: string; toolCount: number }[] }>('/api/v1/categories');
    const count = (id: string) => publicTools.filter((t) => (t.tags as string[]).includes(id)).length;
    expect(items.map((c) => c.id)).toEqual([
      'content-creation',
      'data-analysis',
      'design',
      'development',
      'marketing',
      'productivity',
    ]);
    for (const c of items) expect(c.toolCount, c.id).toBe(count(c.id));
    expect(items[0]).toEqual({
      id: 'content-creation',
      label: 'Content Creation',
      toolCount: count('content-creation'),
    });
  });

  it('lists published posts newest first, paged, with the default read time', async () => {
    type PostJson = { slug: string; readTime: string; authorName: string; pageUrl: string } & Record<string, unknown>;
    const slugs: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: PostJson[]; nextCursor: string | null } = await json(
        `/api/v1/posts?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      slugs.push(...page.items.map((p) => p.slug));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    // post-2 and post-3 were published the same day: the newer id first; one without a date comes last, as on the blog.
    expect(slugs).toEqual(['post-4', 'post-3', 'post-2', 'post-1', 'post-6']);
    const { items } = await json<{ items: PostJson[] }>('/api/v1/posts');
    expect(items[0].readTime).toBe('9 min read');
    expect(items[1].readTime).toBe('5 min read');
    expect(items[0].authorName).toBe(`Test ${owner.lastName}`);
    expect(items[0].pageUrl).toBe('http://localhost:4321/blog/post-4');
    expect(Object.keys(items[0]).sort()).toEqual([
      'authorName',
      'category',
      'content',
      'excerpt',
      'featuredImage',
      'id',
      'pageUrl',
      'publishedAt',
      'readTime',
      'slug',
      'tags',
      'title',
      'updatedAt',
    ]);
  });
});

describe('nothing private leaks', () => {
  it('never answers a non-public tool, a draft post, a submitter or a reason, whatever is asked', async () => {
    const paths = [
      '/api/v1/tools?limit=100',
      '/api/v1/tools?limit=100&sort=newest',
      '/api/v1/tools?limit=100&sort=name',
      '/api/v1/tools?category=design&limit=100',
      '/api/v1/tools?search=analytics&limit=100',
      '/api/v1/tools?search=zq83',
      '/api/v1/tools?search=zq84',
      '/api/v1/tools?search=zq85',
      '/api/v1/tools?search=waiting%20review',
      '/api/v1/categories',
      '/api/v1/posts?limit=100',
      ...hidden.map((t) => `/api/v1/tools/${t.slug}`),
      ...publicTools.map((t) => `/api/v1/tools/${t.slug}`),
      '/api/v1/tools/drafttitle-zq86',
    ];
    const forbidden = [
      ...Object.values(SECRET),
      ...hidden.map((t) => t.slug),
      'submittedById',
      'rejectionReason',
      'unlistReason',
      'urlKey',
      'status',
      'reviewedBy',
      'email',
    ];
    for (const path of paths) {
      const body = await (await get(path)).text();
      for (const secret of forbidden)
        expect(body.toLowerCase(), `${path} shows ${secret}`).not.toContain(secret.toLowerCase());
    }
    const design = await json<{ items: { id: string; toolCount: number }[] }>('/api/v1/categories');
    expect(design.items.find((c) => c.id === 'design')?.toolCount).toBe(
      publicTools.filter((t) => t.tags.includes('design')).length,
    );
  });
});

describe('CORS', () => {
  it('lets any origin read every answer, errors included, and uses no cookies', async () => {
    const origin = { origin: 'https://elsewhere.example' };
    for (const path of [
      '/api/v1/tools',
      '/api/v1/tools?limit=0',
      '/api/v1/tools/no-such-tool',
      '/api/v1/categories',
      '/api/v1/posts',
      '/api/v1/nothing-here',
    ]) {
      const res = await get(path, { headers: origin });
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-expose-headers'), path).toBe(
        'ETag, RateLimit, RateLimit-Policy, Retry-After',
      );
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
    // A cookie changes nothing: same bytes, still public to shared caches.
    const plain = await get('/api/v1/tools');
    const withCookie = await get('/api/v1/tools', { headers: { cookie: `${SESSION_COOKIE}=whatever` } });
    expect(await withCookie.text()).toBe(await plain.text());
    expect(withCookie.headers.get('cache-control')).toBe(V1_CACHE);
  });

  it('answers a preflight without counting it against the rate limit', async () => {
    const limited = createApp({ publicApi: { rateLimit: 2 } });
    const ip = '198.51.100.77';
    const preflight = () =>
      get('/api/v1/tools', {
        on: limited,
        ip,
        method: 'OPTIONS',
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
    for (let i = 0; i < 3; i++) {
      const res = await preflight();
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('*');
      expect(res.headers.get('access-control-max-age')).toBe('86400');
    }
    expect((await get('/api/v1/tools', { on: limited, ip })).status).toBe(200);
  });
});

describe('shared caches', () => {
  it('marks answers cacheable with a content ETag, and answers a matching If-None-Match with 304', async () => {
    for (const path of [
      '/api/v1/tools?limit=3',
      `/api/v1/tools/${publicTools[0].slug}`,
      '/api/v1/categories',
      '/api/v1/posts',
    ]) {
      const res = await get(path);
      expect(res.headers.get('cache-control'), path).toBe(V1_CACHE);
      expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      const etag = res.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]{16}"$/);
      for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(path, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.status, `${path} ${ifNoneMatch}`).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe(V1_CACHE);
        expect(again.headers.get('access-control-allow-origin')).toBe('*');
      }
      expect((await get(path, { headers: { 'if-none-match': '"stale"' } })).status, path).toBe(200);
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const full = await get('/api/v1/categories');
    const head = await get('/api/v1/categories', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(head.headers.get('cache-control')).toBe(V1_CACHE);
  });

  it('changes the ETag when the answer changes', async () => {
    const before = (await get('/api/v1/categories')).headers.get('etag');
    const added = await approved({ name: 'Fresh Tool', tags: ['marketing'] });
    try {
      const res = await get('/api/v1/categories', { headers: { 'if-none-match': before! } });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBe(before);
    } finally {
      await db.delete(tools).where(eqId(added.id));
      await declareToolChange(added);
    }
  });

  it('keeps errors out of shared caches', async () => {
    for (const path of ['/api/v1/tools?limit=0', '/api/v1/tools/no-such-tool']) {
      const res = await get(path);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('etag'), path).toBeNull();
    }
  });
});

describe('rate limit', () => {
  it('tells each address its quota and what is left, then answers 429 with Retry-After', async () => {
    const limited = createApp({ publicApi: { rateLimit: 3 } });
    const ip = '198.51.100.200';
    const seen: (string | null)[] = [];
    for (const path of ['/api/v1/tools', '/api/v1/categories', '/api/v1/tools?limit=0']) {
      const res = await get(path, { on: limited, ip });
      expect(res.headers.get('ratelimit-policy')).toBe('"v1";q=3;w=60');
      seen.push(res.headers.get('ratelimit'));
    }
    expect(seen.map((v) => v?.replace(/;t=\d+$/, ''))).toEqual(['"v1";r=2', '"v1";r=1', '"v1";r=0']);
    const reset = Number(/;t=(\d+)$/.exec(seen[0]!)?.[1]);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);

    const over = await get('/api/v1/posts', { on: limited, ip });
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await over.text()).toBe(V1_MSG.rateLimited(3, retryAfter));
    expect(over.headers.get('ratelimit')).toBe(`"v1";r=0;t=${retryAfter}`);
    expect(over.headers.get('ratelimit-policy')).toBe('"v1";q=3;w=60');
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
    expect(over.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    // A 304 is an answer too: it counts, and past the limit it is refused like the rest.
    expect((await get('/api/v1/categories', { on: limited, ip, headers: { 'if-none-match': '*' } })).status).toBe(429);

    // Another address has its own quota; one IPv6 client's whole /64 shares one.
    expect((await get('/api/v1/tools', { on: limited, ip: '198.51.100.201' })).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await get('/api/v1/tools', { on: limited, ip: `2001:db8:1:2::${i + 1}` })).status).toBe(200);
    expect((await get('/api/v1/tools', { on: limited, ip: '2001:db8:1:2:ffff::9' })).status).toBe(429);
  });

  it("counts nothing against the site's own catalogue calls", async () => {
    const limited = createApp({ publicApi: { rateLimit: 1 } });
    const ip = '198.51.100.210';
    for (let i = 0; i < 3; i++) expect((await get('/api/tools', { on: limited, ip })).status).toBe(200);
    expect((await get('/api/v1/tools', { on: limited, ip })).status).toBe(200);
    expect((await get('/api/v1/tools', { on: limited, ip })).status).toBe(429);
  });
});

describe('PUBLIC_API_RATE_LIMIT', () => {
  it('takes a whole number of 1 or more, defaults to 120, and stops the start on anything else', () => {
    const read = (value?: string) =>
      positiveWholeNumber({ PUBLIC_API_RATE_LIMIT: value }, 'PUBLIC_API_RATE_LIMIT', 120);
    expect(read()).toBe(120);
    expect(read(' ')).toBe(120);
    expect(read('30')).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'many', '1e3'])
      expect(() => read(bad), bad).toThrow(`PUBLIC_API_RATE_LIMIT must be a whole number of 1 or more, not "${bad}"`);
  });
});

// The badges for makers (docs/decisions/0109): /badge/{slug}.svg's bytes and headers (type, cache, CORS, ETag and
// 304), escaped text, a width that follows the text, the rated badge's score and month, the verified owner's badge,
// the neutral "Not currently listed" image, a score change and an owner's arrival drawn again at once through the
// tool's tag, the member's tools for the snippets, and a visit through a badge counted once per visitor per day.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleRequest } from '../../api/handler';
import { app } from '../../api/app';
import { flushBeacons } from '../../api/metrics/service';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { requestRebuild } from '../../api/publishing/rebuild-queue';
import { db } from '../../db/client';
import { toolMetricsDaily, toolOwners, type Tool, type User } from '../../db/schema';
import { badgeContent, badgeHtml, badgeMarkdown, badgeSvg, textWidth } from '../../lib/badge';
import { xmlEscape as escapeXml } from '../../lib/xml';
import { ownerChangeTags, SURROGATE_KEY, tagsOfHeader, toolTag } from '../../lib/cache-tags';
import { SITE_NAME } from '../../lib/constants';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { BASE, call, makeUser, signedIn } from '../helpers/api';
import { makeTool, NO_PASSWORD } from '../helpers/admin';

const get = (path: string, headers: Record<string, string> = {}) =>
  handleRequest(new Request(`${BASE}${path}`, { headers }));

/** The badge's SVG text, after checking it is one. */
async function badge(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  return res.text();
}

const widthOf = (svg: string) => Number(/^<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
const titleOf = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1];

const REVIEWED = new Date('2025-03-14T12:00:00Z');
let rated: Tool;
let member: User;
let memberCookie: string;
let admin: string;

beforeAll(async () => {
  ({ user: member, cookie: memberCookie } = await signedIn(NO_PASSWORD));
  admin = (await signedIn({ ...NO_PASSWORD, isAdmin: true })).cookie;
  rated = await makeTool({
    status: 'approved',
    name: 'Rated Reed',
    slug: 'rated-reed',
    qualityScore: 8,
    lastReviewedAt: REVIEWED,
    submittedById: member.id,
  });
});

describe('GET /badge/{slug}.svg', () => {
  it('answers an SVG with a short cache, CORS open, nosniff, a content ETag, and 304 for it', async () => {
    const res = await get('/badge/rated-reed.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(tagsOfHeader(res.headers.get(SURROGATE_KEY))).toContain(toolTag('rated-reed'));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('role="img"');
    expect(titleOf(svg)).toBe(`Rated Reed: Listed on ${SITE_NAME}`);
    expect(svg).not.toMatch(/<script|on\w+=|href=|@import|url\(http/i);

    const again = await get('/badge/rated-reed.svg', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another theme is other bytes, so another ETag.
    const dark = await get('/badge/rated-reed.svg?theme=dark', { 'if-none-match': etag });
    expect(dark.status).toBe(200);
    expect(dark.headers.get('etag')).not.toBe(etag);
  });

  it('escapes a hostile name in the title', async () => {
    await makeTool({ status: 'approved', name: `<script>alert("x")</script> & 'co'`, slug: 'hostile-hat' });
    const svg = await badge('/badge/hostile-hat.svg');
    expect(svg).not.toContain('<script');
    expect(titleOf(svg)).toBe(
      `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;: Listed on ${SITE_NAME}`,
    );
    expect(svg).toContain(`aria-label="&lt;script&gt;alert(&quot;x&quot;)`);
  });

  it('says the score and the month of the last review in the rated badge', async () => {
    const svg = await badge('/badge/rated-reed.svg?style=rated');
    expect(svg).toContain(`>Rated 8/10 on ${SITE_NAME}</text>`);
    expect(svg).toContain('>reviewed March 2025</text>');
    expect(titleOf(svg)).toBe(`Rated Reed: Rated 8/10 on ${SITE_NAME} · reviewed March 2025`);
  });

  it('is as wide as its text', async () => {
    const listed = widthOf(await badge('/badge/rated-reed.svg'));
    const ratedWidth = widthOf(await badge('/badge/rated-reed.svg?style=rated'));
    expect(ratedWidth).toBeGreaterThan(listed);
    expect(textWidth('Listed on WWW')).toBeGreaterThan(textWidth('Listed on iii'));
    const short = badgeSvg({ label: 'a', message: 'b', title: 't', tone: 'brand' }, 'light');
    const long = badgeSvg({ label: 'a', message: 'b'.repeat(40), title: 't', tone: 'brand' }, 'light');
    expect(widthOf(long) - widthOf(short)).toBeCloseTo(textWidth('b'.repeat(39)), -1);
  });

  it('draws the light, dark and automatic themes', async () => {
    const light = await badge('/badge/rated-reed.svg?theme=light');
    const dark = await badge('/badge/rated-reed.svg?theme=dark');
    const auto = await badge('/badge/rated-reed.svg');
    expect(light).not.toContain('@media');
    expect(dark).not.toContain('@media');
    expect(auto).toContain('@media (prefers-color-scheme: dark)');
    expect(light).not.toBe(dark);
  });

  it('refuses an unknown style or theme with a clear message', async () => {
    const style = await get('/badge/rated-reed.svg?style=gold');
    expect(style.status).toBe(400);
    expect(await style.text()).toContain(ENGAGE_MSG.badgeStyleInvalid);
    const theme = await get('/badge/rated-reed.svg?theme=pink');
    expect(theme.status).toBe(400);
    expect(await theme.text()).toContain(ENGAGE_MSG.badgeThemeInvalid);
    expect((await get('/badge/rated-reed.png')).status).toBe(404);
  });

  it.each([
    ['unlisted', { status: 'unlisted' as const }],
    ['pending', { status: 'pending' as const }],
    ['discontinued', { status: 'discontinued' as const, approvedAt: new Date(), qualityScore: 6 }],
  ])('draws "Not currently listed" with 200 for a %s tool', async (state, values) => {
    const tool = await makeTool({ ...values, slug: `gone-${state}` });
    const svg = await badge(`/badge/${tool.slug}.svg?style=rated`);
    expect(svg).toContain(`>${ENGAGE_MSG.badgeNotListed}</text>`);
    expect(titleOf(svg)).toBe(ENGAGE_MSG.badgeNotListedTitle);
    expect(svg).not.toContain(tool.name);
  });

  it('draws "Not currently listed" with 200 for an unknown slug, and for one that breaks the slug rule', async () => {
    expect(await badge('/badge/no-such-tool.svg')).toContain(`>${ENGAGE_MSG.badgeNotListed}</text>`);
    expect(await badge('/badge/Not%20A%20Slug.svg')).toContain(`>${ENGAGE_MSG.badgeNotListed}</text>`);
  });
});

describe('the badge follows its tool', () => {
  it('shows a score change at once (the review names the tool tag)', async () => {
    const tool = await makeTool({
      status: 'approved',
      slug: 'moving-maple',
      qualityScore: 5,
      lastReviewedAt: REVIEWED,
    });
    const before = await badge('/badge/moving-maple.svg?style=rated');
    expect(before).toContain('>Rated 5/10 on');
    const review = { curatorTake: 'Much better since the rewrite.', qualityScore: 9 };
    expect((await call('POST', `/api/admin/tools/${tool.id}/review`, { cookie: admin, body: review })).status).toBe(
      200,
    );
    const after = await badge('/badge/moving-maple.svg?style=rated');
    expect(after).toContain('>Rated 9/10 on');
    expect(after).not.toContain('reviewed March 2025');
  });

  it('turns to "Not currently listed" at once when the tool is unlisted', async () => {
    const tool = await makeTool({ status: 'approved', slug: 'leaving-larch' });
    expect(await badge('/badge/leaving-larch.svg')).toContain(`>${ENGAGE_MSG.badgeListedOn}</text>`);
    const body = { reason: 'Gone' };
    expect((await call('POST', `/api/admin/tools/${tool.id}/unlist`, { cookie: admin, body })).status).toBe(200);
    expect(await badge('/badge/leaving-larch.svg')).toContain(`>${ENGAGE_MSG.badgeNotListed}</text>`);
  });

  it('says "Verified owner" once the tool has one, and "Listed on" again when the owner leaves', async () => {
    const tool = await makeTool({ status: 'approved', slug: 'owned-olive' });
    // Without a verified owner the owner style claims nothing more than the listing.
    expect(await badge('/badge/owned-olive.svg?style=owner')).toContain(`>${ENGAGE_MSG.badgeListedOn}</text>`);
    const owner = await makeUser(NO_PASSWORD);
    const [row] = await db
      .insert(toolOwners)
      .values({
        toolId: tool.id,
        userId: owner.id,
        method: 'dns',
        status: 'verified',
        domain: 'example.com',
        verifiedAt: new Date(),
      })
      .returning();
    // Kept until a change names the tool's tag: a row written behind the app's back changes nothing yet.
    expect(await badge('/badge/owned-olive.svg?style=owner')).toContain(`>${ENGAGE_MSG.badgeListedOn}</text>`);
    // What the claim's verification does in its transaction (api/listings/claims.ts).
    await requestRebuild('owner verified: owned-olive', db, ownerChangeTags(tool.slug));
    const owned = await badge('/badge/owned-olive.svg?style=owner');
    expect(owned).toContain(`>${ENGAGE_MSG.badgeVerifiedOwner}</text>`);
    expect(titleOf(owned)).toBe(ENGAGE_MSG.badgeOwnerTitle(tool.name));

    await db.update(toolOwners).set({ status: 'revoked' }).where(eq(toolOwners.id, row.id));
    await requestRebuild('owner revoked: owned-olive', db, ownerChangeTags(tool.slug));
    expect(await badge('/badge/owned-olive.svg?style=owner')).toContain(`>${ENGAGE_MSG.badgeListedOn}</text>`);
  });
});

describe('GET /api/user/badges', () => {
  it("lists the member's listed submissions and the tools they own as a verified owner, nothing else", async () => {
    await makeTool({ status: 'pending', name: 'Aaa Pending', submittedById: member.id });
    await makeTool({ status: 'unlisted', name: 'Aaa Unlisted', submittedById: member.id });
    const owned = await makeTool({ status: 'approved', name: 'Aaa Owned' });
    const lapsed = await makeTool({ status: 'approved', name: 'Aaa Lapsed' });
    const claim = { method: 'dns' as const, domain: 'example.com', verifiedAt: new Date() };
    await db.insert(toolOwners).values([
      { ...claim, toolId: owned.id, userId: member.id, status: 'verified' },
      { ...claim, toolId: lapsed.id, userId: member.id, status: 'lapsed' },
    ]);
    await requestRebuild('owner verified: aaa-owned', db, ownerChangeTags(owned.slug));
    const res = await call('GET', '/api/user/badges', { cookie: memberCookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { slug: string; verifiedOwner: boolean; qualityScore: number | null }[];
    expect(list.map((tool) => tool.slug)).toEqual([owned.slug, rated.slug]);
    expect(list[0].verifiedOwner).toBe(true);
    expect(list[1]).toMatchObject({ verifiedOwner: false, qualityScore: 8, reviewedAt: REVIEWED.toISOString() });
    expect((await call('GET', '/api/user/badges')).status).toBe(401);
  });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The tool page's beacon as its script sends it, from an address. */
const beacon = (body: unknown, ip: string) =>
  app.handle(
    new Request(`${BASE}/api/metrics/beacon`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: BASE,
        'user-agent': BROWSER,
        [CLIENT_IP_HEADER]: ip,
      },
      body: JSON.stringify(body),
    }),
  );

describe('visits through a badge', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a view that came through a badge as a badge visit too, once per visitor per day', async () => {
    const tool = await makeTool({ status: 'approved', slug: 'visited-vine', submittedById: member.id });
    const viaBadge = { toolId: tool.id, kind: 'view', ref: 'badge' };
    expect((await beacon(viaBadge, '203.0.113.7')).status).toBe(204);
    await flushBeacons();
    expect((await beacon(viaBadge, '203.0.113.7')).status).toBe(204);
    expect((await beacon(viaBadge, '203.0.113.8')).status).toBe(204);
    // A plain view of a third visitor is a view, not a badge visit.
    expect((await beacon({ toolId: tool.id, kind: 'view' }, '203.0.113.9')).status).toBe(204);
    await flushBeacons();
    const [row] = await db.select().from(toolMetricsDaily).where(eq(toolMetricsDaily.toolId, tool.id));
    expect(row).toMatchObject({ views: 3, clicks: 0, badgeVisits: 2 });

    // The owner reads them beside the views and clicks.
    const one = await call('GET', `/api/user/tools/${tool.id}/metrics`, { cookie: memberCookie });
    expect(await one.json()).toMatchObject({ views: 3, badgeVisits: 2 });
    const all = await call('GET', '/api/user/tools/metrics', { cookie: memberCookie });
    const summary = (await all.json()) as { tools: { slug: string; badgeVisits: number }[] };
    expect(summary.tools.find((t) => t.slug === 'visited-vine')?.badgeVisits).toBe(2);
  });

  it('refuses a badge mark on anything but a view, and an unknown one', async () => {
    const tool = await makeTool({ status: 'approved' });
    expect((await beacon({ toolId: tool.id, kind: 'click', ref: 'badge' }, '203.0.113.20')).status).toBe(400);
    expect((await beacon({ toolId: tool.id, kind: 'view', ref: 'newsletter' }, '203.0.113.20')).status).toBe(400);
  });
});

describe('the texts', () => {
  it('fall back to "Listed on" when a rated badge has no score', () => {
    const subject = { listed: true as const, name: 'N', score: null, reviewedAt: null, verifiedOwner: false };
    expect(badgeContent(subject, 'rated').label).toBe(ENGAGE_MSG.badgeListedOn);
  });

  it('make snippets that link to the tool page with ?ref=badge, every value escaped', () => {
    const snippet = {
      origin: 'https://d.example',
      slug: 'rated-reed',
      style: 'rated' as const,
      theme: 'dark' as const,
    };
    expect(badgeHtml({ ...snippet, alt: 'A "quoted" <name>' })).toBe(
      '<a href="https://d.example/tool/rated-reed?ref=badge"><img src="https://d.example/badge/rated-reed.svg?style=rated&amp;theme=dark" alt="A &quot;quoted&quot; &lt;name&gt;" height="20"></a>',
    );
    expect(badgeMarkdown({ ...snippet, alt: 'Tool [beta]' })).toBe(
      '[![Tool \\[beta\\]](https://d.example/badge/rated-reed.svg?style=rated&theme=dark)](https://d.example/tool/rated-reed?ref=badge)',
    );
  });

  it('escape the five XML characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

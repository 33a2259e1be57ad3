// Seeds the demo data (accounts, reviewed tools, blog, change requests) and synthetic tools for benchmarks.
// CLI: bun db/seed.ts [--if-empty] [--tools N]
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CATEGORY_IDS, PRICING_MODELS, type CategoryId } from '../lib/categories';
import { computeReadTime, logoLetter, urlKey } from '../lib/format';
import { sanitizeBlogHtml } from '../lib/sanitize';
import { slugify, uniqueSlug } from '../lib/slug';
import { uploadStoreOfEnv } from './upload-store';
import { POST_STATUS } from '../lib/post-status';
import { CHANGE_REQUEST_STATUS, TOOL_STATUS } from '../lib/tool-status';
import { db, type Database, type Executor } from './client';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-accounts';
import { seedLogoUrl } from './seed-logos';
import { waybackUrl } from '../lib/wayback';
import {
  SEED_CHANGE_REQUESTS,
  SEED_POSTS,
  SEED_TOOLS,
  SEED_USERS,
  SYNTHETIC_VOCAB as V,
  type SeedTool,
  type UserKey,
} from './seed-data';
import {
  blogPosts,
  changeRequests,
  editorialReviews,
  linkChecks,
  linkHealth,
  tools,
  users,
  type NewTool,
} from './schema';

const DAY = 86_400_000;
const CHUNK = 500;

/** True when no account exists yet (a fresh database). */
export async function isEmpty(database: Executor = db): Promise<boolean> {
  const [row] = await database.select({ n: count() }).from(users);
  return row.n === 0;
}

/** True when the demo admin exists, i.e. the demo seed already ran. */
async function hasDemo(database: Executor = db): Promise<boolean> {
  const row = await database.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL)).limit(1);
  return row.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Images: generated from SVG with sharp, because the seed must work without network access.

/** The uploads folder or bucket, as the server keeps it (db/upload-store.ts). */
const uploads = uploadStoreOfEnv;

const SEED_URL_PREFIX = '/uploads/seed/';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Writes the PNG unless it is already there (re-seeding reuses earlier images); returns its public URL. */
async function writePng(file: string, svg: string): Promise<string> {
  const key = `seed/${file}`;
  if (!(await uploads().exists(key)))
    await uploads().put(key, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  return SEED_URL_PREFIX + file;
}

/** A plausible app window: title bar, sidebar, heading, and a body chosen by what the caption describes. */
function screenshotSvg(tool: SeedTool, caption: string, index: number): string {
  const c = tool.color;
  const nav = ['Home', 'Projects', 'Library', 'Templates', 'Settings']
    .map((label, i) => {
      const y = 150 + i * 52;
      const active = i === index % 4;
      return `<rect x="20" y="${y - 28}" width="200" height="40" rx="8" fill="${active ? c : 'none'}" fill-opacity="${active ? 0.12 : 0}"/>
      <rect x="36" y="${y - 16}" width="16" height="16" rx="4" fill="${active ? c : '#94a3b8'}"/>
      <text x="64" y="${y - 2}" font-family="DejaVu Sans, sans-serif" font-size="17" fill="${active ? c : '#475569'}">${label}</text>`;
    })
    .join('');
  const lines = (x: number, y: number, widths: number[]) =>
    widths.map((w, i) => `<rect x="${x}" y="${y + i * 26}" width="${w}" height="12" rx="6" fill="#cbd5e1"/>`).join('');
  let body: string;
  if (/chart|analysis|dashboard|metric/i.test(caption)) {
    const bars = [220, 310, 260, 380, 340, 450, 410, 520]
      .map(
        (h, i) =>
          `<rect x="${330 + i * 112}" y="${690 - h * 0.8}" width="60" height="${h * 0.8}" rx="6" fill="${c}" fill-opacity="${0.45 + i * 0.07}"/>`,
      )
      .join('');
    body = `<rect x="280" y="230" width="960" height="500" rx="16" fill="#ffffff" stroke="#e2e8f0"/>${bars}
      <line x1="300" y1="692" x2="1220" y2="692" stroke="#94a3b8" stroke-width="2"/>`;
  } else if (/grid|library|variations|image/i.test(caption)) {
    body = [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const x = 280 + (i % 3) * 322;
        const y = 230 + Math.floor(i / 3) * 256;
        return `<rect x="${x}" y="${y}" width="298" height="232" rx="16" fill="#ffffff" stroke="#e2e8f0"/>
        <rect x="${x + 20}" y="${y + 20}" width="258" height="110" rx="10" fill="${c}" fill-opacity="${0.15 + (i % 3) * 0.1}"/>
        ${lines(x + 20, y + 150, [200, 150])}`;
      })
      .join('');
  } else if (/code|diff|autocomplete|files|pull request|suggestions/i.test(caption)) {
    // An editor: numbered lines of "code", some marked as added or suggested.
    const widths = [260, 420, 380, 520, 300, 460, 610, 340, 280, 500, 440, 220, 390, 560, 300];
    body =
      `<rect x="280" y="230" width="960" height="500" rx="16" fill="#0f172a"/>` +
      widths
        .map((w, i) => {
          const y = 262 + i * 31;
          const added = i >= 6 && i <= 9;
          const indent = (i % 4) * 28;
          return `${added ? `<rect x="282" y="${y - 14}" width="956" height="28" fill="${c}" fill-opacity="0.28"/>` : ''}
          <text x="310" y="${y + 5}" font-family="DejaVu Sans Mono, monospace" font-size="14" fill="#64748b">${i + 1}</text>
          <rect x="${360 + indent}" y="${y - 5}" width="${w * 0.35}" height="11" rx="5" fill="#7dd3fc"/>
          <rect x="${370 + indent + w * 0.35}" y="${y - 5}" width="${w * 0.55}" height="11" rx="5" fill="${added ? '#e2e8f0' : '#94a3b8'}"/>`;
        })
        .join('');
  } else if (/timeline|video|dubbing|speech|voice/i.test(caption)) {
    // A media editor: preview on top, tracks below.
    const wave = Array.from({ length: 60 }, (_, i) => {
      const h = 12 + ((i * 37) % 44);
      return `<rect x="${300 + i * 15}" y="${640 - h / 2}" width="8" height="${h}" rx="4" fill="${c}" fill-opacity="0.7"/>`;
    }).join('');
    body = `<rect x="280" y="230" width="960" height="330" rx="16" fill="#1e293b"/>
      <polygon points="730,350 730,440 810,395" fill="#ffffff" fill-opacity="0.85"/>
      <rect x="280" y="580" width="960" height="150" rx="16" fill="#ffffff" stroke="#e2e8f0"/>${wave}
      <rect x="300" y="690" width="420" height="22" rx="6" fill="${c}" fill-opacity="0.35"/>
      <rect x="730" y="690" width="300" height="22" rx="6" fill="${c}" fill-opacity="0.2"/>`;
  } else {
    // A conversation.
    body = `<rect x="280" y="230" width="600" height="150" rx="16" fill="#ffffff" stroke="#e2e8f0"/>${lines(304, 260, [540, 500, 420, 300])}
      <rect x="640" y="400" width="600" height="110" rx="16" fill="${c}" fill-opacity="0.14"/>${lines(664, 430, [540, 380, 260])}
      <rect x="280" y="530" width="600" height="120" rx="16" fill="#ffffff" stroke="#e2e8f0"/>${lines(304, 560, [520, 460, 330])}
      <rect x="280" y="680" width="960" height="56" rx="28" fill="#ffffff" stroke="#cbd5e1"/>
      <circle cx="1206" cy="708" r="18" fill="${c}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <rect width="1280" height="800" fill="#f8fafc"/>
  <rect width="1280" height="48" fill="#e2e8f0"/>
  <circle cx="26" cy="24" r="7" fill="#f87171"/><circle cx="50" cy="24" r="7" fill="#fbbf24"/><circle cx="74" cy="24" r="7" fill="#34d399"/>
  <rect x="420" y="12" width="440" height="24" rx="12" fill="#ffffff"/>
  <text x="640" y="29" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#64748b" text-anchor="middle">${escapeXml(new URL(tool.url).hostname)}</text>
  <rect x="0" y="48" width="240" height="752" fill="#ffffff"/>
  <rect x="20" y="68" width="36" height="36" rx="9" fill="${c}"/>
  <text x="38" y="86" dy="0.35em" font-family="DejaVu Sans, sans-serif" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(logoLetter(tool.name))}</text>
  <text x="68" y="93" font-family="DejaVu Sans, sans-serif" font-size="19" font-weight="700" fill="#0f172a">${escapeXml(tool.name)}</text>
  ${nav}
  <text x="280" y="140" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="700" fill="#0f172a">${escapeXml(caption)}</text>
  <text x="280" y="180" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#64748b">${escapeXml(tool.name)} workspace</text>
  <rect x="1090" y="110" width="150" height="44" rx="10" fill="${c}"/>
  <text x="1165" y="138" font-family="DejaVu Sans, sans-serif" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">New</text>
  ${body}
</svg>`;
}

/** Splits a title into lines of at most `max` characters at word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function featuredSvg(title: string, category: string, color: string): string {
  const lines = wrap(title, 26).slice(0, 4);
  const top = 315 - ((lines.length - 1) * 76) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${top + i * 76}" font-family="DejaVu Sans, sans-serif" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1060" cy="120" r="220" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="1130" cy="560" r="140" fill="#ffffff" fill-opacity="0.05"/>
  <rect x="80" y="70" width="${category.length * 15 + 48}" height="44" rx="22" fill="#ffffff" fill-opacity="0.18"/>
  <text x="104" y="100" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#ffffff">${escapeXml(category)}</text>
  ${text}
  <text x="80" y="570" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.8">AI Tools Directory · Blog</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The demo seed.

interface ToolImages {
  logoUrl: string;
  screenshots: string[];
  coverImage: string | null;
}

/** A premium listing's banner: its colour fading out, with a few soft shapes. */
function coverSvg(tool: SeedTool): string {
  const c = tool.premium?.brandColor ?? tool.color;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.25"/></linearGradient></defs>
  <rect width="1600" height="400" fill="#f8fafc"/><rect width="1600" height="400" fill="url(#g)"/>
  <circle cx="1320" cy="120" r="180" fill="#ffffff" fill-opacity="0.18"/><circle cx="1480" cy="340" r="120" fill="#ffffff" fill-opacity="0.14"/>
</svg>`;
}

async function makeDemoImages(): Promise<{ tools: Map<string, ToolImages>; posts: Map<string, string> }> {
  const toolImages = new Map<string, ToolImages>();
  const posts = new Map<string, string>();
  await Promise.all([
    ...SEED_TOOLS.map(async (tool) => {
      const slug = slugify(tool.name);
      // The marks are static files of the site (public/logos/, drawn by scripts/draw-seed-logos.ts).
      const logoUrl = seedLogoUrl(slug);
      const screenshots = await Promise.all(
        (tool.premium?.screens ?? []).map((caption, i) =>
          writePng(`${slug}-screenshot-${i + 1}.png`, screenshotSvg(tool, caption, i)),
        ),
      );
      const coverImage = tool.premium?.cover ? await writePng(`${slug}-cover.png`, coverSvg(tool)) : null;
      toolImages.set(tool.name, { logoUrl, screenshots, coverImage });
    }),
    ...SEED_POSTS.filter((post) => !post.noImage).map(async (post) => {
      const slug = slugify(post.title);
      posts.set(post.title, await writePng(`blog-${slug}.png`, featuredSvg(post.title, post.category, post.color)));
    }),
  ]);
  return { tools: toolImages, posts };
}

/** A discontinued tool's columns, as an admin's mark writes them (api/admin/discontinued.service.ts). */
const discontinuedColumns = (url: string, at: Date, reason: string) => ({
  discontinuedAt: at,
  discontinuedReason: reason,
  archiveUrl: waybackUrl(url, at),
});

/**
 * Writes the demo accounts, tools with their reviews, blog posts and change requests, in one transaction.
 * Throws when the demo admin already exists.
 */
export async function seedDemo(database: Database): Promise<void> {
  const now = Date.now();
  // Stagger times of day so lists sorted by date do not tie.
  const ago = (days: number, i = 0) => new Date(now - days * DAY - ((i * 97) % 600) * 60_000);
  const later = (from: Date, days: number) => new Date(Math.min(from.getTime() + days * DAY, now - 60_000));

  const images = await makeDemoImages();
  // One argon2id hash shared by every demo account: the password is public anyway, and each hash
  // costs a noticeable slice of a core, which adds up on every fresh start and test run.
  const passwordHash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' });

  await database.transaction(async (tx) => {
    if (await hasDemo(tx)) throw new Error(`Demo data already present (${DEMO_ADMIN_EMAIL} exists)`);

    const inserted = await tx
      .insert(users)
      .values(
        SEED_USERS.map((u, i) => ({
          email: u.email,
          password: passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          isAdmin: u.isAdmin ?? false,
          isPremium: u.isPremium ?? false,
          premiumToolsAllowed: u.premiumToolsAllowed ?? 0,
          premiumToolsUsed: u.premiumToolsUsed ?? 0,
          premiumUntil: u.premiumForDays ? new Date(now + u.premiumForDays * DAY) : null,
          role: u.role ?? 'user',
          accountStatus: u.accountStatus ?? 'active',
          suspendedUntil: u.suspendedForDays ? new Date(now + u.suspendedForDays * DAY) : null,
          suspensionReason: u.suspensionReason ?? null,
          // Demo addresses are not mailboxes: they count as verified, so the demo shows no banner to act on.
          emailVerifiedAt: ago(u.joinedDaysAgo, i),
          createdAt: ago(u.joinedDaysAgo, i),
          updatedAt: ago(u.accountStatus && u.accountStatus !== 'active' ? 5 : u.joinedDaysAgo, i),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = new Map<UserKey, number>(
      SEED_USERS.map((u) => [u.key, inserted.find((r) => r.email === u.email)!.id]),
    );
    const adminId = userId.get('admin')!;

    const taken = new Set<string>();
    const toolRows: NewTool[] = SEED_TOOLS.map((t, i) => {
      const slug = uniqueSlug(slugify(t.name), taken);
      taken.add(slug);
      const submittedAt = ago(t.submittedDaysAgo, i);
      const approvedAt = t.review ? later(submittedAt, t.review.daysAfter) : null;
      const latest = t.followUp ?? t.review;
      const lastReviewAt = t.followUp && approvedAt ? later(approvedAt, t.followUp.daysAfter) : approvedAt;
      const img = images.tools.get(t.name)!;
      return {
        name: t.name,
        slug,
        url: t.url,
        urlKey: urlKey(t.url),
        description: t.description,
        logoUrl: img.logoUrl,
        tags: t.tags,
        pricingModel: t.pricingModel,
        targetAudience: t.targetAudience,
        screenshots: img.screenshots,
        videoUrl: t.premium ? `https://www.youtube.com/embed/${t.premium.videoId}` : null,
        brandColor: t.premium?.brandColor ?? null,
        coverImage: img.coverImage,
        status: t.status,
        isPremium: Boolean(t.premium),
        submittedById: userId.get(t.submittedBy)!,
        curatorTake: latest?.curatorTake ?? null,
        qualityScore: latest?.qualityScore ?? null,
        rejectionReason: t.rejectionReason ?? null,
        unlistReason: t.unlistReason ?? null,
        ...(t.discontinued && discontinuedColumns(t.url, ago(t.discontinued.daysAgo), t.discontinued.reason)),
        submittedAt,
        approvedAt,
        lastReviewedAt: t.review ? lastReviewAt : null,
        updatedAt: t.status === TOOL_STATUS.rejected ? later(submittedAt, 1) : (lastReviewAt ?? submittedAt),
      };
    });
    const toolIds = await tx.insert(tools).values(toolRows).returning({ id: tools.id, name: tools.name });
    const toolId = new Map(toolIds.map((r) => [r.name, r.id]));

    const reviews = SEED_TOOLS.flatMap((t, i) => {
      if (!t.review) return [];
      const approvedAt = toolRows[i].approvedAt!;
      const id = toolId.get(t.name)!;
      const rows = [
        {
          toolId: id,
          curatorTake: t.review.curatorTake,
          qualityScore: t.review.qualityScore,
          reviewedBy: adminId,
          reviewedAt: approvedAt,
          isFollowUp: false,
        },
      ];
      if (t.followUp) {
        rows.push({
          toolId: id,
          curatorTake: t.followUp.curatorTake,
          qualityScore: t.followUp.qualityScore,
          reviewedBy: adminId,
          reviewedAt: later(approvedAt, t.followUp.daysAfter),
          isFollowUp: true,
        });
      }
      return rows;
    });
    await tx.insert(editorialReviews).values(reviews);

    for (const [i, cr] of SEED_CHANGE_REQUESTS.entries()) {
      const id = toolId.get(cr.tool);
      if (!id) throw new Error(`Change request for unknown seed tool ${cr.tool}`);
      const submittedAt = ago(cr.submittedDaysAgo, i);
      const reviewedAt =
        cr.status === CHANGE_REQUEST_STATUS.pending ? null : later(submittedAt, cr.reviewedDaysAfter ?? 1);
      await tx.insert(changeRequests).values({
        toolId: id,
        submittedById: userId.get(cr.submittedBy)!,
        requestData: cr.requestData,
        status: cr.status,
        submittedAt,
        reviewedAt,
        reviewedById: reviewedAt ? adminId : null,
      });
      // An approved request has already been applied to the listing.
      if (reviewedAt)
        await tx
          .update(tools)
          .set({ ...cr.requestData, updatedAt: reviewedAt })
          .where(eq(tools.id, id));
    }

    await seedLinkHealth(tx, toolIds, toolRows);

    await tx.insert(blogPosts).values(
      SEED_POSTS.map((p, i) => {
        const content = sanitizeBlogHtml(p.content.trim());
        const createdAt = ago(p.createdDaysAgo, i);
        const publishedAt =
          p.status === POST_STATUS.published && p.publishedDaysAgo != null ? ago(p.publishedDaysAgo, i) : null;
        return {
          title: p.title,
          slug: slugify(p.title),
          excerpt: p.excerpt,
          content,
          featuredImage: images.posts.get(p.title) ?? null,
          category: p.category,
          tags: p.tags,
          authorId: adminId,
          status: p.status,
          readTime: p.readTime === 'computed' ? computeReadTime(content) : null,
          publishedAt,
          createdAt,
          updatedAt: publishedAt ?? createdAt,
        };
      }),
    );
  });
}

/**
 * The demo's link health (docs/decisions/0102): every approved tool was checked within the last day and answered, so
 * its page says when; two need an admin's look without anything public changing: one site keeps robots out behind a
 * Cloudflare challenge ("blocked"), one now redirects to another domain ("moved").
 */
async function seedLinkHealth(
  tx: Executor,
  ids: readonly { id: number; name: string }[],
  rows: readonly Pick<NewTool, 'url' | 'status'>[],
): Promise<void> {
  const now = Date.now();
  const hour = 60 * 60 * 1000;
  const approved = ids.flatMap((tool, i) =>
    rows[i].status === TOOL_STATUS.approved ? [{ ...tool, url: rows[i].url }] : [],
  );
  const special = new Map([
    [
      approved[approved.length - 1]?.id,
      { outcome: 'blocked' as const, status: 403, detail: 'cf-mitigated: challenge' },
    ],
    [approved[approved.length - 2]?.id, { outcome: 'moved' as const, status: 200, detail: null }],
  ]);
  const checks = approved.map((tool, i) => {
    const checkedAt = new Date(now - (1 + ((i * 7) % 20)) * hour);
    const odd = special.get(tool.id);
    const finalUrl = odd?.outcome === 'moved' ? 'https://www.example-new-home.com/' : tool.url;
    return { tool, checkedAt, odd, finalUrl };
  });
  if (checks.length === 0) return;
  await tx.insert(linkHealth).values(
    checks.map(({ tool, checkedAt, odd, finalUrl }) => ({
      toolId: tool.id,
      state: 'healthy' as const,
      lastOutcome: odd?.outcome ?? ('ok' as const),
      lastStatus: odd?.status ?? 200,
      lastCheckedAt: checkedAt,
      movedTo: odd?.outcome === 'moved' ? finalUrl : null,
      nextCheckAt: new Date(checkedAt.getTime() + 24 * hour),
    })),
  );
  await tx.insert(linkChecks).values(
    checks.map(({ tool, checkedAt, odd, finalUrl }) => ({
      toolId: tool.id,
      checkedAt,
      outcome: odd?.outcome ?? ('ok' as const),
      status: odd?.status ?? 200,
      finalUrl,
      detail: odd?.detail ?? null,
      durationMs: 180 + ((tool.id * 37) % 400),
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Synthetic tools for benchmarks.

/** mulberry32: a small, fast, seeded PRNG so every run with the same seed produces the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
function pickDistinct<T>(rand: Rand, list: readonly T[], n: number): T[] {
  const out: T[] = [];
  while (out.length < Math.min(n, list.length)) {
    const item = pick(rand, list);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

// Scores cluster around 6-8 as real editorial scores do, with the whole 1..10 range present.
const SCORE_WEIGHTS = [1, 1, 2, 4, 8, 14, 18, 14, 8, 4];
function qualityScore(rand: Rand): number {
  const total = SCORE_WEIGHTS.reduce((a, b) => a + b, 0);
  let r = rand() * total;
  for (let i = 0; i < SCORE_WEIGHTS.length; i++) {
    r -= SCORE_WEIGHTS[i];
    if (r < 0) return i + 1;
  }
  return 10;
}

function syntheticName(rand: Rand, taken: ReadonlySet<string>): string {
  for (let attempt = 0; attempt < 30; attempt++) {
    const root = pick(rand, V.nameRoots);
    const suffix = pick(rand, V.nameSuffixes);
    const name = `${pick(rand, V.namePrefixes)}${root}${suffix && !suffix.startsWith(root) ? ` ${suffix}` : ''}`;
    if (!taken.has(slugify(name))) return name;
  }
  // The combinations are running out: number the next one.
  const base = `${pick(rand, V.namePrefixes)}${pick(rand, V.nameRoots)}`;
  for (let n = 2; ; n++) if (!taken.has(slugify(`${base} ${n}`))) return `${base} ${n}`;
}

function syntheticDescription(rand: Rand, name: string, tags: CategoryId[], audience: string[]): string {
  const [first, second] = pickDistinct(rand, V.phrases[tags[0]], 2);
  const other = tags[1] ? pick(rand, V.phrases[tags[1]]) : null;
  const who = audience.map((a) => a.replace('-', ' ')).join(' and ');
  const integrations = pickDistinct(rand, V.integrations, 2 + Math.floor(rand() * 2));
  const parts = [
    `${name} ${first} and ${second} for ${who}.`,
    other ? `It also ${other}.` : '',
    `The product ${pick(rand, V.features)} and connects to ${integrations.slice(0, -1).join(', ')} and ${integrations.at(-1)}.`,
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * Inserts n synthetic approved tools (with an initial editorial review each) in one transaction,
 * in chunks of 500 rows. Names, slugs and urls never collide with existing tools.
 */
export async function seedSyntheticTools(n: number, database: Database): Promise<void> {
  if (!Number.isInteger(n) || n <= 0) return;
  const existing = await database.select({ slug: tools.slug }).from(tools);
  const taken = new Set(existing.map((r) => r.slug));
  // Seeded from what is there already, so a second run adds different tools rather than retrying the same names.
  const rand = prng(0x5eed + taken.size);

  await database.transaction(async (tx) => {
    const submitters = await tx
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.accountStatus, 'active'));
    if (submitters.length === 0) {
      const [u] = await tx
        .insert(users)
        .values({ email: 'synthetic@demo.test', firstName: 'Synthetic', lastName: 'Submitter' })
        .returning({ id: users.id, isAdmin: users.isAdmin });
      submitters.push(u);
    }
    const reviewer = submitters.find((u) => u.isAdmin)?.id ?? null;
    const now = Date.now();

    for (let start = 0; start < n; start += CHUNK) {
      const rows: NewTool[] = [];
      for (let i = start; i < Math.min(n, start + CHUNK); i++) {
        const name = syntheticName(rand, taken);
        const slug = uniqueSlug(slugify(name), taken);
        taken.add(slug);
        const url = `https://${slug}.example`;
        const tags = pickDistinct(rand, CATEGORY_IDS, 1 + Math.floor(rand() * 3));
        const targetAudience = pickDistinct(rand, V.audiences[tags[0]], 1 + Math.floor(rand() * 2));
        const approvedAt = new Date(now - Math.floor(rand() * 730 * DAY));
        const submittedAt = new Date(approvedAt.getTime() - (1 + Math.floor(rand() * 5)) * DAY);
        rows.push({
          name,
          slug,
          url,
          urlKey: urlKey(url),
          description: syntheticDescription(rand, name, tags, targetAudience),
          tags,
          pricingModel: pick(rand, PRICING_MODELS),
          targetAudience,
          status: TOOL_STATUS.approved,
          isPremium: rand() < 0.06,
          submittedById: pick(rand, submitters).id,
          curatorTake: `${pick(rand, V.strengths)} ${pick(rand, V.weaknesses)} ${pick(rand, V.verdicts)}`,
          qualityScore: qualityScore(rand),
          submittedAt,
          approvedAt,
          updatedAt: approvedAt,
          lastReviewedAt: approvedAt,
        });
      }
      const ids = await tx.insert(tools).values(rows).returning({ id: tools.id });
      await tx.insert(editorialReviews).values(
        ids.map(({ id }, k) => ({
          toolId: id,
          curatorTake: rows[k].curatorTake!,
          qualityScore: rows[k].qualityScore!,
          reviewedBy: reviewer,
          reviewedAt: rows[k].approvedAt!,
          isFollowUp: false,
        })),
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------

function toolsArg(argv: readonly string[]): number {
  const i = argv.findIndex((a) => a === '--tools' || a.startsWith('--tools='));
  if (i < 0) return 0;
  const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--tools needs a whole number, got ${raw}`);
  return n;
}

if (import.meta.main) {
  const { migrateDatabase } = await import('./migrate');
  const { databaseUrl } = await import('./client');
  const argv = process.argv.slice(2);
  let n = 0;
  try {
    n = toolsArg(argv);
  } catch (error) {
    console.error(`seed: ${(error as Error).message}`);
    process.exit(1);
  }
  await migrateDatabase(db);

  if (argv.includes('--if-empty') && !(await isEmpty(db))) {
    console.log(`seed: ${databaseUrl()} already has accounts; demo seed skipped`);
  } else if (await hasDemo(db)) {
    console.log(`seed: demo data already present in ${databaseUrl()}; skipped`);
  } else {
    const t0 = performance.now();
    await seedDemo(db);
    console.log(
      `seed: demo data (${SEED_USERS.length} accounts, ${SEED_TOOLS.length} tools, ${SEED_POSTS.length} posts) in ${Math.round(performance.now() - t0)} ms`,
    );
  }
  if (n > 0) {
    const t0 = performance.now();
    await seedSyntheticTools(n, db);
    console.log(`seed: ${n} synthetic approved tools in ${Math.round(performance.now() - t0)} ms`);
  }
  db.$client.close();
}

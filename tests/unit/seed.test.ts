// The demo seed and the synthetic benchmark seed, checked against the database they write.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, gt, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { db, openDatabase } from '../../db/client';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_BANNED_EMAIL,
  DEMO_PASSWORD,
  DEMO_PREMIUM_EMAIL,
  DEMO_REVIEWER_EMAIL,
  DEMO_STAFF_EMAIL,
  DEMO_SUSPENDED_EMAIL,
  DEMO_USER_EMAIL,
} from '../../db/demo-accounts';
import { migrateDatabase } from '../../db/migrate';
import {
  blogPosts,
  changeRequests,
  editorialReviews,
  linkChecks,
  linkHealth,
  tools,
  users,
  type Tool,
} from '../../db/schema';
import { isEmpty, prng, seedDemo, seedSyntheticTools } from '../../db/seed';
import { CATEGORY_IDS, PRICING_MODELS } from '../../lib/categories';
import { TOOL_STATUSES } from '../../lib/tool-status';
import { MAX_DESCRIPTION, MIN_DESCRIPTION } from '../../lib/constants';
import { urlKey } from '../../lib/format';
import { isReviewDue } from '../../lib/review-due';
import { alternativesOf } from '../../db/queries/alternatives';
import { publicToolBySlug } from '../../db/queries/tools';
import { sanitizeBlogHtml } from '../../lib/sanitize';
import { slugify } from '../../lib/slug';
import { POST_CATEGORIES } from '../../lib/post-categories';

const userBy = (email: string) => db.query.users.findFirst({ where: eq(users.email, email) });
/** The file behind a /uploads/... URL. */
const uploadFile = (url: string) => resolve(process.env.UPLOADS_DIR!, url.replace(/^\/uploads\//, ''));

let demoTools: Tool[] = [];

beforeAll(async () => {
  expect(await isEmpty()).toBe(true);
  await seedDemo(db);
  demoTools = await db.select().from(tools);
}, 120_000);

describe('seedDemo accounts', () => {
  it('creates the demo admin and demo user, who can sign in with the demo password', async () => {
    const admin = await userBy(DEMO_ADMIN_EMAIL);
    const user = await userBy(DEMO_USER_EMAIL);
    expect(admin).toMatchObject({ isAdmin: true, role: 'admin', accountStatus: 'active' });
    expect(user).toMatchObject({ isAdmin: false, isPremium: false, role: 'user', accountStatus: 'active' });
    for (const account of [admin!, user!]) {
      expect(account.password).toMatch(/^\$argon2id\$/);
      expect(await Bun.password.verify(DEMO_PASSWORD, account.password!)).toBe(true);
      expect(await Bun.password.verify('wrong-password', account.password!)).toBe(false);
    }
    expect(await isEmpty()).toBe(false);
  });

  it('creates premium, staff, reviewer, suspended and banned accounts', async () => {
    expect(await userBy(DEMO_PREMIUM_EMAIL)).toMatchObject({
      isPremium: true,
      premiumToolsAllowed: 3,
      premiumToolsUsed: 1,
    });
    expect(await userBy(DEMO_STAFF_EMAIL)).toMatchObject({ role: 'staff', isAdmin: false });
    expect(await userBy(DEMO_REVIEWER_EMAIL)).toMatchObject({ role: 'guest_reviewer', isAdmin: false });
    const suspended = await userBy(DEMO_SUSPENDED_EMAIL);
    expect(suspended?.accountStatus).toBe('suspended');
    expect(suspended!.suspendedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(suspended?.suspensionReason).toBeTruthy();
    const banned = await userBy(DEMO_BANNED_EMAIL);
    expect(banned?.accountStatus).toBe('banned');
    expect(banned?.suspensionReason).toBeTruthy();
  });
});

describe('seedDemo tools', () => {
  it('covers every category, pricing model and status with valid listings', () => {
    expect(demoTools.length).toBeGreaterThanOrEqual(36);
    expect(new Set(demoTools.flatMap((t) => t.tags))).toEqual(new Set(CATEGORY_IDS));
    expect(new Set(demoTools.map((t) => t.pricingModel))).toEqual(new Set(PRICING_MODELS));
    expect(new Set(demoTools.map((t) => t.status))).toEqual(new Set(TOOL_STATUSES));
    expect(demoTools.filter((t) => t.status === 'approved').length).toBeGreaterThanOrEqual(6);
    for (const t of demoTools) {
      expect(t.slug).toBe(slugify(t.name));
      expect(t.urlKey).toBe(urlKey(t.url));
      expect(t.description.length).toBeGreaterThanOrEqual(MIN_DESCRIPTION);
      expect(t.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
      expect(t.tags.length).toBeGreaterThanOrEqual(1);
      expect(t.tags.length).toBeLessThanOrEqual(3);
      expect(t.tags.every((tag) => (CATEGORY_IDS as readonly string[]).includes(tag))).toBe(true);
      expect(t.targetAudience.length).toBeGreaterThan(0);
    }
    expect(new Set(demoTools.map((t) => t.slug)).size).toBe(demoTools.length);
  });

  it('gives reviewed tools a curator take, a score, an approval date and an initial review by the admin', async () => {
    const admin = await userBy(DEMO_ADMIN_EMAIL);
    const reviewed = demoTools.filter((t) => ['approved', 'unlisted', 'discontinued'].includes(t.status));
    const initial = await db.select().from(editorialReviews).where(eq(editorialReviews.isFollowUp, false));
    for (const t of reviewed) {
      expect(t.curatorTake?.trim()).toBeTruthy();
      expect(t.qualityScore).toBeGreaterThanOrEqual(5);
      expect(t.qualityScore).toBeLessThanOrEqual(10);
      expect(t.approvedAt!.getTime()).toBeGreaterThan(t.submittedAt.getTime());
      const first = initial.filter((r) => r.toolId === t.id);
      expect(first).toHaveLength(1);
      expect(first[0].reviewedBy).toBe(admin!.id);
    }
    for (const t of demoTools.filter((t) => t.status === 'unlisted')) expect(t.unlistReason).toBeTruthy();
    for (const t of demoTools.filter((t) => t.status === 'discontinued')) {
      expect(t.discontinuedReason).toBeTruthy();
      expect(t.discontinuedAt!.getTime()).toBeGreaterThan(t.approvedAt!.getTime());
      expect(t.archiveUrl).toMatch(/^https:\/\/web\.archive\.org\/web\/\d{8}\/https:\/\//);
    }
    for (const t of demoTools.filter((t) => t.status !== 'discontinued'))
      expect([t.discontinuedAt, t.discontinuedReason, t.archiveUrl]).toEqual([null, null, null]);
    for (const t of demoTools.filter((t) => t.status === 'rejected')) expect(t.rejectionReason).toBeTruthy();
    for (const t of demoTools.filter((t) => t.status === 'pending')) {
      expect(t.qualityScore).toBeNull();
      expect(t.approvedAt).toBeNull();
    }
  });

  it('makes the latest follow-up review the tool score and take', async () => {
    const followUps = await db.select().from(editorialReviews).where(eq(editorialReviews.isFollowUp, true));
    const toolIds = [...new Set(followUps.map((r) => r.toolId))];
    expect(toolIds.length).toBeGreaterThanOrEqual(5);
    for (const id of toolIds) {
      const history = await db.query.editorialReviews.findMany({
        where: eq(editorialReviews.toolId, id),
        orderBy: (r, { desc }) => [desc(r.reviewedAt)],
      });
      const tool = demoTools.find((t) => t.id === id)!;
      expect(history[0].isFollowUp).toBe(true);
      expect(history[0].reviewedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(tool.qualityScore).toBe(history[0].qualityScore);
      expect(tool.curatorTake).toBe(history[0].curatorTake);
    }
  });

  it('keeps the "Always Updated" promise: a few public tools are due for a review, none of the premium ones', async () => {
    const live = demoTools.filter((t) => t.status === 'approved');
    const due = live.filter((t) => isReviewDue(t.lastReviewedAt));
    expect(due.length).toBeGreaterThan(0);
    expect(due.length).toBeLessThanOrEqual(3);
    expect(due.filter((t) => t.isPremium)).toEqual([]);
    // The others stay fresh for a month of a running demo, not only on the day it was seeded.
    const inAMonth = new Date(Date.now() + 30 * 86_400_000);
    expect(live.filter((t) => isReviewDue(t.lastReviewedAt, inAMonth)).length).toBe(due.length);
    // A tool's last review is its newest review row.
    const reviews = await db.select().from(editorialReviews);
    for (const tool of live) {
      const newest = Math.max(...reviews.filter((r) => r.toolId === tool.id).map((r) => r.reviewedAt.getTime()));
      expect(tool.lastReviewedAt?.getTime(), tool.name).toBe(newest);
    }
  });

  it("ranks ChatGPT's better-rated alternative first", async () => {
    const chatgpt = (await publicToolBySlug('chatgpt'))!;
    const [first] = await alternativesOf(chatgpt);
    expect(first.name).toBe('Claude');
  });

  it('gives premium tools screenshots and a demo video, with generated images on disk', async () => {
    const premium = demoTools.filter((t) => t.isPremium);
    expect(premium.length).toBeGreaterThanOrEqual(6);
    for (const t of premium) {
      expect(t.status).toBe('approved');
      expect(t.screenshots.length).toBeGreaterThanOrEqual(2);
      expect(t.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
      for (const shot of t.screenshots) {
        expect(shot).toMatch(/^\/uploads\/seed\/.+\.png$/);
        expect(await sharp(uploadFile(shot)).metadata()).toMatchObject({ format: 'png', width: 1280, height: 800 });
      }
    }
    for (const t of demoTools.filter((t) => !t.isPremium)) {
      expect(t.screenshots).toEqual([]);
      expect(t.videoUrl).toBeNull();
      expect([t.brandColor, t.coverImage]).toEqual([null, null]);
    }
    // One branded listing (ChatGPT), so the tool page's branding is seen in the demo and checked by the page specs.
    const branded = premium.filter((t) => t.brandColor);
    expect(branded.map((t) => [t.slug, t.brandColor])).toEqual([['chatgpt', '#10a37f']]);
    expect(await sharp(uploadFile(branded[0].coverImage!)).metadata()).toMatchObject({
      format: 'png',
      width: 1600,
      height: 400,
    });
    // Every seeded tool shows its own mark, a static SVG file of the site, and no two share one.
    for (const t of demoTools) {
      expect(t.logoUrl).toBe(`/logos/${t.slug}.svg`);
      expect(existsSync(resolve('public', t.logoUrl!.slice(1)))).toBe(true);
    }
    const marks = demoTools.map((t) => readFileSync(resolve('public', t.logoUrl!.slice(1)), 'utf8'));
    expect(new Set(marks).size).toBe(demoTools.length);
  });

  it('gives the demo user an approved, a pending and a rejected tool, and the premium user a premium one', async () => {
    const user = await userBy(DEMO_USER_EMAIL);
    const own = demoTools.filter((t) => t.submittedById === user!.id).map((t) => t.status);
    expect(own).toEqual(expect.arrayContaining(['approved', 'pending', 'rejected']));
    const premiumUser = await userBy(DEMO_PREMIUM_EMAIL);
    expect(demoTools.some((t) => t.submittedById === premiumUser!.id && t.isPremium)).toBe(true);
  });
  it('checked every approved tool within the last day; one site blocks robots and one moved, nothing public', async () => {
    const approved = demoTools.filter((t) => t.status === 'approved');
    const health = await db.select().from(linkHealth);
    expect(health.map((h) => h.toolId).sort()).toEqual(approved.map((t) => t.id).sort());
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    expect(health.every((h) => h.state === 'healthy' && h.lastCheckedAt!.getTime() > dayAgo)).toBe(true);
    expect(health.filter((h) => h.lastOutcome === 'blocked')).toHaveLength(1);
    expect(health.filter((h) => h.lastOutcome === 'moved' && h.movedTo)).toHaveLength(1);
    const [checks] = await db.select({ n: count() }).from(linkChecks);
    expect(checks.n).toBe(approved.length);
  });
});

describe('seedDemo blog and change requests', () => {
  it('writes published and draft posts with sanitised HTML, featured images or none, categories of the list and unique slugs', async () => {
    const posts = await db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((p) => p.status))).toEqual(new Set(['published', 'draft']));
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    const admin = await userBy(DEMO_ADMIN_EMAIL);
    for (const p of posts) {
      expect(p.slug).toBe(slugify(p.title));
      expect(p.authorId).toBe(admin!.id);
      expect(p.content).not.toMatch(/<script/i);
      expect(sanitizeBlogHtml(p.content)).toBe(p.content);
      expect(p.content).toMatch(/<h2>/);
      expect(p.excerpt?.length).toBeGreaterThan(20);
      expect(p.publishedAt === null).toBe(p.status === 'draft');
      if (p.featuredImage) expect(existsSync(uploadFile(p.featuredImage))).toBe(true);
    }
    // Most posts have an image; a published one without shows the designed cover.
    expect(posts.filter((p) => p.featuredImage).length).toBeGreaterThan(posts.length / 2);
    expect(posts.some((p) => !p.featuredImage && p.status === 'published')).toBe(true);
    expect(posts.every((p) => p.category && (POST_CATEGORIES as readonly string[]).includes(p.category))).toBe(true);
    // Some posts leave readTime empty so the '5 min read' default shows; the others carry a computed one.
    expect(posts.some((p) => p.readTime === null)).toBe(true);
    expect(posts.filter((p) => p.readTime).every((p) => /^\d+ min read$/.test(p.readTime!))).toBe(true);
  });

  it('holds a pending change request from the demo user on their approved tool, naming only changed fields', async () => {
    const user = await userBy(DEMO_USER_EMAIL);
    const [pending] = await db.select().from(changeRequests).where(eq(changeRequests.status, 'pending'));
    expect(pending.submittedById).toBe(user!.id);
    expect(pending.reviewedAt).toBeNull();
    const tool = demoTools.find((t) => t.id === pending.toolId)!;
    expect(tool).toMatchObject({ status: 'approved', submittedById: user!.id });
    const fields = Object.entries(pending.requestData);
    expect(fields.length).toBeGreaterThan(0);
    for (const [field, value] of fields) expect(tool[field as keyof Tool]).not.toEqual(value);
  });

  it('holds an approved change request already applied to its tool', async () => {
    const [approved] = await db.select().from(changeRequests).where(eq(changeRequests.status, 'approved'));
    expect(approved.reviewedAt).toBeInstanceOf(Date);
    expect(approved.reviewedAt!.getTime()).toBeGreaterThan(approved.submittedAt.getTime());
    const tool = demoTools.find((t) => t.id === approved.toolId)!;
    for (const [field, value] of Object.entries(approved.requestData)) expect(tool[field as keyof Tool]).toEqual(value);
  });

  it('refuses to seed twice and writes nothing when part of the seed fails', async () => {
    await expect(seedDemo(db)).rejects.toThrow(/already present/);

    // A second database where a tool already holds one of the demo slugs: the tools insert fails after the
    // accounts were written, and the transaction must take the accounts back out.
    const other = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), 'seed-atomic-')), 'db.sqlite')}`);
    await migrateDatabase(other);
    const [owner] = await other.insert(users).values({ email: 'owner@example.com' }).returning();
    await other.insert(tools).values({
      name: 'Claude',
      slug: 'claude',
      url: 'https://claude.ai',
      urlKey: 'claude.ai',
      description: 'Already listed here.',
      submittedById: owner.id,
    });
    await expect(seedDemo(other)).rejects.toThrow();
    expect((await other.select({ n: count() }).from(users))[0].n).toBe(1);
    expect((await other.select({ n: count() }).from(tools))[0].n).toBe(1);
    other.$client.close();
  }, 60_000);
});

describe('seedSyntheticTools', () => {
  it('adds approved tools with unique names, slugs and urls that full-text search finds', async () => {
    const before = demoTools.length;
    const lastDemoId = Math.max(...demoTools.map((t) => t.id));
    await seedSyntheticTools(500, db);

    const all = await db.select().from(tools);
    expect(all.length).toBe(before + 500);
    expect(new Set(all.map((t) => t.slug)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.urlKey)).size).toBe(all.length);

    const synthetic = all.filter((t) => t.id > lastDemoId);
    expect(synthetic).toHaveLength(500);
    for (const t of synthetic) {
      expect(t.status).toBe('approved');
      expect(t.slug).toBe(slugify(t.name));
      expect(t.urlKey).toBe(urlKey(t.url));
      expect(t.description.length).toBeGreaterThanOrEqual(MIN_DESCRIPTION);
      expect(t.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
      expect(t.qualityScore).toBeGreaterThanOrEqual(1);
      expect(t.qualityScore).toBeLessThanOrEqual(10);
      expect(t.curatorTake).toBeTruthy();
      expect(t.tags.length).toBeGreaterThanOrEqual(1);
      expect(t.approvedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Spread, so that filters, sorting and search have realistic work to do.
    expect(new Set(synthetic.flatMap((t) => t.tags))).toEqual(new Set(CATEGORY_IDS));
    expect(new Set(synthetic.map((t) => t.pricingModel))).toEqual(new Set(PRICING_MODELS));
    expect(new Set(synthetic.map((t) => t.qualityScore)).size).toBeGreaterThanOrEqual(8);
    const premium = synthetic.filter((t) => t.isPremium).length;
    expect(premium).toBeGreaterThan(0);
    expect(premium).toBeLessThan(100);
    const approved = synthetic.map((t) => t.approvedAt!.getTime());
    expect(Math.max(...approved) - Math.min(...approved)).toBeGreaterThan(365 * 86_400_000);

    // Every synthetic tool has its initial editorial review.
    const reviews = await db
      .select({ n: count() })
      .from(editorialReviews)
      .where(gt(editorialReviews.toolId, lastDemoId));
    expect(reviews[0].n).toBe(500);

    // Full-text search: the triggers indexed them.
    const sample = synthetic[123];
    const word = sample.name.split(' ')[0].toLowerCase().slice(0, 6);
    const hits = await db.$client.execute({
      sql: 'select rowid from tools_fts where tools_fts match ?',
      args: [`${word}*`],
    });
    expect(hits.rows.map((r) => Number(r.rowid))).toContain(sample.id);
    const byDescription = await db.$client.execute("select rowid from tools_fts where tools_fts match 'dedupl*'");
    const ids = byDescription.rows.map((r) => Number(r.rowid));
    expect(ids.length).toBeGreaterThan(0);
    const found = await db.select({ description: tools.description }).from(tools).where(inArray(tools.id, ids));
    expect(found.every((t) => /dedupl/i.test(t.description))).toBe(true);
  }, 60_000);

  it('draws from a seeded generator, so the same seed gives the same data', () => {
    const a = prng(42);
    const b = prng(42);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, prng(43))).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

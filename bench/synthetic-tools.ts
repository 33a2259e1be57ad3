// Deterministic synthetic tools for benchmarks: a seeded PRNG over a realistic AI-tools vocabulary.
import { CATEGORY_IDS, PRICING_MODELS } from '../lib/categories';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type NewTool, tools } from '../db/schema';
import { prng } from '../db/seed';
import { requestRebuild } from '../api/publishing/rebuild-queue';
import { toolEditTags } from '../lib/cache-tags';

const PREFIXES = [
  'Neural',
  'Smart',
  'Auto',
  'Deep',
  'Quick',
  'Bright',
  'Open',
  'Clear',
  'Swift',
  'Meta',
  'Hyper',
  'Nova',
  'Pixel',
  'Cogni',
  'Sense',
  'Flow',
  'Echo',
  'Prime',
  'Lumen',
  'Vector',
];
const SUFFIXES = [
  'Canvas',
  'Writer',
  'Lens',
  'Pilot',
  'Forge',
  'Studio',
  'Mind',
  'Scribe',
  'Metrics',
  'Sync',
  'Desk',
  'Lab',
  'Coder',
  'Brief',
  'Frame',
  'Voice',
  'Insight',
  'Board',
  'Mail',
  'Chart',
];
const VERBS = [
  'write',
  'summarise',
  'translate',
  'design',
  'analyse',
  'automate',
  'schedule',
  'transcribe',
  'generate',
  'edit',
  'review',
  'organise',
  'forecast',
  'optimise',
  'debug',
  'visualise',
];
const OBJECTS = [
  'blog posts',
  'marketing copy',
  'meeting notes',
  'sales emails',
  'product photos',
  'video clips',
  'podcasts',
  'spreadsheets',
  'dashboards',
  'pull requests',
  'landing pages',
  'social media posts',
  'customer tickets',
  'financial reports',
  'presentations',
  'logos',
  'invoices',
  'research papers',
  'user interviews',
  'analytics reports',
];
const AUDIENCES = [
  'marketers',
  'developers',
  'designers',
  'founders',
  'sales teams',
  'researchers',
  'writers',
  'support agents',
  'analysts',
  'students',
  'agencies',
  'recruiters',
];
const FEATURES = [
  'a built-in style guide',
  'real-time collaboration',
  'one-click exports',
  'brand voice controls',
  'version history',
  'team workspaces',
  'an API and webhooks',
  'Slack and Notion integrations',
  'private data handling',
  'custom templates',
  'automatic tagging',
  'natural language queries',
];
const CLOSERS = [
  'It learns from your feedback and gets better every week.',
  'Setup takes minutes and no credit card is needed to try it.',
  'Teams use it to cut repetitive work by hours each week.',
  'Everything runs in the browser with nothing to install.',
  'It keeps a human in the loop for every important decision.',
  'Reports show exactly where time and money are saved.',
];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

function pickSome<T>(rand: () => number, list: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(rand() * (max - min + 1));
  const chosen = new Set<T>();
  while (chosen.size < n) chosen.add(pick(rand, list));
  return [...chosen];
}

/** n approved tools (as insert rows) owned by submittedById, the same for the same seed. */
export function syntheticTools(n: number, submittedById: number, seed = 42): NewTool[] {
  const rand = prng(seed);
  const start = Date.UTC(2024, 0, 1);
  const span = 2 * 365 * 24 * 3600 * 1000;
  const rows: NewTool[] = [];
  for (let i = 0; i < n; i++) {
    // Many real tool names carry 'AI', which makes 'ai' a common word in names as well as descriptions.
    const name = `${pick(rand, PREFIXES)}${pick(rand, SUFFIXES)}${rand() < 0.3 ? ' AI' : ''} ${i + 1}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const description = `${name} is an AI assistant that helps ${pick(rand, AUDIENCES)} ${pick(rand, VERBS)} ${pick(rand, OBJECTS)} with ${pick(rand, FEATURES)}. ${pick(rand, CLOSERS)}`;
    const approvedAt = new Date(start + Math.floor(rand() * span));
    const isPremium = rand() < 0.08;
    rows.push({
      name,
      slug,
      url: `https://${slug}.example.com`,
      urlKey: `${slug}.example.com`,
      description,
      tags: pickSome(rand, CATEGORY_IDS, 1, 3),
      pricingModel: pick(rand, PRICING_MODELS),
      targetAudience: pickSome(rand, AUDIENCES, 1, 2),
      screenshots: isPremium ? [`https://img.example.com/${slug}.png`] : [],
      status: 'approved',
      isPremium,
      submittedById,
      curatorTake: rand() < 0.7 ? `A solid choice for ${pick(rand, AUDIENCES)}.` : null,
      qualityScore: rand() < 0.1 ? null : 1 + Math.floor(rand() * 10),
      submittedAt: new Date(approvedAt.getTime() - 3 * 24 * 3600 * 1000),
      approvedAt,
      updatedAt: approvedAt,
    });
  }
  return rows;
}

/** Edits the description of the approved tool in the middle of the catalogue: the one change a rebuild bench makes. */
export async function editOneTool(database: Database, n: number): Promise<void> {
  const [one] = await database
    .select({ id: tools.id, slug: tools.slug, tags: tools.tags })
    .from(tools)
    .where(eq(tools.status, 'approved'))
    .limit(1)
    .offset(Math.floor(n / 2));
  // As an admin's edit does: the change and its rebuild request, naming its tags, in one transaction.
  await database.transaction(async (tx) => {
    await tx
      .update(tools)
      .set({ description: `Edited for the bench at ${new Date().toISOString()}.`, updatedAt: new Date() })
      .where(eq(tools.id, one.id));
    await requestRebuild(`bench: tool edited: ${one.slug}`, tx, toolEditTags(one.slug, ['description'], one.tags));
  });
}

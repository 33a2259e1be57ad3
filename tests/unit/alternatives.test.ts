// Ranking alternatives and naming comparisons (lib/alternatives.ts).
import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_WEIGHT,
  comparePairs,
  comparePath,
  rankAlternatives,
  relevance,
  type Rankable,
} from '../../lib/alternatives';

let next = 1;
const tool = (values: Partial<Rankable> = {}): Rankable => ({
  id: next++,
  tags: ['design'],
  targetAudience: [],
  qualityScore: 5,
  isPremium: false,
  approvedAt: new Date('2026-01-01'),
  ...values,
});

describe('relevance', () => {
  it('is the score plus AUDIENCE_WEIGHT per shared audience plus one per shared category beyond the first', () => {
    const me = tool({ tags: ['design', 'marketing'], targetAudience: ['designers', 'Marketers'] });
    expect(relevance(me, tool({ tags: ['design'], qualityScore: 6 }))).toBe(6);
    expect(
      relevance(me, tool({ tags: ['design', 'marketing'], targetAudience: ['marketers '], qualityScore: 6 })),
    ).toBe(6 + AUDIENCE_WEIGHT + 1);
    expect(relevance(me, tool({ tags: ['design'], qualityScore: null }))).toBe(0);
  });

  it('is null for a tool sharing no category', () => {
    expect(relevance(tool({ tags: ['design'] }), tool({ tags: ['marketing'], qualityScore: 10 }))).toBeNull();
  });
});

describe('rankAlternatives', () => {
  it('puts the editor’s picks first in their order, then ranks the rest, without the tool itself or repeats', () => {
    const me = tool({ targetAudience: ['designers'] });
    const top = tool({ qualityScore: 9 });
    const audience = tool({ qualityScore: 8, targetAudience: ['designers'] }); // 8 + 2 beats 9
    const pickB = tool({ qualityScore: 1 });
    const pickA = tool({ qualityScore: 2 });
    const other = tool({ tags: ['marketing'], qualityScore: 10 });
    const ranked = rankAlternatives(me, [pickA, pickB], [me, top, audience, pickB, top, other]);
    expect(ranked.map((t) => t.id)).toEqual([pickA.id, pickB.id, audience.id, top.id]);
  });

  it('puts the better-rated tool first when relevance ties, whatever its audience bonus or the public order', () => {
    // ChatGPT's alternatives in the seed: Claude (9/10, two audiences and three categories shared) against Grammarly
    // (8/10, premium and newer, three audiences and two categories shared): both 15.
    const me = tool({
      tags: ['content-creation', 'productivity', 'development'],
      targetAudience: ['writers', 'developers', 'students', 'knowledge-workers'],
    });
    const claude = tool({
      tags: ['content-creation', 'development', 'productivity'],
      targetAudience: ['writers', 'developers', 'researchers'],
      qualityScore: 9,
    });
    const grammarly = tool({
      tags: ['content-creation', 'productivity'],
      targetAudience: ['writers', 'students', 'knowledge-workers'],
      qualityScore: 8,
      isPremium: true,
      approvedAt: new Date('2026-03-01'),
    });
    expect(relevance(me, claude)).toBe(relevance(me, grammarly));
    expect(rankAlternatives(me, [], [grammarly, claude]).map((t) => t.id)).toEqual([claude.id, grammarly.id]);
  });

  it('breaks remaining ties in the public order (premium, newer approval, newer id) and stops at the limit', () => {
    const me = tool();
    const older = tool({ approvedAt: new Date('2025-01-01') });
    const newer = tool({ approvedAt: new Date('2026-02-01') });
    const premium = tool({ isPremium: true, approvedAt: new Date('2024-01-01') });
    expect(rankAlternatives(me, [], [older, newer, premium]).map((t) => t.id)).toEqual([
      premium.id,
      newer.id,
      older.id,
    ]);
    expect(rankAlternatives(me, [], [older, newer, premium], 2)).toHaveLength(2);
  });
});

describe('comparison addresses', () => {
  it('orders the pair by slug, so each comparison has one address', () => {
    expect(comparePath('notion-ai', 'jasper')).toBe('/compare/jasper-vs-notion-ai');
    expect(comparePath('jasper', 'notion-ai')).toBe('/compare/jasper-vs-notion-ai');
  });

  it('reads every split of a name whose slugs may themselves contain -vs-', () => {
    expect(comparePairs('jasper-vs-notion-ai')).toEqual([['jasper', 'notion-ai']]);
    expect(comparePairs('man-vs-machine-vs-jasper')).toEqual([
      ['man', 'machine-vs-jasper'],
      ['man-vs-machine', 'jasper'],
    ]);
    expect(comparePairs('jasper')).toEqual([]);
    expect(comparePairs('-vs-jasper')).toEqual([]);
  });

  it('reads only splits into two slugs of the slug rule, at most 255 characters each', () => {
    expect(comparePairs('Jasper-vs-notion')).toEqual([]);
    expect(comparePairs('jasper--x-vs-notion')).toEqual([]);
    expect(comparePairs(`jasper-vs-${'n'.repeat(256)}`)).toEqual([]);
    expect(comparePairs(`${'a-vs-'.repeat(3000)}a`)).toEqual([]);
    // The longest chain two slugs can make has only the readings near its middle: a few reads, not thousands.
    const chain = `${'a-vs-'.repeat(102)}a`;
    expect(chain.length).toBeLessThanOrEqual(2 * 255 + 4);
    expect(comparePairs(chain).length).toBeLessThanOrEqual(2);
  });
});

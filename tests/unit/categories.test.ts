// The six categories of SPEC.md section 3, their labels and colours.
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS, PRICING_MODELS, categoryBadgeClass } from '../../lib/categories';
import { tagLabel } from '../../lib/format';

describe('categories', () => {
  it('are the six ids of the spec, in order', () => {
    expect(CATEGORY_IDS).toEqual([
      'content-creation',
      'data-analysis',
      'design',
      'development',
      'marketing',
      'productivity',
    ]);
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
  });

  it('have the labels of the directory filters', () => {
    expect(CATEGORIES.map((c) => c.label)).toEqual([
      'Content Creation',
      'Data Analysis',
      'Design',
      'Development',
      'Marketing',
      'Productivity',
    ]);
    for (const c of CATEGORIES) expect(c.label).toBe(tagLabel(c.id));
  });

  it('list the five pricing models', () => {
    expect(PRICING_MODELS).toEqual(['free', 'freemium', 'free-trial', 'paid', 'contact-for-price']);
  });
});

describe('categoryBadgeClass', () => {
  it('gives each category its own colour', () => {
    const classes = CATEGORY_IDS.map(categoryBadgeClass);
    expect(new Set(classes).size).toBe(6);
    for (const c of classes) expect(c).toMatch(/\bbg-\S+/);
  });

  it('gives a neutral colour to unknown or missing tags, unlike any category', () => {
    const neutral = categoryBadgeClass('crypto');
    expect(categoryBadgeClass(undefined)).toBe(neutral);
    expect(CATEGORY_IDS.map(categoryBadgeClass)).not.toContain(neutral);
  });
});

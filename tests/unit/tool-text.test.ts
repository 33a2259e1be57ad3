// The Markdown of a tool page escapes everything a visitor typed: a name cannot become a link, a heading or markup.
import { describe, expect, it } from 'vitest';
import { mdLink, mdText, toolMarkdown } from '../../site/components/tool-text';
import type { PublicTool } from '../../lib/contract';

const tool: PublicTool = {
  id: 1,
  name: '# [Click](javascript:alert(1)) <b>me</b>',
  slug: 'click-me',
  url: 'https://example.com/a (b)',
  description: 'Line one *bold*\n## not a heading',
  logoUrl: null,
  tags: ['design'],
  pricingModel: 'free',
  targetAudience: [],
  screenshots: [],
  videoUrl: null,
  brandColor: null,
  coverImage: null,
  isPremium: false,
  curatorTake: null,
  qualityScore: null,
  submittedAt: new Date('2026-01-01'),
  approvedAt: new Date('2026-01-02'),
  updatedAt: new Date('2026-01-02'),
  lastReviewedAt: null,
};

describe('tool Markdown', () => {
  it('escapes markup characters in text and link texts, and encodes what would end a link address', () => {
    expect(mdText('[a](b) *c* _d_ <e> #f')).toBe('\\[a\\]\\(b\\) \\*c\\* \\_d\\_ \\<e\\> \\#f');
    expect(mdLink('x]y', 'https://e.com/a (b)')).toBe('[x\\]y](https://e.com/a%20%28b%29)');
  });

  it('renders a page whose visitor text cannot open a link, a heading or an element', () => {
    const md = toolMarkdown(
      { tool, reviews: [], standing: { owners: [], link: null, notes: [] } },
      new URL('https://dir.example'),
    );
    expect(md.split('\n')[0]).toBe('# \\# \\[Click\\]\\(javascript:alert\\(1\\)\\) \\<b\\>me\\</b\\>');
    expect(md).not.toMatch(/[^\\]\[Click\]/);
    expect(md).toContain('Line one \\*bold\\*  \n\\#\\# not a heading');
    expect(md).toContain('- Website: [example.com](https://example.com/a%20%28b%29)');
    expect(md).not.toContain('Review History');
  });
});

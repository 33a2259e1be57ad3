// The readable 'changes' text of a change request in the admin Change Requests list.
import { describe, expect, it } from 'vitest';
import { CHANGE_TEXT_MAX, changeDiff, changeText, type ChangeableToolValues } from '../../lib/change-text';
import { compactParts } from '../../lib/diff-parts';

const current: ChangeableToolValues = {
  name: 'Notion AI',
  url: 'https://notion.so',
  description: 'Write and plan inside your notes.',
  tags: ['design', 'productivity'],
  pricingModel: 'freemium',
  targetAudience: ['teams', 'writers'],
  screenshots: ['https://img.example.com/a.png', 'https://img.example.com/b.png'],
  videoUrl: null,
  logoUrl: '/uploads/logos/old.webp',
  brandColor: null,
  coverImage: null,
};

describe('changeText', () => {
  it('shows old and new values of text fields', () => {
    expect(changeText({ description: 'Plan, write and search your notes.' }, current)).toBe(
      'Description: "Write and plan inside your notes." → "Plan, write and search your notes."',
    );
  });

  it('lists the fields in form order, separated by semicolons', () => {
    expect(changeText({ url: 'https://www.notion.com', name: 'Notion' }, current)).toBe(
      'Name: "Notion AI" → "Notion"; URL: "https://notion.so" → "https://www.notion.com"',
    );
  });

  it('shows pricing as its label, and none for a missing value', () => {
    expect(changeText({ pricingModel: 'free-trial' }, current)).toBe('Pricing: "Freemium" → "Free Trial"');
    expect(changeText({ pricingModel: null }, current)).toBe('Pricing: "Freemium" → none');
    expect(changeText({ pricingModel: 'paid' }, { ...current, pricingModel: null })).toBe('Pricing: none → "Paid"');
    expect(changeText({ pricingModel: 'contact-for-price' }, current)).toBe(
      'Pricing: "Freemium" → "Contact for Price"',
    );
  });

  it('shows the requested lists, tags as labels', () => {
    expect(changeText({ tags: ['design', 'marketing'] }, current)).toBe('Tags: Design, Marketing');
    expect(changeText({ tags: 'design, content-creation' }, current)).toBe('Tags: Design, Content Creation');
    expect(changeText({ targetAudience: 'writers, teams' }, current)).toBe('Best For: writers, teams');
  });

  it('leaves out fields equal to the current values; tag order does not matter, audience order does', () => {
    expect(changeText({ name: 'Notion AI', tags: ['productivity', 'design'] }, current)).toBe('No changes');
    expect(changeText({ name: ' Notion AI ', targetAudience: ['teams', 'writers'] }, current)).toBe('No changes');
    expect(changeText({ targetAudience: ['writers', 'teams'] }, current)).toBe('Best For: writers, teams');
  });

  it('ignores unknown keys', () => {
    expect(changeText({ isPremium: true, qualityScore: 10 }, current)).toBe('No changes');
    expect(changeText({}, current)).toBe('No changes');
  });

  it(`clips long values to ${CHANGE_TEXT_MAX} characters with an ellipsis, on one line`, () => {
    const long = `${'word '.repeat(20)}end`;
    const text = changeText({ description: long }, current);
    const shown = text.split(' → ')[1];
    expect(shown).toBe(`"${'word '.repeat(8).trimEnd()}…"`);
    expect(changeText({ description: 'Line one\n\nline   two of it' }, current)).toBe(
      'Description: "Write and plan inside your notes." → "Line one line two of it"',
    );
  });

  it('starts both sides near the first difference when it lies beyond the clip, so a late change is seen', () => {
    const start = 'A tool that writes, plans and searches your notes, your documents and your';
    const text = changeText({ description: `${start} team wiki.` }, { ...current, description: `${start} calendar.` });
    expect(text).toBe('Description: "…documents and your calendar." → "…documents and your team wiki."');
    expect(text.split(' → ').every((side) => side.length <= CHANGE_TEXT_MAX + 'Description: ""…'.length)).toBe(true);
  });

  it('shows only the requested values once the tool no longer holds the old ones', () => {
    expect(changeText({ name: 'Notion', url: 'https://notion.com', tags: ['design'] }, null)).toBe(
      'Name: "Notion"; URL: "https://notion.com"; Tags: Design',
    );
    expect(changeText({ targetAudience: [], pricingModel: '' }, null)).toBe('Pricing: none; Best For: none');
  });
});

describe('changeDiff', () => {
  it('marks the words removed and added in a text field, keeping the whole values', () => {
    const [diff] = changeDiff({ description: 'Plan, write and search your notes.' }, current);
    expect(diff).toMatchObject({
      field: 'description',
      label: 'Description',
      kind: 'text',
      before: 'Write and plan inside your notes.',
      after: 'Plan, write and search your notes.',
    });
    expect(diff.parts).toEqual([
      { text: 'Write', change: 'removed' },
      { text: 'Plan, write', change: 'added' },
      { text: ' and ', change: 'same' },
      { text: 'plan inside', change: 'removed' },
      { text: 'search', change: 'added' },
      { text: ' your notes.', change: 'same' },
    ]);
  });

  it('finds a change at the very end of a long description', () => {
    const start = 'word '.repeat(60);
    const [diff] = changeDiff({ description: `${start}finish.` }, { ...current, description: `${start}end.` });
    expect(diff.parts.filter((p) => p.change !== 'same')).toEqual([
      { text: 'end', change: 'removed' },
      { text: 'finish', change: 'added' },
    ]);
  });

  it('shows a value set from none as added, and one cleared as removed', () => {
    expect(changeDiff({ pricingModel: 'contact-for-price' }, { ...current, pricingModel: null })[0]).toMatchObject({
      before: '',
      after: 'Contact for Price',
      parts: [{ text: 'Contact for Price', change: 'added' }],
    });
    expect(changeDiff({ pricingModel: null }, current)[0]).toMatchObject({
      before: 'Freemium',
      after: '',
      parts: [{ text: 'Freemium', change: 'removed' }],
    });
  });

  it('marks list items kept, removed and added; tag order is not a change, audience order is', () => {
    const [tags] = changeDiff({ tags: ['marketing', 'design'] }, current);
    expect(tags).toMatchObject({
      kind: 'list',
      label: 'Tags',
      before: 'Design, Productivity',
      after: 'Marketing, Design',
    });
    expect(tags.parts).toEqual([
      { text: 'Design', change: 'same' },
      { text: 'Productivity', change: 'removed' },
      { text: 'Marketing', change: 'added' },
    ]);
    const [audience] = changeDiff({ targetAudience: ['writers', 'teams'] }, current);
    expect(audience.parts.filter((p) => p.change !== 'same')).toHaveLength(2);
    expect(changeDiff({ tags: ['productivity', 'design'] }, current)).toEqual([]);
  });

  it('leaves out unchanged fields and unknown keys, in form order', () => {
    expect(
      changeDiff({ url: 'https://notion.com', name: 'Notion AI', isPremium: true }, current).map((d) => d.field),
    ).toEqual(['url']);
  });

  it('has no old values once the tool no longer holds them', () => {
    expect(changeDiff({ name: 'Notion', tags: ['design'] }, null)).toEqual([
      {
        field: 'name',
        label: 'Name',
        kind: 'text',
        before: null,
        after: 'Notion',
        parts: [{ text: 'Notion', change: 'same' }],
      },
      {
        field: 'tags',
        label: 'Tags',
        kind: 'list',
        before: null,
        after: 'Design',
        parts: [{ text: 'Design', change: 'same' }],
      },
    ]);
  });
});

describe('compactParts', () => {
  const words = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `w${i + from}`).join(' ');

  it('keeps a few words of context around each change and elides the rest of long unchanged runs', () => {
    const parts = [
      { text: `${words(20)} `, change: 'same' as const },
      { text: 'old', change: 'removed' as const },
      { text: 'new', change: 'added' as const },
      { text: ` ${words(20, 21)} `, change: 'same' as const },
      { text: 'gone', change: 'removed' as const },
      { text: ` ${words(20, 41)}`, change: 'same' as const },
    ];
    expect(compactParts(parts, 3)).toEqual([
      { text: '… w18 w19 w20 ', change: 'same' },
      { text: 'old', change: 'removed' },
      { text: 'new', change: 'added' },
      { text: ' w21 w22 w23 … w38 w39 w40 ', change: 'same' },
      { text: 'gone', change: 'removed' },
      { text: ' w41 w42 w43 …', change: 'same' },
    ]);
  });

  it('leaves short unchanged runs as they are', () => {
    const parts = [
      { text: 'a b c ', change: 'same' as const },
      { text: 'd', change: 'added' as const },
    ];
    expect(compactParts(parts, 3)).toEqual(parts);
  });
});

describe("changeDiff of a premium tool's assets", () => {
  it('shows screenshots item by item, in order, and the logo, colour, cover and video whole', () => {
    const diff = changeDiff(
      {
        screenshots: ['https://img.example.com/b.png', '/uploads/tools/new.webp'],
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        logoUrl: '/uploads/tools/logo.webp',
        brandColor: '#1a2b3c',
        coverImage: 'https://img.example.com/cover.png',
      },
      current,
    );
    expect(diff.map((c) => [c.field, c.kind])).toEqual([
      ['screenshots', 'images'],
      ['videoUrl', 'video'],
      ['logoUrl', 'image'],
      ['brandColor', 'colour'],
      ['coverImage', 'image'],
    ]);
    expect(diff[0].parts).toEqual([
      { text: 'https://img.example.com/a.png', change: 'removed' },
      { text: 'https://img.example.com/b.png', change: 'same' },
      { text: '/uploads/tools/new.webp', change: 'added' },
    ]);
    expect(diff[2]).toMatchObject({ before: '/uploads/logos/old.webp', after: '/uploads/tools/logo.webp' });
    expect(diff[3].parts).toEqual([{ text: '#1a2b3c', change: 'added' }]);
    expect(changeText({ screenshots: ['https://img.example.com/b.png'], brandColor: '#1a2b3c' }, current)).toBe(
      'Screenshots: 1 image; Brand Colour: none → "#1a2b3c"',
    );
  });

  it("leaves out assets equal to the tool's, and a reordering of screenshots is a change", () => {
    expect(
      changeDiff({ screenshots: [...current.screenshots], videoUrl: null, logoUrl: current.logoUrl }, current),
    ).toEqual([]);
    expect(changeDiff({ screenshots: [...current.screenshots].reverse() }, current)).toHaveLength(1);
  });
});

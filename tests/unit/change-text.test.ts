// The readable 'changes' text of a change request in the admin Change Requests list.
import { describe, expect, it } from 'vitest';
import { CHANGE_TEXT_MAX, changeText, type ChangeableToolValues } from '../../lib/change-text';

const current: ChangeableToolValues = {
  name: 'Notion AI',
  url: 'https://notion.so',
  description: 'Write and plan inside your notes.',
  tags: ['design', 'productivity'],
  pricingModel: 'freemium',
  targetAudience: ['teams', 'writers'],
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

  it('shows only the requested values once the tool no longer holds the old ones', () => {
    expect(changeText({ name: 'Notion', url: 'https://notion.com', tags: ['design'] }, null)).toBe(
      'Name: "Notion"; URL: "https://notion.com"; Tags: Design',
    );
    expect(changeText({ targetAudience: [], pricingModel: '' }, null)).toBe('Pricing: none; Best For: none');
  });
});

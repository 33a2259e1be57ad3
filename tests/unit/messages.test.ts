// The messages with a value in them, and the constants of SPEC.md section 9 that are derived.
import { describe, expect, it } from 'vitest';
import { ANNUAL_PRICE, ANNUAL_SAVING, MONTHLY_PRICE } from '../../lib/constants';
import { MSG } from '../../lib/messages';

describe('duplicate-tool messages', () => {
  it('name the tool already listed or awaiting review', () => {
    expect(MSG.toolAlreadyListed('Notion AI')).toBe('This tool is already listed in the directory as "Notion AI"');
    expect(MSG.toolAlreadyPending('Notion AI')).toBe('This tool is already awaiting review as "Notion AI"');
  });
});

describe('annual saving', () => {
  it('is twelve monthly payments less the annual price: $69', () => {
    expect(MONTHLY_PRICE).toBe(39);
    expect(ANNUAL_PRICE).toBe(399);
    expect(ANNUAL_SAVING).toBe(69);
  });
});

// The one reader of the catalogue's query (lib/catalogue-query.ts): the directory page's address read leniently, the
// API's query refused with its message, and /api/v1's fields built from the same rules with its own messages.
import { describe, expect, it } from 'vitest';
import { parseDirectoryQuery, toolListFilters, toolListQuerySchema } from '../../lib/catalogue-query';
import { toolsQuery, V1_MSG } from '../../lib/contract/public-v1';
import { MSG } from '../../lib/messages';

const page = (qs: string) => parseDirectoryQuery(new URLSearchParams(qs));
const api = (query: Record<string, string | string[]>) => toolListQuerySchema.safeParse(query);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the catalogue query', () => {
  it('reads an address as the page shows it: unknown values dropped, options in the catalogue order, text trimmed', () => {
    expect(
      page(
        'q=%20notes%20&category=marketing&category=robots&category=design&pricing=cheap&minRating=7.5&sort=best&page=0',
      ),
    ).toEqual({
      search: 'notes',
      categories: ['design', 'marketing'],
      pricing: [],
      minRating: 0,
      includeDiscontinued: false,
      sort: 'recommended',
      page: 1,
    });
    expect(page(`q=${'a'.repeat(250)}&minRating=10&page=10000`)).toMatchObject({
      search: 'a'.repeat(200),
      minRating: 10,
      page: 10000,
    });
    expect(page('page=10001&minRating=11').page).toBe(1);
  });

  it('refuses in the API what the page drops, each with its message', () => {
    expect(firstMessage(api({ category: 'robots' }))).toBe(MSG.unknownCategory);
    expect(firstMessage(api({ sort: 'best' }))).toBe(MSG.unknownSort);
    expect(firstMessage(api({ minRating: '7.5' }))).toBe(MSG.invalidMinRating);
    expect(firstMessage(api({ search: 'a'.repeat(201) }))).toBe(MSG.searchTooLong);
    expect(firstMessage(api({ search: 'a\u0000b' }))).toBe(MSG.controlCharacters('Search text'));
  });

  it('gives the API query its defaults and merges the older single category with the repeatable one', () => {
    const query = toolListQuerySchema.parse({
      tags: 'design',
      category: ['design', 'marketing'],
      pricing: ['free', 'free'],
      search: '',
    });
    expect(query).toMatchObject({ limit: 12, offset: 0, sort: 'recommended', search: undefined });
    expect(toolListFilters(query)).toEqual({
      categories: ['design', 'marketing'],
      pricing: ['free'],
      minRating: undefined,
      includeDiscontinued: false,
    });
  });

  it('checks /api/v1 fields by the same rules, with its own messages', () => {
    const v1 = (query: Record<string, string>) => firstMessage(toolsQuery.safeParse(query));
    expect(v1({ category: 'robots' })).toBe(V1_MSG.category);
    expect(v1({ pricing: 'cheap' })).toBe(V1_MSG.pricing);
    expect(v1({ search: 'a'.repeat(201) })).toBe(V1_MSG.search);
    expect(v1({ search: 'a\u0007b' })).toBe(V1_MSG.searchControl);
    expect(toolsQuery.parse({ search: 'notes', category: 'design' })).toMatchObject({
      search: 'notes',
      category: 'design',
      sort: 'featured',
      limit: 20,
    });
  });
});

// The directory's address (lib/directory.ts): read leniently, written in one order, and the title it gives the page;
// and the highlighting of matched words in cards (lib/highlight.ts).
import { describe, expect, it } from 'vitest';
import { parseDirectoryQuery } from '../../lib/catalogue-query';
import { directoryHeading, directoryHref, directoryTitle, searchWords } from '../../lib/directory';
import { highlightParts } from '../../lib/highlight';

const parse = (qs: string) => parseDirectoryQuery(new URLSearchParams(qs));

describe('the directory address', () => {
  it('reads every parameter and writes them back in one order, defaults left out', () => {
    const q = parse(
      'sort=rating&category=marketing&q=notes&discontinued=include&category=design&pricing=free&minRating=7&page=2',
    );
    expect(q).toEqual({
      search: 'notes',
      categories: ['design', 'marketing'],
      pricing: ['free'],
      minRating: 7,
      includeDiscontinued: true,
      sort: 'rating',
      page: 2,
    });
    expect(directoryHref(q)).toBe(
      '/directory?q=notes&category=design&category=marketing&pricing=free&minRating=7&discontinued=include&sort=rating&page=2',
    );
    expect(directoryHref(parse('sort=recommended&page=1&minRating=&q='))).toBe('/directory');
  });

  it('drops values it does not know, as a hand-edited address still shows the directory', () => {
    expect(parse('category=robots&category=design&pricing=cheap&minRating=11&sort=best&page=-3')).toEqual(
      parse('category=design'),
    );
  });

  it('titles the page after its filters and sort', () => {
    expect(directoryHeading(parse(''))).toBe('Explore AI Tools');
    expect(directoryHeading(parse('category=design&sort=rating'))).toBe('Design AI Tools sorted by rating');
    expect(directoryHeading(parse('category=design&category=marketing&pricing=free&minRating=7'))).toBe(
      'Free Design or Marketing AI Tools rated 7+',
    );
    expect(directoryTitle(parse('q=notes&page=3'))).toBe('AI Tools matching “notes” (page 3)');
  });
});

describe('highlighted words', () => {
  it('marks each word that starts with a search word, whatever its case, and nothing inside a word', () => {
    const parts = highlightParts('GitHub Copilot pilots copiloting', searchWords('copil'));
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Copilot', 'copiloting']);
    expect(parts.map((p) => p.text).join('')).toBe('GitHub Copilot pilots copiloting');
  });

  it('reads regular-expression characters in the words as text', () => {
    expect(highlightParts('a+b (c)', ['(c'])).toEqual([
      { text: 'a+b ', match: false },
      { text: '(c', match: true },
      { text: ')', match: false },
    ]);
    expect(highlightParts('aab', ['a+'])).toEqual([{ text: 'aab', match: false }]);
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
  });
});

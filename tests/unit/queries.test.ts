import { describe, expect, it } from 'vitest';
import { ftsMatchExpression } from '../../db/queries/tools';

describe('ftsMatchExpression', () => {
  it('quotes each word as a prefix term and ANDs them', () => {
    expect(ftsMatchExpression('Data  analytics')).toBe('"data"* AND "analytics"*');
  });

  it('keeps single characters as whole words, since as prefixes they match almost everything', () => {
    expect(ftsMatchExpression('c compiler')).toBe('"c" AND "compiler"*');
  });

  it('drops every FTS syntax character and reads operators as words', () => {
    expect(ftsMatchExpression('"a" OR b* NEAR(x y) -z name:q ^w {c}')).toBe(
      '"a" AND "or"* AND "b" AND "near"* AND "x" AND "y" AND "z" AND "name"*',
    );
  });

  it('answers null when no word is left', () => {
    for (const text of ['', '   ', '"*"', '()-+^:', undefined, null]) expect(ftsMatchExpression(text)).toBeNull();
  });

  it('keeps letters and digits of any script, repeats once, and at most 8 words', () => {
    expect(ftsMatchExpression('Café 3d café')).toBe('"café"* AND "3d"*');
    expect(ftsMatchExpression('one two three four five six seven eight nine')?.split(' AND ')).toHaveLength(8);
  });
});

// Display formatting of SPEC.md sections 2 and 9: initials, names, tags, hosts, stars, dates, lists, scores, url keys.
import { describe, expect, it } from 'vitest';
import {
  adminStars,
  cardTags,
  clampQualityScore,
  computeReadTime,
  detailLabel,
  displayName,
  excerpt,
  hostOf,
  initials,
  logoLetter,
  longDate,
  pricingLabel,
  readTimeOrDefault,
  shortDate,
  splitCommaList,
  starsLit,
  tagLabel,
  urlKey,
} from '../../lib/format';
import { PRICING_MODELS } from '../../lib/categories';

describe('initials', () => {
  it('takes the first letters of first and last name, uppercased', () => {
    expect(initials({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initials({ firstName: 'grace', lastName: 'hopper' })).toBe('GH');
  });

  it("falls back to the e-mail's first letter uppercased", () => {
    expect(initials({ firstName: null, lastName: null, email: 'zed@example.com' })).toBe('Z');
    expect(initials({ firstName: '  ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('A');
    expect(initials({ firstName: 'Ada', lastName: '', email: 'bob@example.com' })).toBe('B');
  });

  it("falls back to 'U' without names or e-mail", () => {
    expect(initials({})).toBe('U');
    expect(initials({ email: '' })).toBe('U');
    expect(initials(null)).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
});

describe('displayName', () => {
  it('is the full name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('uses the one name given', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ firstName: ' ', lastName: 'Lovelace ', email: 'ada@example.com' })).toBe('Lovelace');
  });

  it('falls back to the e-mail, then to nothing', () => {
    expect(displayName({ firstName: '', lastName: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({})).toBe('');
    expect(displayName(null)).toBe('');
  });
});

describe('tagLabel', () => {
  it('turns every hyphen into a space and capitalises each word', () => {
    expect(tagLabel('content-creation')).toBe('Content Creation');
    expect(tagLabel('data-analysis')).toBe('Data Analysis');
    expect(tagLabel('design')).toBe('Design');
    expect(tagLabel('contact-for-price')).toBe('Contact For Price');
  });
});

describe('pricingLabel', () => {
  it('gives each pricing model its proper label', () => {
    expect(pricingLabel('free')).toBe('Free');
    expect(pricingLabel('freemium')).toBe('Freemium');
    expect(pricingLabel('free-trial')).toBe('Free Trial');
    expect(pricingLabel('paid')).toBe('Paid');
    expect(pricingLabel('contact-for-price')).toBe('Contact for Price');
  });

  it('labels every option the forms offer', () => {
    for (const model of PRICING_MODELS) expect(pricingLabel(model)).not.toMatch(/-/);
  });

  it('turns a value it does not know into capitalised words', () => {
    expect(pricingLabel('pay-per-use')).toBe('Pay Per Use');
  });
});

describe('detailLabel', () => {
  it('capitalises words and turns only the first hyphen into a space', () => {
    expect(detailLabel('free-trial')).toBe('Free Trial');
    expect(detailLabel('content-creation')).toBe('Content Creation');
    expect(detailLabel('contact-for-price')).toBe('Contact For-price');
  });

  it('capitalises each space-separated word', () => {
    expect(detailLabel('freemium')).toBe('Freemium');
    expect(detailLabel('small teams')).toBe('Small Teams');
  });

  it('leaves an empty value empty', () => {
    expect(detailLabel('')).toBe('');
  });
});

describe('cardTags', () => {
  it('shows up to 3 tags and counts the rest', () => {
    expect(cardTags(['design', 'marketing', 'development', 'productivity', 'data-analysis'])).toEqual({
      shown: ['design', 'marketing', 'development'],
      overflow: 2,
    });
  });

  it('has no overflow with 3 tags or fewer', () => {
    expect(cardTags(['design', 'marketing', 'development'])).toEqual({
      shown: ['design', 'marketing', 'development'],
      overflow: 0,
    });
    expect(cardTags(['design'])).toEqual({ shown: ['design'], overflow: 0 });
    expect(cardTags([])).toEqual({ shown: [], overflow: 0 });
  });

  it('takes another maximum', () => {
    expect(cardTags(['a', 'b', 'c'], 1)).toEqual({ shown: ['a'], overflow: 2 });
  });
});

describe('hostOf', () => {
  it('is the host without a leading www.', () => {
    expect(hostOf('https://www.notion.so/product')).toBe('notion.so');
    expect(hostOf('https://chat.openai.com/')).toBe('chat.openai.com');
    expect(hostOf('http://WWW.Example.COM:8080/a?b=c')).toBe('example.com');
  });

  it('keeps a www that is not the leading label', () => {
    expect(hostOf('https://app.www.example.com')).toBe('app.www.example.com');
  });

  it('answers the input itself when it is not a url', () => {
    expect(hostOf('not a url')).toBe('not a url');
    expect(hostOf('')).toBe('');
  });
});

describe('starsLit', () => {
  const lit = (score: number | null | undefined) => starsLit(score).filter(Boolean).length;

  it('has five stars, star n lit when n <= score / 2', () => {
    expect(starsLit(7)).toEqual([true, true, true, false, false]);
    expect(starsLit(10)).toEqual([true, true, true, true, true]);
    expect(starsLit(2)).toEqual([true, false, false, false, false]);
  });

  it('lights none for 0, 1 or no score', () => {
    expect(starsLit(0)).toEqual([false, false, false, false, false]);
    expect(lit(1)).toBe(0);
    expect(lit(null)).toBe(0);
    expect(lit(undefined)).toBe(0);
  });

  it('lights n stars for 2n and 2n+1', () => {
    for (let n = 0; n <= 5; n++) {
      expect(lit(2 * n)).toBe(n);
      if (n < 5) expect(lit(2 * n + 1)).toBe(n);
    }
  });
});

describe('adminStars', () => {
  it('is the score halved and rounded down', () => {
    expect(adminStars(7)).toBe(3);
    expect(adminStars(8)).toBe(4);
    expect(adminStars(10)).toBe(5);
    expect(adminStars(1)).toBe(0);
  });

  it('is 0 without a score and never more than 5', () => {
    expect(adminStars(null)).toBe(0);
    expect(adminStars(undefined)).toBe(0);
    expect(adminStars(0)).toBe(0);
    expect(adminStars(14)).toBe(5);
  });
});

describe('logoLetter', () => {
  it("is the name's first letter uppercased", () => {
    expect(logoLetter('notion AI')).toBe('N');
    expect(logoLetter('  midjourney')).toBe('M');
    expect(logoLetter('ChatGPT')).toBe('C');
  });

  it("is '?' for an empty name", () => {
    expect(logoLetter('')).toBe('?');
    expect(logoLetter('   ')).toBe('?');
  });
});

describe('longDate', () => {
  it("reads 'January 5, 2026' from a Date, an ISO string or a timestamp", () => {
    const when = new Date('2026-01-05T12:00:00Z');
    expect(longDate(when)).toBe('January 5, 2026');
    expect(longDate('2026-01-05T12:00:00Z')).toBe('January 5, 2026');
    expect(longDate(when.getTime())).toBe('January 5, 2026');
    expect(longDate('2025-12-31T23:30:00Z')).toBe('December 31, 2025');
  });

  it('is empty for no date or an invalid one', () => {
    expect(longDate(null)).toBe('');
    expect(longDate(undefined)).toBe('');
    expect(longDate('not a date')).toBe('');
  });
});

describe('shortDate', () => {
  it("reads '1/5/2026'", () => {
    expect(shortDate(new Date('2026-01-05T12:00:00Z'))).toBe('1/5/2026');
    expect(shortDate('2025-11-23T00:00:00Z')).toBe('11/23/2025');
  });

  it('is empty for no date or an invalid one', () => {
    expect(shortDate(null)).toBe('');
    expect(shortDate('nope')).toBe('');
  });
});

describe('readTimeOrDefault', () => {
  it("defaults to '5 min read'", () => {
    expect(readTimeOrDefault(null)).toBe('5 min read');
    expect(readTimeOrDefault(undefined)).toBe('5 min read');
    expect(readTimeOrDefault('')).toBe('5 min read');
    expect(readTimeOrDefault('   ')).toBe('5 min read');
  });

  it('keeps a given read time, trimmed', () => {
    expect(readTimeOrDefault('8 min read')).toBe('8 min read');
    expect(readTimeOrDefault(' 3 min read ')).toBe('3 min read');
  });
});

describe('computeReadTime', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('counts 200 words a minute, rounded', () => {
    expect(computeReadTime(words(400))).toBe('2 min read');
    expect(computeReadTime(words(1000))).toBe('5 min read');
    expect(computeReadTime(words(299))).toBe('1 min read');
    expect(computeReadTime(words(300))).toBe('2 min read');
  });

  it('counts the words of HTML, not its tags', () => {
    const html = `<h2 class="title">Intro</h2><p>${words(300)}</p><p><strong>${words(299)}</strong></p>`;
    expect(computeReadTime(html)).toBe('3 min read');
  });

  it('is at least one minute', () => {
    expect(computeReadTime('')).toBe('1 min read');
    expect(computeReadTime('<p></p>')).toBe('1 min read');
  });
});

describe('splitCommaList', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(splitCommaList(' a, ,b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList('design')).toEqual(['design']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(' , ')).toEqual([]);
  });

  it('splits each item of an array too', () => {
    expect(splitCommaList(['a, b', ' c ', ''])).toEqual(['a', 'b', 'c']);
    expect(splitCommaList([])).toEqual([]);
  });

  it('is empty for no value', () => {
    expect(splitCommaList(null)).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
  });
});

describe('clampQualityScore', () => {
  it('makes a non-number entry 5', () => {
    expect(clampQualityScore('abc')).toBe(5);
    expect(clampQualityScore('')).toBe(5);
    expect(clampQualityScore(null)).toBe(5);
    expect(clampQualityScore(undefined)).toBe(5);
    expect(clampQualityScore(Number.NaN)).toBe(5);
  });

  it('takes another default', () => {
    expect(clampQualityScore('abc', 7)).toBe(7);
  });

  it('clamps to 1..10', () => {
    expect(clampQualityScore(0)).toBe(1);
    expect(clampQualityScore(-3)).toBe(1);
    expect(clampQualityScore(11)).toBe(10);
    expect(clampQualityScore('42')).toBe(10);
  });

  it('reads numbers and numeric text, rounding numbers', () => {
    expect(clampQualityScore('7')).toBe(7);
    expect(clampQualityScore(7)).toBe(7);
    expect(clampQualityScore(7.6)).toBe(8);
    expect(clampQualityScore(1)).toBe(1);
    expect(clampQualityScore(10)).toBe(10);
  });
});

describe('urlKey', () => {
  it('is the same for urls that differ by www, host case, trailing slash, scheme or hash', () => {
    const key = urlKey('https://notion.so/product');
    expect(key).toBe('notion.so/product');
    for (const url of [
      'https://www.notion.so/product',
      'https://NOTION.so/product',
      'https://notion.so/product/',
      'https://notion.so/product#pricing',
      'http://www.Notion.SO/product/#x',
      '  https://notion.so/product  ',
    ]) {
      expect(urlKey(url)).toBe(key);
    }
  });

  it('keeps the query string, the port and the path', () => {
    expect(urlKey('https://example.com/?ref=a')).not.toBe(urlKey('https://example.com/'));
    expect(urlKey('https://example.com/?ref=a')).toBe('example.com?ref=a');
    expect(urlKey('https://example.com:8443/app')).toBe('example.com:8443/app');
    expect(urlKey('https://example.com/a')).not.toBe(urlKey('https://example.com/b'));
  });

  it('is the whole host for a bare domain', () => {
    expect(urlKey('https://www.example.com')).toBe('example.com');
    expect(urlKey('https://www.example.com/')).toBe('example.com');
  });

  it('is the trimmed, lowercased text when it is not a url', () => {
    expect(urlKey('  Not A URL ')).toBe('not a url');
  });
});

describe('excerpt', () => {
  it('keeps a text within the length as it is', () => {
    expect(excerpt('Short and sweet.', 40)).toBe('Short and sweet.');
  });

  it('cuts at a word boundary, drops the punctuation there and ends with one ellipsis character', () => {
    expect(excerpt('Drafts, rewrites and summarises long reports for busy teams', 30)).toBe('Drafts, rewrites and…');
    expect(excerpt('Fast. Reliable. Cheap enough for everyone', 16)).toBe('Fast. Reliable…');
    const cut = excerpt('A very long sentence that goes on. And then another one follows it here', 35);
    expect(cut).not.toMatch(/\.\.|\.…/);
    expect(cut.length).toBeLessThanOrEqual(35);
  });

  it('cuts a single overlong word where it must', () => {
    expect(excerpt('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
  });
});

// The slug rule of SPEC.md section 2 and the choice of a free slug.
import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from '../../lib/slug';

describe('slugify', () => {
  it('lowercases a name', () => {
    expect(slugify('ChatGPT')).toBe('chatgpt');
  });

  it('turns each run of non-alphanumeric characters into one hyphen', () => {
    expect(slugify('Notion AI')).toBe('notion-ai');
    expect(slugify('Jasper   &   Co.  3')).toBe('jasper-co-3');
    expect(slugify('a_b.c/d')).toBe('a-b-c-d');
  });

  it('trims hyphens at both ends', () => {
    expect(slugify('  --Hello,  World!!-- ')).toBe('hello-world');
  });

  it('keeps digits', () => {
    expect(slugify('GPT-4o Mini 2')).toBe('gpt-4o-mini-2');
  });

  it('treats non-ASCII letters as non-alphanumeric', () => {
    expect(slugify('Café Déjà')).toBe('caf-d-j');
  });

  it('gives an empty slug for an empty or all-symbol name', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ---')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('keeps the base when it is free', () => {
    expect(uniqueSlug('notion-ai', new Set())).toBe('notion-ai');
    expect(uniqueSlug('notion-ai', new Set(['notion']))).toBe('notion-ai');
  });

  it('adds -2, then -3, ... when taken', () => {
    expect(uniqueSlug('notion-ai', new Set(['notion-ai']))).toBe('notion-ai-2');
    expect(uniqueSlug('notion-ai', new Set(['notion-ai', 'notion-ai-2']))).toBe('notion-ai-3');
  });

  it('fills the first gap', () => {
    expect(uniqueSlug('x', new Set(['x', 'x-3']))).toBe('x-2');
  });

  it("uses 'tool' for an empty base", () => {
    expect(uniqueSlug('', new Set())).toBe('tool');
    expect(uniqueSlug('', new Set(['tool']))).toBe('tool-2');
  });
});

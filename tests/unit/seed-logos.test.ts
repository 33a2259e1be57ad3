// The seeded tools' marks: one drawn per tool, shipped as the SVG files the generator writes, and safe to serve.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SEED_TOOLS } from '../../db/seed-data';
import { SEED_LOGO_FOLDER, seedLogoSvg } from '../../db/seed-logos';
import { slugify } from '../../lib/slug';

const fileOf = (name: string) => join(SEED_LOGO_FOLDER, `${slugify(name)}.svg`);

/** Every element name in a parsed SVG, and every attribute name, walked depth first. */
function namesIn(node: unknown, elements: Set<string>, attributes: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) namesIn(n, elements, attributes);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === ':@') for (const a of Object.keys(value as object)) attributes.add(a.replace(/^@_/, '').toLowerCase());
    else {
      elements.add(key.toLowerCase());
      namesIn(value, elements, attributes);
    }
  }
}

describe('seeded tool marks', () => {
  it('ships the file the generator draws for every seeded tool, and no other', () => {
    for (const tool of SEED_TOOLS)
      expect(readFileSync(fileOf(tool.name), 'utf8')).toBe(seedLogoSvg(tool.name, tool.color));
    expect(readdirSync(SEED_LOGO_FOLDER).sort()).toEqual(SEED_TOOLS.map((t) => `${slugify(t.name)}.svg`).sort());
  });

  it('gives each tool a different drawing', () => {
    const drawings = SEED_TOOLS.map((t) => seedLogoSvg(t.name, '#000000'));
    expect(new Set(drawings).size).toBe(SEED_TOOLS.length);
  });

  it('holds only plain shapes: no script, event handler, link, foreign content or text', () => {
    const parser = new XMLParser({ ignoreAttributes: false, preserveOrder: true });
    const allowed = new Set(['svg', 'rect', 'circle', 'ellipse', 'path']);
    for (const tool of SEED_TOOLS) {
      const elements = new Set<string>();
      const attributes = new Set<string>();
      namesIn(parser.parse(readFileSync(fileOf(tool.name), 'utf8')), elements, attributes);
      expect(
        [...elements].filter((e) => !allowed.has(e)),
        tool.name,
      ).toEqual([]);
      expect(
        [...attributes].filter((a) => a.startsWith('on') || a.includes('href')),
        tool.name,
      ).toEqual([]);
    }
  });
});

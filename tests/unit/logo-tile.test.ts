// The letter tile's colour: stable for a name, spread across names, and readable with its white letter.
import { describe, expect, it } from 'vitest';
import { LOGO_TILE_CLASSES, logoTileClass } from '../../lib/logo-tile';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const hexOf = (className: string) => /^bg-\[(#[0-9a-f]{6})\]$/.exec(className)![1];

describe('logoTileClass', () => {
  it('gives a name the same colour every time, whatever its case or outer spaces', () => {
    expect(logoTileClass('Ledgerly')).toBe(logoTileClass('Ledgerly'));
    expect(logoTileClass('  ledgerly ')).toBe(logoTileClass('Ledgerly'));
  });

  it('gives different names different colours, using the whole palette evenly', () => {
    expect(logoTileClass('Ledgerly')).not.toBe(logoTileClass('Notewise'));
    const names = Array.from({ length: 700 }, (_, i) => `Tool ${i}`);
    const counts = new Map<string, number>();
    for (const name of names) counts.set(logoTileClass(name), (counts.get(logoTileClass(name)) ?? 0) + 1);
    expect(counts.size).toBe(LOGO_TILE_CLASSES.length);
    // 700 names over 14 colours is 50 each on average: none is rare, none dominates.
    for (const n of counts.values()) expect(n).toBeGreaterThan(25);
    for (const n of counts.values()) expect(n).toBeLessThan(80);
  });

  it('keeps the white letter at 4.5:1 or more on every colour, and no two colours alike', () => {
    const hexes = LOGO_TILE_CLASSES.map(hexOf);
    for (const hex of hexes) expect(contrast(hex, '#ffffff'), hex).toBeGreaterThanOrEqual(4.5);
    expect(new Set(hexes).size).toBe(hexes.length);
  });
});

// The colour of a tool's letter tile (shown when it has no logo): picked from the name by a stable hash, so a grid of
// logo-less tools reads as different products, not as placeholder avatars. Every colour carries a white letter at
// WCAG AA (4.5:1 or more; tests/unit/logo-tile.test.ts measures it).

/**
 * Tailwind's 700 shades, spelled out as whole class names so Tailwind generates them (a class built at run time would
 * not be), and as classes because the pages' CSP allows no inline style attribute.
 */
export const LOGO_TILE_CLASSES = [
  'bg-[#1d4ed8]', // blue
  'bg-[#6d28d9]', // violet
  'bg-[#be185d]', // pink
  'bg-[#b91c1c]', // red
  'bg-[#c2410c]', // orange
  'bg-[#a16207]', // amber
  'bg-[#15803d]', // green
  'bg-[#047857]', // emerald
  'bg-[#0f766e]', // teal
  'bg-[#0e7490]', // cyan
  'bg-[#4338ca]', // indigo
  'bg-[#7e22ce]', // purple
  'bg-[#a21caf]', // fuchsia
  'bg-[#334155]', // slate
] as const;

/** 32-bit FNV-1a of the name as people read it (case and outer spaces do not change the tile). */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase()) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The background class of a tool's letter tile; the letter is white. */
export function logoTileClass(name: string): (typeof LOGO_TILE_CLASSES)[number] {
  return LOGO_TILE_CLASSES[nameHash(name) % LOGO_TILE_CLASSES.length];
}

// Writes the seeded tools' marks (db/seed-logos.ts) into public/logos/ as SVG files; run after changing a mark.
// CLI: bun scripts/draw-seed-logos.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_LOGO_FOLDER, seedLogoSvg } from '../db/seed-logos';
import { SEED_TOOLS } from '../db/seed-data';
import { slugify } from '../lib/slug';

mkdirSync(SEED_LOGO_FOLDER, { recursive: true });
for (const tool of SEED_TOOLS)
  writeFileSync(join(SEED_LOGO_FOLDER, `${slugify(tool.name)}.svg`), seedLogoSvg(tool.name, tool.color));
console.log(`draw-seed-logos: ${SEED_TOOLS.length} marks in ${SEED_LOGO_FOLDER}/`);

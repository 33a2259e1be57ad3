// Writes the site's raster icons from its mark (public/favicon.svg): favicon.ico (16, 32 and 48 px, for browsers and
// tools that ask for /favicon.ico) and apple-touch-icon.png (180x180, full-bleed: iOS rounds the corners itself).
// Run after changing the mark. CLI: bun scripts/draw-site-icons.ts
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('public/favicon.svg', 'utf8');
const square = mark.replace(/ rx="\d+"/, '');
const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 32) * 2 })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO file holding PNG images (every browser since 2007 reads them): a header, one directory entry per image, the images. */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const sizes = [16, 32, 48];
writeFileSync(
  'public/favicon.ico',
  ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(mark, size) })))),
);
writeFileSync('public/apple-touch-icon.png', await png(square, 180));
console.log('draw-site-icons: public/favicon.ico, public/apple-touch-icon.png');

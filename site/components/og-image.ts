// Open Graph images (1200x630 PNG) of a tool (name, logo, score, categories) and of a post (title, category, date):
// laid out by satori with the bundled Inter font (woff: satori cannot read woff2), rasterised by sharp. A logo is
// an upload read from the upload store (never fetched from elsewhere); without one, the letter tile the site shows (docs/decisions/0048).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, normalize } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { SITE_NAME } from '../../lib/constants';
import { logoLetter, longDate, tagLabel } from '../../lib/format';
import { OG_HEIGHT, OG_WIDTH, ogPostData, ogToolData, type OgPost, type OgTool } from '../../lib/og';
import { uploadStoreOfEnv } from '../../db/upload-store';

const LOGO_SIZE = 168;

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Child | Child[]; src?: string; width?: number; height?: number };
};
type Child = Node | string | null | false;

const h = (type: string, style: Record<string, unknown>, ...children: Child[]): Node => ({
  type,
  props: { style, children },
});

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700 | 800; style: 'normal' }[]> | null = null;

/** The scripts of Inter's subsets in @fontsource/inter: Latin (and Vietnamese), Greek and Cyrillic. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'] as const;
/** A character those subsets draw: anything else would be drawn as a "no glyph" box. */
const DRAWABLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: combining marks (U+0300-036F) are drawable on their own
  /[\u0000-\u024F\u0300-\u036F\u0370-\u03FF\u0400-\u052F\u1E00-\u1EFF\u1F00-\u1FFF\u2000-\u206F\u20A0-\u20CF\u2100-\u214F]/u;

/**
 * Text as the bundled font can draw it: characters of other scripts (CJK, Arabic, emoji...) are left out rather than
 * drawn as boxes; no font for every script is bundled (docs/decisions/0048).
 */
export function drawable(text: string): string {
  return [...text.normalize('NFC')]
    .filter((c) => DRAWABLE.test(c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Inter (the subsets above, 400, 700 and 800) from @fontsource/inter, read once per process. */
function loadFonts() {
  const require = createRequire(import.meta.url);
  return (fonts ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      ([400, 700, 800] as const).map(async (weight) => ({
        name: 'Inter',
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    ),
  ));
}

/** A logo's bytes when its address is one of ours: an upload, or one of the marks the site ships (public/logos, the seed's). */
async function logoBytes(logoUrl: string | null): Promise<Uint8Array | null> {
  for (const prefix of ['/uploads/', '/logos/']) {
    if (!logoUrl?.startsWith(prefix)) continue;
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(logoUrl.slice(prefix.length)));
    } catch {
      return null;
    }
    if (relative.startsWith('..') || relative.startsWith('/')) return null;
    // The upload store as api/config.ts opens it (the site does not import api/).
    if (prefix === '/uploads/') return uploadStoreOfEnv().bytes(relative);
    return readFile(join('public/logos', relative));
  }
  return null;
}

/** A logo as a square PNG data URL; null when there is none, it is not a file of ours, or it cannot be read. */
async function logoDataUrl(logoUrl: string | null): Promise<string | null> {
  try {
    const file = await logoBytes(logoUrl);
    if (!file) return null;
    const png = await sharp(file)
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

const PRIMARY = '#4f46e5';
const INK = '#111827';
const MUTED = '#4b5563';

function frame(...children: Child[]): Node {
  return h(
    'div',
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)',
      fontFamily: 'Inter',
      color: INK,
    },
    ...children,
  );
}

function footer(right: string): Node {
  return h(
    'div',
    {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      fontSize: 30,
      color: MUTED,
      borderTop: '2px solid #e5e7eb',
      paddingTop: 28,
    },
    h('div', { display: 'flex', fontWeight: 800, color: PRIMARY }, SITE_NAME),
    h('div', { display: 'flex' }, right),
  );
}

const chip = (label: string): Node =>
  h(
    'div',
    {
      display: 'flex',
      padding: '8px 22px',
      borderRadius: 999,
      background: '#e0e7ff',
      color: '#3730a3',
      fontSize: 28,
      fontWeight: 700,
    },
    label,
  );

async function render(node: Node): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(node as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: await loadFonts(),
  });
  // A palette PNG: about half the bytes of a full-colour one (about 30 KB), for ~50 ms more, once per image.
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer());
}

export async function toolOgImage(tool: OgTool): Promise<Uint8Array<ArrayBuffer>> {
  const { logoUrl, qualityScore, tags } = ogToolData(tool);
  const name = drawable(tool.name);
  const logo = await logoDataUrl(logoUrl);
  const mark: Node = logo
    ? {
        type: 'img',
        props: {
          src: logo,
          width: LOGO_SIZE,
          height: LOGO_SIZE,
          style: { borderRadius: 32, border: '2px solid #e5e7eb' },
        },
      }
    : h(
        'div',
        {
          display: 'flex',
          width: LOGO_SIZE,
          height: LOGO_SIZE,
          borderRadius: 32,
          background: '#e0e7ff',
          color: PRIMARY,
          fontSize: 96,
          fontWeight: 800,
          alignItems: 'center',
          justifyContent: 'center',
        },
        name ? logoLetter(name) : '',
      );
  return render(
    frame(
      h(
        'div',
        { display: 'flex', alignItems: 'center', gap: 48 },
        mark,
        h(
          'div',
          { display: 'flex', flexDirection: 'column', gap: 20, flex: 1, minWidth: 0 },
          h(
            'div',
            { display: 'flex', fontSize: name.length > 24 ? 60 : 76, fontWeight: 800, lineHeight: 1.1, lineClamp: 2 },
            name,
          ),
          qualityScore != null &&
            h(
              'div',
              { display: 'flex', fontSize: 36, fontWeight: 700, color: MUTED },
              `Editor rating ${qualityScore}/10`,
            ),
        ),
      ),
      h('div', { display: 'flex', gap: 16, flexWrap: 'wrap' }, ...tags.map((tag) => chip(tagLabel(tag)))),
      footer('Reviewed by our editors'),
    ),
  );
}

export async function postOgImage(post: OgPost): Promise<Uint8Array<ArrayBuffer>> {
  const data = ogPostData(post);
  const [title, category] = [drawable(data.title), data.category && drawable(data.category)];
  const { publishedAt } = data;
  return render(
    frame(
      h(
        'div',
        { display: 'flex' },
        category
          ? chip(category)
          : h('div', { display: 'flex', fontSize: 30, fontWeight: 700, color: PRIMARY }, 'Blog'),
      ),
      h(
        'div',
        { display: 'flex', fontSize: title.length > 60 ? 56 : 68, fontWeight: 800, lineHeight: 1.15, lineClamp: 3 },
        title,
      ),
      footer(publishedAt ? longDate(publishedAt) : 'Blog'),
    ),
  );
}

// The marks of the seeded tools: a simple drawing per tool in its brand-like colour, shipped as static SVG files of
// the site (public/logos/, written by scripts/draw-seed-logos.ts) so the demo catalogue shows logos, not letters.
// Plain shapes only: no script, no text (a font would differ by machine), no reference to anything outside the file.

const W = '#ffffff';

/** What goes on the coloured tile: SVG shapes on a 256 x 256 canvas, drawn in white unless said otherwise. */
const MARKS: Readonly<Record<string, string>> = {
  // Six interlocking petals around a centre.
  ChatGPT: Array.from(
    { length: 6 },
    (_, i) =>
      `<ellipse cx="128" cy="96" rx="26" ry="46" transform="rotate(${i * 60} 128 128)" fill="none" stroke="${W}" stroke-width="14"/>`,
  ).join(''),
  // A twelve-ray burst.
  Claude: Array.from(
    { length: 12 },
    (_, i) => `<rect x="120" y="50" width="16" height="64" rx="8" fill="${W}" transform="rotate(${i * 30} 128 128)"/>`,
  ).join(''),
  // A sail over a hull.
  Midjourney: `<path d="M132 52 L132 168 L70 168 Z" fill="${W}"/><path d="M144 76 L144 168 L190 168 Z" fill="${W}" fill-opacity="0.75"/><path d="M58 182 H198 L182 206 H74 Z" fill="${W}"/>`,
  // An open page with a spark.
  'Notion AI': `<rect x="62" y="56" width="132" height="150" rx="14" fill="${W}"/><path d="M92 172 V92 L164 172 V92" fill="none" stroke="#111111" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>`,
  // Goggles.
  'GitHub Copilot': `<rect x="50" y="92" width="70" height="62" rx="26" fill="none" stroke="${W}" stroke-width="14"/><rect x="136" y="92" width="70" height="62" rx="26" fill="none" stroke="${W}" stroke-width="14"/><rect x="112" y="112" width="32" height="14" fill="${W}"/><circle cx="85" cy="123" r="9" fill="${W}"/><circle cx="171" cy="123" r="9" fill="${W}"/><path d="M70 178 Q128 206 186 178" fill="none" stroke="${W}" stroke-width="12" stroke-linecap="round"/>`,
  // A hooked stroke.
  Jasper: `<path d="M160 58 V150 A44 44 0 0 1 72 150" fill="none" stroke="${W}" stroke-width="24" stroke-linecap="round"/>`,
  // Three film frames stepping forward.
  Runway: `<rect x="58" y="58" width="84" height="84" rx="16" fill="${W}" fill-opacity="0.45"/><rect x="86" y="86" width="84" height="84" rx="16" fill="${W}" fill-opacity="0.7"/><rect x="114" y="114" width="84" height="84" rx="16" fill="${W}"/>`,
  // An eight-point asterisk in a diamond.
  Perplexity: `<path d="M128 48 L208 128 L128 208 L48 128 Z" fill="none" stroke="${W}" stroke-width="12" stroke-linejoin="round"/>${[0, 45, 90, 135].map((a) => `<rect x="122" y="78" width="12" height="100" rx="6" fill="${W}" transform="rotate(${a} 128 128)"/>`).join('')}`,
  // Sound bars.
  'Otter.ai': [40, 84, 120, 84, 40]
    .map((h, i) => `<rect x="${62 + i * 28}" y="${128 - h / 2}" width="18" height="${h}" rx="9" fill="${W}"/>`)
    .join(''),
  // A waveform cut by a text cursor.
  Descript: `<path d="M70 60 H124 A68 68 0 0 1 124 196 H70 Z" fill="${W}"/><rect x="88" y="92" width="16" height="72" rx="8" fill="#4f46e5"/>`,
  // A ring with an opening and an arrow tip.
  Grammarly: `<path d="M188 128 A60 60 0 1 1 170 85" fill="none" stroke="${W}" stroke-width="22" stroke-linecap="round"/><path d="M128 128 H188" stroke="${W}" stroke-width="22" stroke-linecap="round"/>`,
  // A four-point sparkle and a small one.
  'Canva Magic Studio': `<path d="M112 52 C118 100 128 110 176 116 C128 122 118 132 112 180 C106 132 96 122 48 116 C96 110 106 100 112 52 Z" fill="${W}"/><path d="M176 152 C179 172 184 177 204 180 C184 183 179 188 176 208 C173 188 168 183 148 180 C168 177 173 172 176 152 Z" fill="${W}" fill-opacity="0.8"/>`,
  // A cluster of crosses.
  'Tableau Pulse': `<path d="M128 56 V200 M56 128 H200" stroke="${W}" stroke-width="18" stroke-linecap="round"/>${[
    [80, 80],
    [176, 80],
    [80, 176],
    [176, 176],
  ]
    .map(
      ([x, y]) =>
        `<path d="M${x} ${y - 20} V${y + 20} M${x - 20} ${y} H${x + 20}" stroke="${W}" stroke-width="10" stroke-linecap="round"/>`,
    )
    .join('')}`,
  // Rising bars with a trend line.
  'Julius AI': `${[60, 96, 132].map((h, i) => `<rect x="${66 + i * 46}" y="${200 - h}" width="32" height="${h}" rx="8" fill="${W}" fill-opacity="${0.6 + i * 0.2}"/>`).join('')}<path d="M60 112 L112 86 L150 98 L200 54" fill="none" stroke="${W}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A pointer arrow.
  Cursor: `<path d="M76 52 L188 132 L136 142 L162 196 L138 206 L112 152 L76 186 Z" fill="${W}" stroke="${W}" stroke-width="8" stroke-linejoin="round"/>`,
  // A heavy asterisk.
  'Zapier AI': [0, 45, 90, 135]
    .map((a) => `<rect x="114" y="50" width="28" height="156" rx="6" fill="${W}" transform="rotate(${a} 128 128)"/>`)
    .join(''),
  // A play button in a speech bubble.
  Synthesia: `<path d="M60 70 Q60 56 74 56 H182 Q196 56 196 70 V158 Q196 172 182 172 H110 L78 200 V172 H74 Q60 172 60 158 Z" fill="${W}"/><path d="M112 88 L156 114 L112 140 Z" fill="#3b3bf5"/>`,
  // Two upright bars.
  ElevenLabs: `<rect x="90" y="56" width="26" height="144" rx="6" fill="${W}"/><rect x="140" y="56" width="26" height="144" rx="6" fill="${W}"/>`,
  // Wings of light.
  'Fireflies.ai': `<path d="M128 128 L64 64 H128 Z" fill="${W}"/><path d="M128 128 L192 64 V128 Z" fill="${W}" fill-opacity="0.8"/><path d="M128 128 L192 192 H128 Z" fill="${W}" fill-opacity="0.6"/><path d="M128 128 L64 192 V128 Z" fill="${W}" fill-opacity="0.9"/>`,
  // Stacked slides.
  Gamma: `<rect x="56" y="92" width="112" height="80" rx="12" fill="${W}" fill-opacity="0.45"/><rect x="72" y="110" width="112" height="80" rx="12" fill="${W}" fill-opacity="0.7"/><rect x="88" y="128" width="112" height="80" rx="12" fill="${W}"/><rect x="88" y="60" width="80" height="12" rx="6" fill="${W}"/>`,
  // A bound notebook.
  NotebookLM: `<rect x="72" y="52" width="120" height="152" rx="14" fill="${W}"/>${[80, 112, 144, 176].map((y) => `<rect x="58" y="${y - 6}" width="30" height="12" rx="6" fill="${W}" stroke="#4285f4" stroke-width="4"/>`).join('')}<rect x="108" y="88" width="62" height="12" rx="6" fill="#4285f4"/><rect x="108" y="112" width="46" height="12" rx="6" fill="#4285f4"/>`,
  // A peak with a crossbar.
  Akkio: `<path d="M128 52 L200 200 H166 L128 118 L90 200 H56 Z" fill="${W}"/><rect x="98" y="156" width="60" height="18" rx="4" fill="${W}"/>`,
  // A wave.
  'Surfer SEO': `<path d="M48 150 C76 100 100 100 128 150 S180 200 208 150" fill="none" stroke="${W}" stroke-width="18" stroke-linecap="round"/><path d="M48 108 C76 58 100 58 128 108 S180 158 208 108" fill="none" stroke="${W}" stroke-opacity="0.6" stroke-width="12" stroke-linecap="round"/>`,
  // Two overlapping circles.
  'Copy.ai': `<circle cx="104" cy="128" r="52" fill="none" stroke="${W}" stroke-width="16"/><circle cx="152" cy="128" r="52" fill="${W}" fill-opacity="0.85"/>`,
  // Code brackets.
  Tabnine: `<path d="M100 78 L56 128 L100 178 M156 78 L200 128 L156 178" fill="none" stroke="${W}" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/><circle cx="128" cy="128" r="12" fill="${W}"/>`,
  // Three blocks in a chain.
  Replit: `<path d="M72 56 H120 Q128 56 128 64 V104 H80 Q72 104 72 96 Z" fill="${W}"/><path d="M128 104 H184 Q192 104 192 112 V144 Q192 152 184 152 H128 Z" fill="${W}"/><path d="M72 160 Q72 152 80 152 H128 V192 Q128 200 120 200 H80 Q72 200 72 192 Z" fill="${W}"/>`,
  // Chevrons in motion.
  Motion: `<path d="M64 76 L116 128 L64 180 M124 76 L176 128 L124 180" fill="none" stroke="${W}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/><circle cx="200" cy="128" r="12" fill="${W}"/>`,
  // Sound waves, the outer ones muted.
  Krisp: `<circle cx="128" cy="128" r="22" fill="${W}"/><path d="M96 88 A56 56 0 0 0 96 168 M160 88 A56 56 0 0 1 160 168" fill="none" stroke="${W}" stroke-width="14" stroke-linecap="round"/><path d="M70 64 A90 90 0 0 0 70 192 M186 64 A90 90 0 0 1 186 192" fill="none" stroke="${W}" stroke-opacity="0.45" stroke-width="12" stroke-linecap="round"/>`,
  // A tick in a ring.
  'Obviously AI': `<circle cx="128" cy="128" r="72" fill="none" stroke="${W}" stroke-width="16"/><path d="M94 130 L118 154 L164 104" fill="none" stroke="${W}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
  // Connected notes.
  Mem: `<path d="M82 84 L174 98 L118 178 Z" fill="none" stroke="${W}" stroke-width="10" stroke-linejoin="round"/><circle cx="82" cy="84" r="24" fill="${W}"/><circle cx="174" cy="98" r="20" fill="${W}"/><circle cx="118" cy="178" r="28" fill="${W}"/>`,
  // A magnifier over lines of text.
  Elicit: `<circle cx="112" cy="112" r="48" fill="none" stroke="${W}" stroke-width="18"/><path d="M148 148 L196 196" stroke="${W}" stroke-width="24" stroke-linecap="round"/><rect x="90" y="104" width="44" height="10" rx="5" fill="${W}"/>`,
  // A flame with a spark.
  'Adobe Firefly': `<path d="M128 48 C150 92 188 108 188 156 A60 60 0 0 1 68 156 C68 126 86 110 98 92 C104 116 116 122 124 124 C118 96 120 70 128 48 Z" fill="${W}"/><circle cx="128" cy="166" r="18" fill="#eb1000"/>`,
  // Two flames side by side.
  'Hotjar AI': `<path d="M96 204 C64 180 70 140 96 112 C98 132 108 140 116 142 C110 116 118 86 140 60 C140 96 176 118 170 160 C166 188 146 204 128 208 C136 188 130 172 118 164 C112 180 104 188 96 204 Z" fill="${W}"/>`,
  // A calendar page with a tick.
  'Reclaim.ai': `<rect x="60" y="70" width="136" height="128" rx="18" fill="${W}"/><rect x="60" y="70" width="136" height="34" rx="16" fill="${W}" fill-opacity="0.7"/><rect x="88" y="52" width="14" height="34" rx="7" fill="${W}"/><rect x="154" y="52" width="14" height="34" rx="7" fill="${W}"/><path d="M100 150 L120 170 L158 128" fill="none" stroke="#4c5fd5" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A pie chart with a slice lifted out.
  'Beautiful.ai': `<path d="M120 64 A68 68 0 1 0 188 132 H120 Z" fill="${W}"/><path d="M136 52 A68 68 0 0 1 204 120 H136 Z" fill="${W}" fill-opacity="0.75"/>`,
  // A layout grid with one round cell.
  Uizard: `<rect x="60" y="60" width="60" height="60" rx="12" fill="${W}"/><rect x="136" y="60" width="60" height="60" rx="30" fill="${W}" fill-opacity="0.75"/><rect x="60" y="136" width="60" height="60" rx="12" fill="${W}" fill-opacity="0.75"/><rect x="136" y="136" width="60" height="60" rx="12" fill="${W}"/>`,
  // A magnifier over a horizon.
  Neeva: `<circle cx="112" cy="108" r="46" fill="none" stroke="${W}" stroke-width="16"/><path d="M146 142 L192 188" stroke="${W}" stroke-width="20" stroke-linecap="round"/><path d="M90 108 H134" stroke="${W}" stroke-width="12" stroke-linecap="round"/>`,
};

/** The folder (under the repository) and URL prefix the marks are served from as static files of the site. */
export const SEED_LOGO_FOLDER = 'public/logos';
export const seedLogoUrl = (slug: string) => `/logos/${slug}.svg`;

/** The SVG file of a seeded tool's mark: its drawing on a rounded tile of its colour, with a soft highlight. */
export function seedLogoSvg(name: string, color: string): string {
  const mark = MARKS[name];
  if (!mark) throw new Error(`No mark drawn for the seeded tool ${name}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="56" fill="${color}"/>
<rect width="256" height="128" rx="56" fill="${W}" fill-opacity="0.06"/>
${mark}
</svg>
`;
}

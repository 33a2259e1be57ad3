// The badge a maker puts on their site or README (/badge/{slug}.svg, docs/decisions/0109): its variants and themes,
// its texts, and the SVG drawn from them, sized from the text. Pure: the API draws it, the dashboard's snippets name it.
import { xmlEscape } from './xml';
import { SITE_NAME } from './constants';
import { ENGAGE_MSG } from './engagement-messages';

/** What the badge says: listed, rated with the review's month, or verified owner. */
export const BADGE_STYLES = ['listed', 'rated', 'owner'] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];
/** The colours: for light pages, dark pages, or by the viewer's colour scheme (an @media rule inside the SVG). */
export const BADGE_THEMES = ['auto', 'light', 'dark'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];
export const DEFAULT_BADGE_STYLE: BadgeStyle = 'listed';
export const DEFAULT_BADGE_THEME: BadgeTheme = 'auto';

/** The query parameter a badge's link adds to the tool page, so the page counts the visit as one through a badge. */
export const REF_PARAM = 'ref';
export const BADGE_REF = 'badge';

/** The badge's address on the site (defaults left out: the shortest address is the common one). */
export function badgePath(slug: string, style: BadgeStyle = DEFAULT_BADGE_STYLE, theme = DEFAULT_BADGE_THEME): string {
  const query = new URLSearchParams();
  if (style !== DEFAULT_BADGE_STYLE) query.set('style', style);
  if (theme !== DEFAULT_BADGE_THEME) query.set('theme', theme);
  return `/badge/${slug}.svg${query.size > 0 ? `?${query}` : ''}`;
}

/** Where a badge links: the tool's page, marked as reached through the badge. */
const badgeLinkPath = (slug: string): string => `/tool/${slug}?${REF_PARAM}=${BADGE_REF}`;

/** What a badge is drawn about: a public tool, or nothing listed (unlisted, pending, discontinued, unknown). */
export interface ListedBadgeSubject {
  listed: true;
  name: string;
  score: number | null;
  /** The last review (or the approval): the rated badge says its month, so an old score reads as old. */
  reviewedAt: Date | null;
  verifiedOwner: boolean;
}
export type BadgeSubject = { listed: false } | ListedBadgeSubject;

type Tone = 'brand' | 'owner' | 'neutral';

/** The two halves of a badge, its accessible title (the whole sentence, with the tool's name) and its colour. */
export interface BadgeContent {
  label: string;
  message: string;
  title: string;
  tone: Tone;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "November 2026": the month a rated badge names. */
const reviewMonth = (at: Date): string => MONTH.format(at);

/**
 * What the badge of `style` says about `subject`. A style the tool cannot back (rated without a score, owner without a
 * verified owner) says "Listed on": a badge never claims more than the directory shows.
 */
/** Whether a listed tool's badge can say `style`: rated needs a score and its review date, owner a verified owner. */
export function canShow(subject: ListedBadgeSubject, style: BadgeStyle): boolean {
  if (style === 'rated') return subject.score !== null && subject.reviewedAt !== null;
  return style !== 'owner' || subject.verifiedOwner;
}

export function badgeContent(subject: BadgeSubject, style: BadgeStyle): BadgeContent {
  const msg = ENGAGE_MSG;
  if (!subject.listed)
    return { label: SITE_NAME, message: msg.badgeNotListed, title: msg.badgeNotListedTitle, tone: 'neutral' };
  const { name } = subject;
  if (style === 'rated' && canShow(subject, style)) {
    const rated = msg.badgeRated(subject.score as number);
    const reviewed = msg.badgeReviewed(reviewMonth(subject.reviewedAt as Date));
    return { label: rated, message: reviewed, title: `${name}: ${rated} · ${reviewed}`, tone: 'brand' };
  }
  if (style === 'owner' && canShow(subject, style))
    return { label: msg.badgeVerifiedOwner, message: SITE_NAME, title: msg.badgeOwnerTitle(name), tone: 'owner' };
  return {
    label: msg.badgeListedOn,
    message: SITE_NAME,
    title: `${name}: ${msg.badgeListedOn} ${SITE_NAME}`,
    tone: 'brand',
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** The badge's system font stack: Verdana's widths, which Geneva and DejaVu Sans (most Linux desktops) share closely. */
const FONT_STACK = 'Verdana,Geneva,DejaVu Sans,sans-serif';
const FONT_SIZE = 11;
/**
 * Advance widths of the printable ASCII characters (from the space on), in thousandths of the font size: the larger of
 * Verdana's and DejaVu Sans's for each, so the text is never wider than its box in either. textLength then fits the
 * text to the box exactly in any other font of the stack.
 */
const WIDTHS = [
  352, 401, 460, 838, 636, 1076, 780, 275, 454, 454, 636, 838, 364, 454, 364, 454, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 636, 454, 454, 838, 838, 838, 545, 1000, 684, 686, 698, 771, 632, 575, 775, 752, 421, 455, 693, 557, 863,
  748, 787, 603, 787, 695, 684, 616, 732, 684, 989, 685, 615, 685, 454, 454, 454, 838, 636, 636, 613, 635, 550, 635,
  615, 352, 635, 634, 278, 344, 592, 278, 974, 634, 612, 635, 635, 427, 521, 394, 634, 592, 818, 592, 592, 525, 636,
  454, 636, 838,
];
/** Any other character counts as wide as the widest letter: a name in another script is never cut. */
const WIDE = 1000;

/** The width of `text` in pixels at the badge's font size. */
export function textWidth(text: string): number {
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    thousandths += code >= 32 && code < 127 ? WIDTHS[code - 32] : char === '·' ? 364 : WIDE;
  }
  return (thousandths * FONT_SIZE) / 1000;
}

interface Palette {
  label: string;
  labelText: string;
  message: Record<Tone, string>;
  messageText: Record<Tone, string>;
  border: string;
}

// Each text on its fill passes WCAG AA (4.5:1) in both themes.
const LIGHT: Palette = {
  label: '#f1f5f9',
  labelText: '#0f172a',
  message: { brand: '#4338ca', owner: '#15803d', neutral: '#64748b' },
  messageText: { brand: '#ffffff', owner: '#ffffff', neutral: '#ffffff' },
  border: '#cbd5e1',
};
const DARK: Palette = {
  label: '#1e293b',
  labelText: '#f1f5f9',
  message: { brand: '#a5b4fc', owner: '#86efac', neutral: '#94a3b8' },
  messageText: { brand: '#0f172a', owner: '#0f172a', neutral: '#0f172a' },
  border: '#475569',
};

const rules = (p: Palette, tone: Tone) =>
  `.l{fill:${p.label}}.m{fill:${p.message[tone]}}.lt{fill:${p.labelText}}.mt{fill:${p.messageText[tone]}}.b{stroke:${p.border}}`;

/** The style sheet inside the SVG: one theme, or light with dark under prefers-color-scheme: dark. */
function styleSheet(theme: BadgeTheme, tone: Tone): string {
  if (theme === 'light') return rules(LIGHT, tone);
  if (theme === 'dark') return rules(DARK, tone);
  return `${rules(LIGHT, tone)}@media (prefers-color-scheme: dark){${rules(DARK, tone)}}`;
}

const HEIGHT = 20;
const PADDING = 6;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The badge as SVG: two boxes sized from their texts, a role="img" with the title, no script, no outside font or
 * image, every text escaped.
 */
export function badgeSvg(content: BadgeContent, theme: BadgeTheme): string {
  const labelText = round(textWidth(content.label));
  const messageText = round(textWidth(content.message));
  const left = Math.ceil(labelText + 2 * PADDING);
  const right = Math.ceil(messageText + 2 * PADDING);
  const width = left + right;
  const title = xmlEscape(content.title);
  const text = (x: number, length: number, value: string, cls: string) =>
    `<text class="${cls}" x="${round(x)}" y="14" textLength="${length}" lengthAdjust="spacingAndGlyphs">${xmlEscape(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<style>${styleSheet(theme, content.tone)}</style>`,
    `<clipPath id="c"><rect width="${width}" height="${HEIGHT}" rx="4"/></clipPath>`,
    `<g clip-path="url(#c)"><rect class="l" width="${left}" height="${HEIGHT}"/><rect class="m" x="${left}" width="${right}" height="${HEIGHT}"/></g>`,
    `<rect class="b" x="0.5" y="0.5" width="${width - 1}" height="${HEIGHT - 1}" rx="3.5" fill="none"/>`,
    `<g font-family="${FONT_STACK}" font-size="${FONT_SIZE}" text-rendering="geometricPrecision">`,
    text(PADDING, labelText, content.label, 'lt'),
    text(left + PADDING, messageText, content.message, 'mt'),
    '</g></svg>',
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// The snippets a maker copies (the dashboard)

/** A badge as a maker places it: the image (absolute, for another site) inside a link to the tool's page. */
export interface BadgeSnippet {
  /** The site's origin, e.g. https://example.com. */
  origin: string;
  slug: string;
  style: BadgeStyle;
  theme: BadgeTheme;
  /** The image's text alternative: what the badge says. */
  alt: string;
}

/** The HTML snippet: a link around the image, every value escaped. */
export function badgeHtml({ origin, slug, style, theme, alt }: BadgeSnippet): string {
  const href = xmlEscape(`${origin}${badgeLinkPath(slug)}`);
  const src = xmlEscape(`${origin}${badgePath(slug, style, theme)}`);
  return `<a href="${href}"><img src="${src}" alt="${xmlEscape(alt)}" height="20"></a>`;
}

/** The Markdown snippet: an image inside a link; brackets and backslashes of the text escaped. */
export function badgeMarkdown({ origin, slug, style, theme, alt }: BadgeSnippet): string {
  const text = alt.replace(/[\\[\]]/g, '\\$&');
  return `[![${text}](${origin}${badgePath(slug, style, theme)})](${origin}${badgeLinkPath(slug)})`;
}

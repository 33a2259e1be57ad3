// Display formatting shared by pages, islands and e-mails: names, initials, tags, hosts, stars, dates.
import type { PricingModel } from './categories';
import { DEFAULT_READ_TIME } from './constants';

export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First letters of first and last name, else the e-mail's first letter uppercased, else U. */
export function initials(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return (first[0] + last[0]).toUpperCase();
  const email = user?.email?.trim();
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** The full name, else the e-mail. */
export function displayName(user: NamedUser | null | undefined): string {
  const full = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return full || user?.email || '';
}

/** A card tag: hyphens become spaces, each word capitalised ('content-creation' -> 'Content Creation'). */
export function tagLabel(tag: string): string {
  return tag
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** A detail-page value: words capitalised and only the first hyphen becomes a space ('free-trial' -> 'Free Trial'). */
export function detailLabel(value: string): string {
  return value
    .replace('-', ' ')
    .split(' ')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

// Written out: the detail-page rule ('first hyphen becomes a space') would make 'Contact For-price' (decision 0028).
const PRICING_LABELS: Record<PricingModel, string> = {
  free: 'Free',
  freemium: 'Freemium',
  'free-trial': 'Free Trial',
  paid: 'Paid',
  'contact-for-price': 'Contact for Price',
};

/** A pricing model's label ('contact-for-price' -> 'Contact for Price'); an unknown value as capitalised words. */
export function pricingLabel(model: string): string {
  return Object.hasOwn(PRICING_LABELS, model) ? PRICING_LABELS[model as PricingModel] : tagLabel(model);
}

/** Tags to show on a card and how many are left over. */
export function cardTags(tags: readonly string[], max = 3): { shown: string[]; overflow: number } {
  return { shown: tags.slice(0, max), overflow: Math.max(0, tags.length - max) };
}

/** The url's host without a leading www.; the input itself when it is not a url. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Star n (1..5) is lit when n <= score / 2. */
export function starsLit(score: number | null | undefined): boolean[] {
  const s = score ?? 0;
  return [1, 2, 3, 4, 5].map((n) => n <= s / 2);
}

/** Admin stars: the score halved and rounded down, out of 5. */
export function adminStars(score: number | null | undefined): number {
  return Math.max(0, Math.min(5, Math.floor((score ?? 0) / 2)));
}

/** The uppercased first letter of a name, for a missing or broken logo. */
export function logoLetter(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/**
 * The start of `text` in at most `max` characters: cut after the last whole word that fits (unless that would keep
 * less than 60% of the room: then inside the word), without the punctuation at the cut, and with one ellipsis
 * character. "rewr..." and "end...." are what it avoids.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max);
  const space = room.search(/\s\S*$/);
  const words = space > (max - 1) * 0.6 ? room.slice(0, space) : room.slice(0, max - 1);
  return `${words.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** 'January 5, 2026' */
export function longDate(value: Date | string | number | null | undefined): string {
  if (value == null) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** '1/5/2026' style short date used in tables. */
export function shortDate(value: Date | string | number | null | undefined): string {
  if (value == null) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { timeZone: 'UTC' });
}

export function readTimeOrDefault(readTime: string | null | undefined): string {
  return readTime?.trim() || DEFAULT_READ_TIME;
}

/** Reading time at 200 words a minute, from HTML. */
export function computeReadTime(html: string): string {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

/** Comma list from an admin input: split, trimmed, empties dropped. */
export function splitCommaList(value: string | readonly string[] | null | undefined): string[] {
  if (value == null) return [];
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((v) => v.split(','));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** A non-number quality score entry becomes 5; numbers are rounded and clamped to 1..10. */
export function clampQualityScore(value: unknown, fallback = 5): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(10, Math.max(1, Math.round(n)));
}

/** The key two urls share when they point at the same site page: lowercase host without www, no trailing slash, no hash. */
export function urlKey(url: string): string {
  try {
    const u = new URL(url.trim());
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.replace(/\/+$/, '');
    return `${host}${u.port ? `:${u.port}` : ''}${path}${u.search}`;
  } catch {
    return url.trim().toLowerCase();
  }
}

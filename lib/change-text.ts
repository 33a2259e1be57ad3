// What an owner's change request changes, for the admin Change Requests list: a word diff per field and a one-line text.
import { diffArrays, diffWords } from 'diff';
import type { DiffPart, FieldChange } from './contract/admin';
import { pricingLabel, splitCommaList, tagLabel } from './format';

/** The tool fields an owner may ask to change, as the tool holds them now. */
export interface ChangeableToolValues {
  name: string;
  url: string;
  description: string;
  tags: readonly string[];
  pricingModel: string | null;
  targetAudience: readonly string[];
  screenshots: readonly string[];
  videoUrl: string | null;
  logoUrl: string | null;
  brandColor: string | null;
  coverImage: string | null;
}

type Field = keyof ChangeableToolValues;

export type { FieldChange };

const TEXT_FIELDS: readonly { key: Field; label: string; format?: (v: string) => string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'url', label: 'URL' },
  { key: 'description', label: 'Description' },
  { key: 'pricingModel', label: 'Pricing', format: pricingLabel },
];
// Categories are a set (checkbox order is not a change); the audience list keeps its order.
const LIST_FIELDS: readonly { key: Field; label: string; format: (v: string) => string; unordered: boolean }[] = [
  { key: 'tags', label: 'Tags', format: tagLabel, unordered: true },
  { key: 'targetAudience', label: 'Best For', format: (v) => v, unordered: false },
];
// A premium tool's assets: each shown whole (a picture, a swatch, a link), not as words.
const WHOLE_FIELDS: readonly { key: Field; label: string; kind: 'image' | 'colour' | 'video' }[] = [
  { key: 'videoUrl', label: 'Demo Video', kind: 'video' },
  { key: 'logoUrl', label: 'Logo', kind: 'image' },
  { key: 'brandColor', label: 'Brand Colour', kind: 'colour' },
  { key: 'coverImage', label: 'Cover Image', kind: 'image' },
];
const ORDER: readonly Field[] = [
  'name',
  'url',
  'description',
  'tags',
  'pricingModel',
  'targetAudience',
  'screenshots',
  'videoUrl',
  'logoUrl',
  'brandColor',
  'coverImage',
];

function asText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : String(value);
}

function asList(value: unknown): string[] {
  if (typeof value === 'string') return splitCommaList(value);
  if (Array.isArray(value)) return splitCommaList(value.map(asText));
  return [];
}

/** A list of addresses as given (an address may hold a comma). */
function addresses(value: unknown): string[] {
  return Array.isArray(value) ? value.map(asText).filter(Boolean) : [];
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function wordParts(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((c) => ({
    text: c.value,
    change: c.added ? 'added' : c.removed ? 'removed' : 'same',
  }));
}

function itemParts(before: readonly string[], after: readonly string[], unordered: boolean): DiffPart[] {
  if (unordered) {
    const kept = new Set(after);
    return [
      ...before.map((item): DiffPart => ({ text: item, change: kept.has(item) ? 'same' : 'removed' })),
      ...after.filter((item) => !before.includes(item)).map((item): DiffPart => ({ text: item, change: 'added' })),
    ];
  }
  return diffArrays([...before], [...after]).flatMap((c) =>
    c.value.map((item): DiffPart => ({ text: item, change: c.added ? 'added' : c.removed ? 'removed' : 'same' })),
  );
}

/**
 * The fields a request changes, in form order, compared with the tool as it is now. Fields equal to the current value
 * and unknown keys are left out. With `current` null (a request already decided) only the requested values are given.
 */
export function changeDiff(requestData: Record<string, unknown>, current: ChangeableToolValues | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of ORDER) {
    if (!(key in requestData)) continue;
    const whole = WHOLE_FIELDS.find((f) => f.key === key);
    if (whole) {
      const after = asText(requestData[key]).trim();
      const base = { field: key, label: whole.label, kind: whole.kind, after };
      if (!current) {
        changes.push({ ...base, before: null, parts: after ? [{ text: after, change: 'same' }] : [] });
        continue;
      }
      const before = asText(current[key]).trim();
      if (before === after) continue;
      const parts: DiffPart[] = [];
      if (before) parts.push({ text: before, change: 'removed' });
      if (after) parts.push({ text: after, change: 'added' });
      changes.push({ ...base, before, parts });
      continue;
    }
    if (key === 'screenshots') {
      // Addresses in their order: a reordering is a change, shown as the items moved.
      const after = addresses(requestData[key]);
      if (!current) {
        changes.push({
          field: key,
          label: 'Screenshots',
          kind: 'images',
          before: null,
          after: after.join(', '),
          parts: after.map((text) => ({ text, change: 'same' })),
        });
        continue;
      }
      const before = addresses(current[key]);
      if (sameItems(before, after)) continue;
      changes.push({
        field: key,
        label: 'Screenshots',
        kind: 'images',
        before: before.join(', '),
        after: after.join(', '),
        parts: itemParts(before, after, false),
      });
      continue;
    }
    const text = TEXT_FIELDS.find((f) => f.key === key);
    if (text) {
      const format = (v: string) => (v && text.format ? text.format(v) : v);
      const after = format(asText(requestData[key]).trim());
      if (!current) {
        changes.push({
          field: key,
          label: text.label,
          kind: 'text',
          before: null,
          after,
          parts: after ? [{ text: after, change: 'same' }] : [],
        });
        continue;
      }
      const before = format(asText(current[key]).trim());
      if (before === after) continue;
      changes.push({ field: key, label: text.label, kind: 'text', before, after, parts: wordParts(before, after) });
      continue;
    }
    const list = LIST_FIELDS.find((f) => f.key === key)!;
    const after = asList(requestData[key]).map(list.format);
    if (!current) {
      changes.push({
        field: key,
        label: list.label,
        kind: 'list',
        before: null,
        after: after.join(', '),
        parts: after.map((text) => ({ text, change: 'same' })),
      });
      continue;
    }
    const before = asList(current[key]).map(list.format);
    const parts = itemParts(before, after, list.unordered);
    if (parts.every((p) => p.change === 'same') && (list.unordered || before.length === after.length)) continue;
    changes.push({
      field: key,
      label: list.label,
      kind: 'list',
      before: before.join(', '),
      after: after.join(', '),
      parts,
    });
  }
  return changes;
}

/** Longer values are cut to this many characters (plus an ellipsis) so the one-line text stays readable. */
export const CHANGE_TEXT_MAX = 40;
/** Words shown before the first difference when the text starts there. */
const LEAD_WORDS = 3;

function clip(value: string, max = CHANGE_TEXT_MAX): string {
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}

function flat(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The start of the word `LEAD_WORDS` words before `at`. */
function leadStart(value: string, at: number): number {
  let start = value.lastIndexOf(' ', at - 1);
  for (let n = 0; n < LEAD_WORDS && start > 0; n++) start = value.lastIndexOf(' ', start - 1);
  return start + 1;
}

/** Both sides clipped; when their first difference lies beyond the clip, both start a few words before it. */
function sideBySide(before: string, after: string): [string, string] {
  const a = flat(before);
  const b = flat(after);
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  if (same < CHANGE_TEXT_MAX - 10) return [clip(a), clip(b)];
  const start = leadStart(a, same);
  return [`…${clip(a.slice(start))}`, `…${clip(b.slice(start))}`];
}

const quoted = (value: string) => (value ? `"${value}"` : 'none');

/**
 * 'Description: "old…" → "new…"; Tags: Design, Marketing': text fields show old and new values, lists the requested
 * list; a decided request only the requested values. 'No changes' when nothing differs.
 */
export function changeText(requestData: Record<string, unknown>, current: ChangeableToolValues | null): string {
  const parts = changeDiff(requestData, current).map((change) => {
    if (change.kind === 'list') return `${change.label}: ${change.after || 'none'}`;
    if (change.kind === 'images') {
      const count = change.parts.filter((p) => p.change !== 'removed').length;
      return `${change.label}: ${count === 1 ? '1 image' : `${count} images`}`;
    }
    if (change.before === null) return `${change.label}: ${quoted(clip(flat(change.after)))}`;
    const [before, after] =
      change.before && change.after
        ? sideBySide(change.before, change.after)
        : [clip(flat(change.before)), clip(flat(change.after))];
    return `${change.label}: ${quoted(before)} → ${quoted(after)}`;
  });
  return parts.length ? parts.join('; ') : 'No changes';
}

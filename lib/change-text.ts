// The readable 'changes' text of an owner's change request, for the admin Change Requests list.
import { detailLabel, splitCommaList, tagLabel } from './format';

/** The tool fields an owner may ask to change, as the tool holds them now. */
export interface ChangeableToolValues {
  name: string;
  url: string;
  description: string;
  tags: readonly string[];
  pricingModel: string | null;
  targetAudience: readonly string[];
}

type Field = keyof ChangeableToolValues;

const TEXT_FIELDS: readonly { key: Field; label: string; format?: (v: string) => string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'url', label: 'URL' },
  { key: 'description', label: 'Description' },
  { key: 'pricingModel', label: 'Pricing', format: detailLabel },
];
// Categories are a set (checkbox order is not a change); the audience list keeps its order.
const LIST_FIELDS: readonly { key: Field; label: string; format: (v: string) => string; unordered: boolean }[] = [
  { key: 'tags', label: 'Tags', format: tagLabel, unordered: true },
  { key: 'targetAudience', label: 'Best For', format: (v) => v, unordered: false },
];

function sameList(a: readonly string[], b: readonly string[], unordered: boolean): boolean {
  if (unordered) {
    const left = new Set(a);
    const right = new Set(b);
    return left.size === right.size && [...left].every((v) => right.has(v));
  }
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
const ORDER: readonly Field[] = ['name', 'url', 'description', 'tags', 'pricingModel', 'targetAudience'];

/** Longer values are cut to this many characters (plus an ellipsis) so a row stays readable. */
export const CHANGE_TEXT_MAX = 40;

function clip(value: string, max = CHANGE_TEXT_MAX): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

function asText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : String(value);
}

function asList(value: unknown): string[] {
  if (typeof value === 'string') return splitCommaList(value);
  if (Array.isArray(value)) return splitCommaList(value.map(asText));
  return [];
}

/**
 * 'Description: "old…" → "new…"; Tags: Design, Marketing'. Text fields show old and new values,
 * lists show the requested list. With `current` null (a request already decided) only the requested
 * values are shown, since the tool no longer holds the old ones. Fields equal to the current value are
 * left out; unknown keys are ignored.
 */
export function changeText(requestData: Record<string, unknown>, current: ChangeableToolValues | null): string {
  const parts: string[] = [];
  for (const key of ORDER) {
    if (!(key in requestData)) continue;
    const text = TEXT_FIELDS.find((f) => f.key === key);
    if (text) {
      const format = text.format ?? ((v: string) => v);
      const next = asText(requestData[key]).trim();
      const shownNext = next ? `"${clip(format(next))}"` : 'none';
      if (!current) {
        parts.push(`${text.label}: ${shownNext}`);
        continue;
      }
      const old = asText(current[key]).trim();
      if (old === next) continue;
      parts.push(`${text.label}: ${old ? `"${clip(format(old))}"` : 'none'} → ${shownNext}`);
      continue;
    }
    const list = LIST_FIELDS.find((f) => f.key === key)!;
    const next = asList(requestData[key]);
    if (current) {
      if (sameList(asList(current[key]), next, list.unordered)) continue;
    }
    parts.push(`${list.label}: ${next.length ? next.map(list.format).join(', ') : 'none'}`);
  }
  return parts.length ? parts.join('; ') : 'No changes';
}

// Showing a diff: the parts of a changed value, and long unchanged runs cut down to the words beside each change.
// Kept apart from lib/change-text.ts so the admin panel shows diffs without shipping the diff algorithm.
import type { DiffPart } from './contract/admin';

export type { DiffPart };

/** A run's leading whitespace, its words, and its trailing whitespace. */
export function splitOuterSpace(text: string): [lead: string, words: string, trail: string] {
  const [, lead, words, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return [lead, words, trail];
}

/**
 * Long unchanged runs of a text diff cut down to `context` words beside each change, the rest shown as '…', so a
 * change at the end of a long description is on screen at once.
 */
export function compactParts(parts: readonly DiffPart[], context = 8): DiffPart[] {
  return parts.map((part, i) => {
    if (part.change !== 'same') return part;
    // Words and the whitespace between them, with the run's leading and trailing whitespace kept apart.
    const [lead, body, trail] = splitOuterSpace(part.text);
    const words = body.split(/(\s+)/);
    const count = Math.ceil(words.length / 2);
    const keepHead = i > 0 ? context : 0; // words after the change before this run
    const keepTail = i < parts.length - 1 ? context : 0; // words before the change after it
    if (count <= keepHead + keepTail) return part;
    const head = words.slice(0, Math.max(0, keepHead * 2 - 1)).join('');
    const tail = keepTail ? words.slice(words.length - (keepTail * 2 - 1)).join('') : '';
    const text = [head, '…', tail].filter(Boolean).join(' ');
    return { text: `${lead}${text}${trail}`, change: 'same' };
  });
}

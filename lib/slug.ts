// The slug rule of SPEC.md section 2.
/** Lowercase; each run of non-alphanumeric characters becomes one hyphen; hyphens trimmed at both ends. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The first of base, base-2, base-3, ... that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'tool';
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The longest slug an address may name (a tool's name, and so its slug, is at most 255 characters). */
export const MAX_SLUG_LENGTH = 255;

/** What slugify makes: lowercase letters and digits in runs joined by single hyphens. */
export const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `text` can be a slug (the slug rule, at most MAX_SLUG_LENGTH): what an address must hold before a read. */
export function isSlugShaped(text: string): boolean {
  return text.length <= MAX_SLUG_LENGTH && SLUG_SHAPE.test(text);
}

// The submit form's fields as a test sends them: valid values with a unique name and url, and their multipart body.
let n = 0;
export const unique = (): string => `${Date.now().toString(36)}-${++n}`;

/** The named fields typed as the form sends them; any other field (a bad value, an unknown name) as text or a list. */
export interface SubmissionValues {
  name?: string;
  url?: string;
  description?: string;
  tags?: string[];
  isPremium?: string;
  [field: string]: string | string[] | undefined;
}

/** A valid submission (a unique name and url, one category), with `overrides` on top. */
export function submissionValues(overrides: SubmissionValues = {}): SubmissionValues {
  const id = unique();
  return {
    name: `Tool ${id}`,
    url: `https://tool-${id}.example.com`,
    description: 'Writes marketing copy from a short brief.',
    tags: ['marketing'],
    ...overrides,
  };
}

/** The multipart body of `values` (a list is sent as one field per item), with a logo file if given. */
export function submissionForm(
  values: SubmissionValues,
  logo?: { bytes: Uint8Array; name: string; type: string },
): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) body.append(key, item);
    else if (value !== undefined) body.append(key, value);
  }
  if (logo) body.append('logo', new File([new Uint8Array(logo.bytes)], logo.name, { type: logo.type }));
  return body;
}

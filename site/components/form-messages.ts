// Where a react-hook-form form finds the messages it shows: a field's own, or the first of a whole form.
import type { FieldErrors } from 'react-hook-form';

/**
 * The options of every validated form: checked when sent, not again as the user types. A message under a field
 * goes as soon as that field changes (the field clears it); the others stay until the next submit (decision 0020).
 */
export const SUBMIT_ONLY = { mode: 'onSubmit', reValidateMode: 'onSubmit' } as const;

/** A field's message: its own, or the first of its parts' (an array field one of whose items failed). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'types') continue;
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

/**
 * The first message of a form in the order it was found (the schema's field order), the server's refusal
 * (`root.server`) included: the single message line of a dialog.
 */
export function firstMessage(errors: FieldErrors): string | undefined {
  return messageOf(errors);
}

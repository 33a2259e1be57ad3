// Validation messages under their fields: each message is tied to its control (aria-invalid, aria-describedby)
// and the first invalid control takes the focus, so a screen reader hears the message where the fix is needed.
import { useState, type ReactNode } from 'react';
import Field, { ErrorText } from './Field';

export type FieldErrors = Record<string, string>;

const controlId = (form: string, field: string) => `${form}-${field}`;
const hintId = (form: string, field: string) => `${form}-${field}-hint`;
/** The id of a field's message, unique within the page as long as form names are. */
export const errorId = (form: string, field: string) => `${form}-${field}-error`;

/** Per-field messages for one form (`form` names it within the page). */
export function useFieldErrors(form: string) {
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Shows these messages; the first field named in them takes the focus. */
  function show(next: FieldErrors, element: HTMLFormElement | null) {
    setErrors(next);
    const first = Object.keys(next)[0];
    const control = first ? element?.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"] input`) : null;
    control?.focus();
  }

  /** Clears one field's message once its value changes. */
  function clear(field: string) {
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const { [field]: _gone, ...rest } = prev;
      return rest;
    });
  }

  /** The props a field's control needs: its id and name, its ARIA state, and clearing its message on input. */
  function control(field: string, { hint = false }: { hint?: boolean } = {}) {
    const message = errors[field];
    const describedBy = [hint && hintId(form, field), message && errorId(form, field)].filter(Boolean).join(' ');
    return {
      id: controlId(form, field),
      name: field,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
      onInput: () => clear(field),
    } as const;
  }

  return { form, errors, show, clear, reset: () => setErrors({}), control };
}

export type FieldErrorsApi = ReturnType<typeof useFieldErrors>;

/** A field's message, or nothing: for a group (a fieldset) that is not a single labelled control. */
export function FieldError({ fields, field }: { fields: FieldErrorsApi; field: string }) {
  return <ErrorText id={errorId(fields.form, field)} message={fields.errors[field]} />;
}

interface ValidatedFieldProps {
  fields: FieldErrorsApi;
  field: string;
  label: string;
  required?: boolean;
  /** A standing hint under the control; pass `{ hint: true }` to `control()` as well. */
  hint?: string;
  children: ReactNode;
}

/** A labelled control of a validated form, with its hint and its message. */
export function ValidatedField({ fields, field, ...rest }: ValidatedFieldProps) {
  return <Field id={controlId(fields.form, field)} error={fields.errors[field]} {...rest} />;
}

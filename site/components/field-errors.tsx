// A react-hook-form form's validation messages under their fields: each message is tied to its control
// (aria-invalid, aria-describedby), and react-hook-form focuses the first invalid control, so a screen reader hears
// the message where the fix is needed. A message goes as soon as its field changes; the others stay until the next
// submit (decision 0020).
import type { ReactNode } from 'react';
import { get, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import Field, { ErrorText } from './Field';
import { messageOf } from './form-messages';

const controlId = (form: string, field: string) => `${form}-${field}`;
const hintId = (form: string, field: string) => `${form}-${field}-hint`;
/** The id of a field's message, for a group (a fieldset) that points at it. */
export const errorId = (form: string, field: string) => `${form}-${field}-error`;

type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'clearErrors' | 'formState'>;

/** Messages under the fields of one form (`form` names it within the page, for the ids). */
export function useFieldErrors<T extends FieldValues>(
  form: string,
  { register, clearErrors, formState }: FormParts<T>,
) {
  const message = (field: FieldPath<T>): string | undefined => messageOf(get(formState.errors, field));

  /** The id and ARIA state of a field's control. */
  function aria(field: FieldPath<T>, { hint = false }: { hint?: boolean } = {}) {
    const invalid = Boolean(message(field));
    const describedBy = [hint && hintId(form, field), invalid && errorId(form, field)].filter(Boolean).join(' ');
    return {
      id: controlId(form, field),
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy || undefined,
    } as const;
  }

  /** What a field's control needs: registered with the form, its id and ARIA state, its message gone once it changes. */
  function control(
    field: FieldPath<T>,
    { hint = false, ...options }: RegisterOptions<T, FieldPath<T>> & { hint?: boolean } = {},
  ) {
    return {
      ...register(field, {
        ...options,
        onChange: (event: unknown) => {
          clearErrors(field);
          options.onChange?.(event);
        },
      }),
      ...aria(field, { hint }),
    };
  }

  return { form, message, control, clear: (field: FieldPath<T>) => clearErrors(field) };
}

/** What the components below read of useFieldErrors: the form's name and its fields' messages. */
interface FieldMessages<F extends string> {
  form: string;
  message: (field: F) => string | undefined;
}

/** A field's message, or nothing: for a group (a fieldset) that is not a single labelled control. */
export function FieldError<F extends string>({ fields, field }: { fields: FieldMessages<F>; field: F }) {
  return <ErrorText id={errorId(fields.form, field)} message={fields.message(field)} />;
}

interface ValidatedFieldProps<F extends string> {
  fields: FieldMessages<F>;
  field: F;
  label: string;
  required?: boolean;
  /** A standing hint under the control; pass `{ hint: true }` to `control()` as well. */
  hint?: string;
  children: ReactNode;
}

/** A labelled control of a validated form, with its hint and its message. */
export function ValidatedField<F extends string>({ fields, field, ...rest }: ValidatedFieldProps<F>) {
  return <Field id={controlId(fields.form, field)} error={fields.message(field)} {...rest} />;
}

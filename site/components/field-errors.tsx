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
const errorId = (form: string, field: string) => `${form}-${field}-error`;

type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'clearErrors' | 'formState'>;

/** Messages under the fields of one form (`form` names it within the page, for the ids). */
export function useFieldErrors<T extends FieldValues>(form: string, { register, clearErrors, formState }: FormParts<T>) {
  const message = (field: FieldPath<T>): string | undefined => messageOf(get(formState.errors, field));

  /** The id and ARIA state of a field's control, for a control registered some other way (a Controller). */
  function aria(field: FieldPath<T>, { hint = false }: { hint?: boolean } = {}) {
    const invalid = Boolean(message(field));
    const describedBy = [hint && hintId(form, field), invalid && errorId(form, field)].filter(Boolean).join(' ');
    return { id: controlId(form, field), 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined } as const;
  }

  /** What a field's control needs: registered with the form, its id and ARIA state, its message gone once it changes. */
  function control(field: FieldPath<T>, { hint = false, ...options }: RegisterOptions<T, FieldPath<T>> & { hint?: boolean } = {}) {
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

  return { form, message, aria, control, clear: (field: FieldPath<T>) => clearErrors(field) };
}

/** A field's message, or nothing: for a group (a fieldset) that is not a single labelled control. */
export function FieldError<F extends string>({ fields, field }: { fields: { form: string; message: (field: F) => string | undefined }; field: F }) {
  return <ErrorText id={errorId(fields.form, field)} message={fields.message(field)} />;
}

/** The id of a field's message, for a group that points at it. */
export { errorId };

interface ValidatedFieldProps<F extends string> {
  fields: { form: string; message: (field: F) => string | undefined };
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

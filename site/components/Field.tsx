// A labelled form control: the label, the control (whose id the caller sets), a standing hint and an error message.
// The hint and the message carry the ids `${id}-hint` and `${id}-error` for the control's aria-describedby, and sit
// outside the <label>, so they describe the control without becoming part of its name.
import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

export default function Field({ id, label, required = false, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="label-text font-medium">
        {label} {required && <span className="text-error-text">*</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** A validation message, or nothing. */
export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-error-text text-sm" data-testid="field-error">
      {message}
    </p>
  );
}

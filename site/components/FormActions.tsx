// A dialog form's closing lines: the error (if any), Cancel, and the submit button that reads
// its pending label while the call runs.
export default function FormActions({
  error,
  errorId,
  pending,
  disabled = false,
  onCancel,
  submitLabel,
  pendingLabel = 'Saving...',
  danger = false,
}: {
  error?: string | null;
  errorId?: string;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel?: string;
  danger?: boolean;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="text-error-text text-sm" role="alert">
          {error}
        </p>
      )}
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

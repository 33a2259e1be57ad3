// A dialog asking for a reason: required to reject a tool, optional to unlist one or to reject changes.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

interface Props {
  title: ReactNode;
  intro?: ReactNode;
  label: string;
  placeholder?: string;
  /** The message that refuses the reason, or null when it may be sent. */
  validate?: (reason: string) => string | null;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  /** Resolves true when the action succeeded (the dialog then closes and the reason is gone). */
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
  testId?: string;
}

export default function ReasonDialog(props: Props) {
  const { title, intro, label, placeholder, validate, submitLabel, pendingLabel, danger, onSubmit, onClose, testId } = props;
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate?.(reason) ?? null;
    setError(problem);
    if (problem) return;
    setPending(true);
    const done = await onSubmit(reason.trim());
    setPending(false);
    if (done) {
      setReason('');
      onClose();
    }
  }

  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {intro}
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="label-text font-medium">
            {label}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={4}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            placeholder={placeholder}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <FormActions error={error} errorId={errorId} danger={danger} pending={pending} onCancel={onClose} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </form>
    </Modal>
  );
}

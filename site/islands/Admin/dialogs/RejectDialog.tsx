// Rejecting a submission: a reason from the list, which tells the submitter whether and how to resubmit, and the note
// they read with it (docs/decisions/0104). The list starts at "Other", what the API takes when no reason is sent.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RejectionInput } from '../../../../lib/contract';
import { DEFAULT_REJECTION_CODE, REJECTION_CODES, REJECTION_REASONS } from '../../../../lib/review-queue';
import { rejectSchema } from '../../../../lib/schemas';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

interface Props {
  toolName: string;
  /** Resolves true when the rejection went through (the dialog then closes). */
  onSubmit: (rejection: RejectionInput) => Promise<boolean>;
  onClose: () => void;
}

export default function RejectDialog({ toolName, onSubmit, onClose }: Props) {
  const id = useId();
  const errorId = useId();
  const { register, handleSubmit, formState, watch } = useForm({
    ...SUBMIT_ONLY,
    resolver: zodResolver(rejectSchema),
    defaultValues: { rejectionCode: DEFAULT_REJECTION_CODE, rejectionReason: '' },
  });
  const error = firstMessage(formState.errors);
  const picked = REJECTION_REASONS[watch('rejectionCode') ?? DEFAULT_REJECTION_CODE];

  const save = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });

  return (
    <Modal title={`Reject ${toolName}`} onClose={onClose} testId="reject-dialog">
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        <p className="text-sm text-base-content/80">
          The submitter receives the reason and your note by e-mail, with what the reason says about resubmitting.
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-code`} className="label-text font-medium">
            Reason
          </label>
          <select {...register('rejectionCode')} id={`${id}-code`} className="select select-bordered w-full">
            {REJECTION_CODES.map((code) => (
              <option key={code} value={code}>
                {REJECTION_REASONS[code].label}
              </option>
            ))}
          </select>
          <p className="text-xs text-base-content/70" data-testid="reject-advice">
            {picked.resubmit ? 'The submitter may resubmit. ' : 'No resubmission. '}
            {picked.advice}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="label-text font-medium">
            Rejection Reason
          </label>
          <textarea
            {...register('rejectionReason')}
            id={`${id}-note`}
            rows={4}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            placeholder="What the submitter should know about this decision"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <FormActions
          error={error}
          errorId={errorId}
          danger
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel="Reject Tool"
          pendingLabel="Rejecting..."
        />
      </form>
    </Modal>
  );
}

// A dialog asking for a reason: required to reject a tool, optional to unlist one or to reject changes. The reason
// is checked with the API's schema for that call (its one field named `field`).
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

interface Props {
  title: ReactNode;
  intro?: ReactNode;
  label: string;
  placeholder?: string;
  /** The call's body schema, and the name of its reason field. */
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  field: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  /** Resolves true when the action succeeded (the dialog then closes and the reason is gone). */
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
  testId?: string;
}

export default function ReasonDialog(props: Props) {
  const {
    title,
    intro,
    label,
    placeholder,
    schema,
    field,
    submitLabel,
    pendingLabel,
    danger,
    onSubmit,
    onClose,
    testId,
  } = props;
  const reasonId = useId();
  const errorId = useId();
  const { register, handleSubmit, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver: zodResolver(schema),
    defaultValues: { [field]: '' },
  });
  const error = firstMessage(formState.errors);

  const save = handleSubmit(async (values) => {
    const reason = values[field];
    if (await onSubmit(typeof reason === 'string' ? reason : '')) onClose();
  });

  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        {intro}
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="label-text font-medium">
            {label}
          </label>
          <textarea
            {...register(field)}
            id={reasonId}
            rows={4}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            placeholder={placeholder}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <FormActions
          error={error}
          errorId={errorId}
          danger={danger}
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
        />
      </form>
    </Modal>
  );
}

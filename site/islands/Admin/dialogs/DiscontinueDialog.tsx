// Marking a tool discontinued (docs/decisions/0103): why (shown on its page and in /graveyard) and since when (today
// unless the admin knows better), checked with the API's own schema.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { discontinueSchema, MAX_DISCONTINUED_REASON } from '../../../../lib/schemas';
import { LISTING_MSG } from '../../../../lib/listing-messages';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

interface Props {
  name: string;
  /** Resolves true when the tool was marked (the dialog then closes). */
  onSubmit: (values: { reason: string; date?: string }) => Promise<boolean>;
  onClose: () => void;
}

export default function DiscontinueDialog({ name, onSubmit, onClose }: Props) {
  const reasonId = useId();
  const dateId = useId();
  const errorId = useId();
  const today = new Date().toISOString().slice(0, 10);
  const { register, handleSubmit, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver: zodResolver(discontinueSchema),
    defaultValues: { reason: '', date: today },
  });
  const error = firstMessage(formState.errors);
  const save = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });

  return (
    <Modal title={`Mark ${name} discontinued`} onClose={onClose} testId="discontinue-dialog">
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        <p className="text-sm text-base-content/80">
          Its page stays and says so, with a Wayback Machine copy of the site and its alternatives first; it leaves the
          directory and search, and is listed in Discontinued tools. The owner is told. It can be listed again.
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="label-text font-medium">
            Reason (shown on its page)
          </label>
          <textarea
            {...register('reason')}
            id={reasonId}
            rows={3}
            maxLength={MAX_DISCONTINUED_REASON}
            className="textarea textarea-bordered w-full"
            placeholder="The company shut the service down."
            aria-invalid={Boolean(formState.errors.reason)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="label-text font-medium">
            Discontinued on
          </label>
          <input
            {...register('date')}
            id={dateId}
            type="date"
            max={today}
            className="input input-bordered w-full sm:w-56"
            aria-invalid={Boolean(formState.errors.date)}
          />
        </div>
        <FormActions
          error={error}
          errorId={errorId}
          danger
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel={LISTING_MSG.discontinueAction}
          pendingLabel="Marking..."
        />
      </form>
    </Modal>
  );
}

// An editorial review form in a dialog: Curator's Take and Quality Score, checked with the shared
// editorialReviewSchema. Used to approve a pending tool and to add a follow-up review.
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_QUALITY_SCORE } from '../../../../lib/constants';
import { editorialReviewSchema, type EditorialReviewInput } from '../../../../lib/schemas';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import QualityScoreInput, { clampedScore } from './QualityScoreInput';

interface Props {
  title: ReactNode;
  intro?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  initialTake?: string;
  initialScore?: number | null;
  /** Resolves true when the review was saved (the dialog then closes). */
  onSubmit: (review: EditorialReviewInput) => Promise<boolean>;
  onClose: () => void;
  testId?: string;
}

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(editorialReviewSchema);

export default function ReviewDialog({
  title,
  intro,
  submitLabel,
  pendingLabel,
  initialTake = '',
  initialScore,
  onSubmit,
  onClose,
  testId,
}: Props) {
  const takeId = useId();
  const scoreId = useId();
  const errorId = useId();
  const { register, control, handleSubmit, setValue, getValues, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: { curatorTake: initialTake, qualityScore: clampedScore(initialScore ?? DEFAULT_QUALITY_SCORE) },
  });
  const error = firstMessage(formState.errors);
  const save = handleSubmit(async (review: EditorialReviewInput) => {
    if (await onSubmit(review)) onClose();
  });

  return (
    <Modal title={title} onClose={onClose} size="lg" testId={testId}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          setValue('qualityScore', clampedScore(getValues('qualityScore')));
          void save(event);
        }}
        noValidate
      >
        {intro}
        <div className="flex flex-col gap-1">
          <label htmlFor={takeId} className="label-text font-medium">
            Curator's Take
          </label>
          <textarea
            {...register('curatorTake')}
            id={takeId}
            rows={5}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            placeholder="What stands out about this tool, who it is for, and where it falls short"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={scoreId} className="label-text font-medium">
            Quality Score
          </label>
          <Controller
            control={control}
            name="qualityScore"
            render={({ field }) => <QualityScoreInput id={scoreId} {...field} />}
          />
        </div>
        <FormActions
          error={error}
          errorId={errorId}
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
        />
      </form>
    </Modal>
  );
}

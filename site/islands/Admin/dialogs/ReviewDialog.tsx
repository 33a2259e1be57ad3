// An editorial review form in a dialog: Curator's Take and Quality Score, checked with the shared
// editorialReviewSchema. Used to approve a pending tool and to add a follow-up review.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_QUALITY_SCORE } from '../../../../lib/constants';
import { clampQualityScore } from '../../../../lib/format';
import { editorialReviewSchema, firstIssue, type EditorialReviewInput } from '../../../../lib/schemas';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import QualityScoreInput from './QualityScoreInput';

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

export default function ReviewDialog({ title, intro, submitLabel, pendingLabel, initialTake = '', initialScore, onSubmit, onClose, testId }: Props) {
  const takeId = useId();
  const scoreId = useId();
  const errorId = useId();
  const [curatorTake, setCuratorTake] = useState(initialTake);
  const [score, setScore] = useState(String(clampQualityScore(initialScore ?? DEFAULT_QUALITY_SCORE)));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const qualityScore = clampQualityScore(score);
    setScore(String(qualityScore));
    const parsed = editorialReviewSchema.safeParse({ curatorTake, qualityScore });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setError(null);
    setPending(true);
    const saved = await onSubmit(parsed.data);
    setPending(false);
    if (saved) onClose();
  }

  return (
    <Modal title={title} onClose={onClose} size="lg" testId={testId}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {intro}
        <div className="flex flex-col gap-1">
          <label htmlFor={takeId} className="label-text font-medium">
            Curator's Take
          </label>
          <textarea
            id={takeId}
            name="curatorTake"
            rows={5}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            placeholder="What stands out about this tool, who it is for, and where it falls short"
            value={curatorTake}
            onChange={(e) => setCuratorTake(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={scoreId} className="label-text font-medium">
            Quality Score
          </label>
          <QualityScoreInput id={scoreId} value={score} onChange={setScore} />
        </div>
        <FormActions error={error} errorId={errorId} pending={pending} onCancel={onClose} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </form>
    </Modal>
  );
}

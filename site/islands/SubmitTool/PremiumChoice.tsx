// The submit form's Premium Listing block: the quota left to a member, or the way to upgrade, and the premium choice,
// unavailable (yet seen) without a slot.
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { PREMIUM_SUBMISSIONS } from '../../../lib/constants';
import type { SubmissionInput, submissionSchema } from '../../../lib/schemas';
import type { CurrentUser } from '../../stores/user';

interface PremiumChoiceProps {
  control: Control<z.input<typeof submissionSchema>, unknown, SubmissionInput>;
  user: CurrentUser;
  /** Premium submissions left to the member. */
  available: number;
  disabled: boolean;
}

export default function PremiumChoice({ control, user, available, disabled: premiumDisabled }: PremiumChoiceProps) {
  const { field } = useController({ control, name: 'isPremium' });
  return (
    <div className="rounded-xl border border-warning/40 bg-warning/5 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Premium Listing</h2>
        {user.isPremium ? (
          <span className="badge badge-warning" data-testid="premium-quota">
            {available}/{user.premiumToolsAllowed} available
          </span>
        ) : (
          <a href="/pricing" className="badge badge-outline">
            Upgrade to Premium
          </a>
        )}
      </div>
      {/* Unavailable, yet seen: muted text and a box with a visible edge, not daisyUI's 20 % opacity (faded twice it all but vanished on the panel). */}
      <label
        className={`mt-3 flex items-center gap-2 ${premiumDisabled ? 'text-base-content/70 cursor-not-allowed' : 'cursor-pointer'}`}
      >
        <input
          type="checkbox"
          name={field.name}
          ref={field.ref}
          className="checkbox checkbox-sm disabled:opacity-100 disabled:bg-base-200 disabled:border-base-content/50"
          disabled={premiumDisabled}
          checked={field.value === 'true'}
          onChange={(e) => field.onChange(e.target.checked ? 'true' : 'false')}
        />
        <span>Submit as Premium Tool</span>
      </label>
      <p className="text-sm text-base-content/80 mt-2">
        {user.isPremium
          ? 'Premium tools get priority placement, screenshots and a demo video on their page.'
          : `Premium members get ${PREMIUM_SUBMISSIONS} premium tool submissions with priority placement, screenshots and a demo video.`}
      </p>
    </div>
  );
}

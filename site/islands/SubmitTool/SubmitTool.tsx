// The /submit form: tool fields, category grid, logo drop zone, Premium Listing block, review note; with ?edit=<id>, the
// owner's pending submission to edit or rejected one to resubmit, prefilled (docs/decisions/0069).
import { PricingOptions } from '../../components/PricingOptions';
import { Controller } from 'react-hook-form';
import { MAX_DESCRIPTION, REVIEW_DECISION_HOURS } from '../../../lib/constants';
import CategoryCheckboxes from '../../components/CategoryCheckboxes';
import { FieldError, ValidatedField, errorId, useFieldErrors } from '../../components/field-errors';
import { useSignedInUser } from '../../stores/use-user';
import { PageSpinner } from '../../components/PageSpinner';
import LogoDropZone from './LogoDropZone';
import PremiumChoice from './PremiumChoice';
import { useSubmitForm } from './use-submit-form';

const FORM = 'submit-tool';

export default function SubmitTool() {
  const { data: user } = useSignedInUser();
  const { form, logo, setLogo, fileInput, editing, rewrite, onSubmit } = useSubmitForm();
  const { control } = form;
  const { isSubmitting, isSubmitSuccessful } = form.formState;
  const fields = useFieldErrors(FORM, form);

  // The spinner only until the user (and a tool to edit) is first known: a later refetch keeps the form on screen.
  if (!user || editing === undefined) {
    return <PageSpinner />;
  }
  const available = Math.max(0, user.premiumToolsAllowed - user.premiumToolsUsed);
  // A pending premium submission being edited holds its slot already: it may keep it or give it back.
  const holdsSlot = editing?.status === 'pending' && editing.isPremium;
  const premiumDisabled = !holdsSlot && (!user.isPremium || available <= 0);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="card bg-base-100 border border-base-200 shadow-sm"
      aria-label={editing ? `Edit ${editing.name}` : 'Submit a tool'}
    >
      <div className="card-body gap-5">
        {editing?.status === 'rejected' && (
          <div className="rounded-xl border border-error/40 bg-error/5 p-4 text-sm" data-testid="rejection-note">
            <h2 className="font-semibold">Rejected</h2>
            {editing.rejectionReason && <p className="whitespace-pre-line">Reason: {editing.rejectionReason}</p>}
            <p className="mt-1">Edit your submission and send it back for review.</p>
          </div>
        )}
        <ValidatedField fields={fields} field="name" label="Tool Name" required>
          <input
            {...fields.control('name')}
            required
            maxLength={255}
            className="input input-bordered w-full"
            placeholder="e.g. Acme Writer"
          />
        </ValidatedField>
        <ValidatedField fields={fields} field="url" label="Website URL" required>
          <input
            {...fields.control('url')}
            type="url"
            required
            maxLength={500}
            className="input input-bordered w-full"
            placeholder="https://example.com"
          />
        </ValidatedField>
        <ValidatedField
          fields={fields}
          field="description"
          label="Tool Description"
          required
          hint="Maximum 1000 characters"
        >
          <textarea
            {...fields.control('description', { hint: true })}
            required
            maxLength={MAX_DESCRIPTION}
            rows={5}
            className="textarea textarea-bordered w-full"
            placeholder="What does the tool do, and for whom?"
          />
        </ValidatedField>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <CategoryCheckboxes
              value={field.value as string[]}
              onChange={(next) => {
                field.onChange(next);
                fields.clear('tags');
              }}
              firstInputRef={field.ref}
              required
              describedBy={fields.message('tags') ? errorId(FORM, 'tags') : undefined}
            >
              <FieldError fields={fields} field="tags" />
            </CategoryCheckboxes>
          )}
        />
        <div className="grid md:grid-cols-2 gap-5">
          <ValidatedField fields={fields} field="pricingModel" label="Pricing Model">
            <select {...fields.control('pricingModel')} className="select select-bordered w-full">
              <PricingOptions />
            </select>
          </ValidatedField>
          <ValidatedField
            fields={fields}
            field="targetAudience"
            label="Target Audience"
            hint="Comma-separated, e.g. marketers, founders"
          >
            <input
              {...fields.control('targetAudience', { hint: true })}
              className="input input-bordered w-full"
              placeholder="marketers, founders"
            />
          </ValidatedField>
        </div>
        <LogoDropZone logo={logo} setLogo={setLogo} fileInput={fileInput} keepsLogo={Boolean(editing?.logoUrl)} />
        <PremiumChoice control={control} user={user} available={available} disabled={premiumDisabled} />
        <div className="rounded-xl border border-info/40 bg-info/5 p-4">
          <div>
            <h2 className="font-semibold">Review Process</h2>
            <p className="text-sm">
              Every submission is reviewed manually by our editors. You'll receive an e-mail with the decision within{' '}
              {REVIEW_DECISION_HOURS} hours.
            </p>
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || isSubmitSuccessful}>
          {isSubmitting || isSubmitSuccessful
            ? (rewrite?.busy ?? 'Submitting...')
            : (rewrite?.label ?? 'Submit Tool for Review')}
        </button>
      </div>
    </form>
  );
}

// The Edit dialog of an approved tool: its public fields, the editorial take and score, premium,
// and (for premium tools) the demo video, screenshots, pricing model and audience.
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CATEGORY_IDS } from '../../../../lib/categories';
import { TOAST } from '../../../../lib/messages';
import { toolUpdateSchema, type ToolUpdateInput } from '../../../../lib/schemas';
import { updateTool, type AdminApprovedTool, type ClosedOwnerTool } from '../../../stores/admin';
import { perform } from '../feedback';
import Field from '../../../components/Field';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import QualityScoreInput, { clampedScore } from './QualityScoreInput';
import CuratedAlternatives from './CuratedAlternatives';
import PremiumListingFields from './PremiumListingFields';
import { ClosedOwnerBadge } from '../parts';

type ToolUpdateFields = z.input<typeof toolUpdateSchema>;

const checkTool = zodResolver(toolUpdateSchema);

/**
 * The premium-only fields (demo video, screenshots, pricing model, audience, brand colour, cover) are checked and sent only while the
 * tool is premium; a free tool keeps what it had. The lists are edited as comma lists, which the schema splits.
 */
const resolver: typeof checkTool = (values, context, options) => {
  if (values.isPremium) return checkTool(values, context, options);
  const {
    videoUrl: _video,
    screenshots: _screenshots,
    pricingModel: _pricing,
    targetAudience: _audience,
    brandColor: _color,
    coverImage: _cover,
    ...free
  } = values;
  return checkTool(free, context, options);
};

/**
 * `ownTool`: why the viewer may not change the take, the score or premium (a tool they submitted), if so; `ownPicks`: why
 * they may not pick its alternatives; `closedOwner`: set when the tool's owner closed the account.
 */
export default function EditToolDialog({
  tool,
  closedOwner,
  ownTool,
  ownPicks,
  onClose,
}: {
  tool: AdminApprovedTool;
  closedOwner?: ClosedOwnerTool;
  ownTool?: string;
  ownPicks?: string;
  onClose: () => void;
}) {
  const id = useId();
  const { register, control, handleSubmit, setValue, getValues, watch, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: {
      name: tool.name,
      url: tool.url,
      description: tool.description,
      tags: tool.tags.join(', '),
      curatorTake: tool.curatorTake ?? '',
      qualityScore: clampedScore(tool.qualityScore),
      isPremium: tool.isPremium,
      videoUrl: tool.videoUrl ?? '',
      screenshots: tool.screenshots.join(', '),
      pricingModel: (tool.pricingModel ?? '') as ToolUpdateFields['pricingModel'],
      targetAudience: tool.targetAudience.join(', '),
      brandColor: tool.brandColor ?? '',
      coverImage: tool.coverImage ?? '',
    },
  });
  const isPremium = watch('isPremium');
  const save = handleSubmit(async (values: ToolUpdateInput) => {
    const saved = await perform(() => updateTool(tool.id, values), {
      success: () => ({ title: TOAST.toolUpdated, description: values.name ?? tool.name }),
      failure: TOAST.updateToolFailed,
    });
    if (saved) onClose();
  });

  return (
    <Modal title={`Edit ${tool.name}`} onClose={onClose} size="lg" testId="edit-tool-dialog">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          setValue('qualityScore', clampedScore(getValues('qualityScore')));
          void save(event);
        }}
        noValidate
      >
        {closedOwner && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/80">
            <ClosedOwnerBadge owner={closedOwner} />
            The member who submitted it closed their account; it stays listed without their name.
          </p>
        )}
        <div className="grid md:grid-cols-2 gap-4">
          <Field id={`${id}-name`} label="Name">
            <input {...register('name')} id={`${id}-name`} className="input input-bordered w-full" />
          </Field>
          <Field id={`${id}-url`} label="URL">
            <input {...register('url')} id={`${id}-url`} type="url" className="input input-bordered w-full" />
          </Field>
        </div>
        <Field id={`${id}-description`} label="Description">
          <textarea
            {...register('description')}
            id={`${id}-description`}
            rows={4}
            className="textarea textarea-bordered w-full"
          />
        </Field>
        <Field id={`${id}-tags`} label="Tags (comma-separated)" hint={`Category ids: ${CATEGORY_IDS.join(', ')}`}>
          <input
            {...register('tags')}
            id={`${id}-tags`}
            className="input input-bordered w-full"
            aria-describedby={`${id}-tags-hint`}
          />
        </Field>
        <fieldset
          className="flex flex-col gap-4"
          disabled={Boolean(ownTool)}
          title={ownTool}
          aria-describedby={ownTool ? `${id}-own` : undefined}
        >
          <Field id={`${id}-take`} label="Curator's Take">
            <textarea
              {...register('curatorTake')}
              id={`${id}-take`}
              rows={4}
              className="textarea textarea-bordered w-full"
            />
          </Field>
          <div className="flex flex-wrap items-end gap-6">
            <Field id={`${id}-score`} label="Quality Score">
              <Controller
                control={control}
                name="qualityScore"
                render={({ field }) => <QualityScoreInput id={`${id}-score`} {...field} />}
              />
            </Field>
            <label className="flex items-center gap-2 cursor-pointer pb-3">
              <input {...register('isPremium')} type="checkbox" className="checkbox checkbox-warning" />
              <span className="label-text font-medium">Premium tool</span>
            </label>
          </div>
          {ownTool && (
            <p id={`${id}-own`} className="text-sm text-base-content/80">
              {ownTool}
            </p>
          )}
        </fieldset>

        {isPremium && <PremiumListingFields id={id} register={register} />}

        <FormActions
          error={firstMessage(formState.errors)}
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel="Save Changes"
        />
      </form>
      <div className="mt-6">
        <CuratedAlternatives toolId={tool.id} ownTool={ownPicks} />
      </div>
    </Modal>
  );
}

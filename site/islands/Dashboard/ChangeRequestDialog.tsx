// The owner's Edit dialog for an approved tool: saving files a change request for review.
import { PricingOptions } from '../../components/PricingOptions';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { logError, serverMessage } from '../../../lib/http';
import { changeRequestSchema, type ChangeRequestInput } from '../../../lib/schemas';
import CategoryCheckboxes from '../../components/CategoryCheckboxes';
import { SUBMIT_ONLY, firstMessage } from '../../components/form-messages';
import FormActions from '../../components/FormActions';
import Modal from '../../components/Modal';
import { showToast } from '../../stores/toast';
import { requestChange, type MyTool } from '../../stores/my-tools';
import PremiumListingFields from './PremiumListingFields';

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(changeRequestSchema);

/** What the dialog edits: a submission of the owner's, or the public record of a tool they verified as theirs. */
export type EditableTool = Pick<
  MyTool,
  | 'id'
  | 'name'
  | 'url'
  | 'description'
  | 'tags'
  | 'pricingModel'
  | 'targetAudience'
  | 'isPremium'
  | 'screenshots'
  | 'videoUrl'
  | 'brandColor'
  | 'coverImage'
  | 'logoUrl'
>;

export default function ChangeRequestDialog({ tool, onClose }: { tool: EditableTool; onClose: () => void }) {
  // Every field is sent; the server keeps only what differs from the tool. The lists are edited as comma lists,
  // which the schema splits.
  const { register, control, handleSubmit, setError, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: {
      name: tool.name,
      url: tool.url,
      description: tool.description,
      tags: tool.tags,
      pricingModel: tool.pricingModel,
      targetAudience: tool.targetAudience.join(', '),
      // A premium tool's assets (the server refuses them for a free one); a new logo only once one is uploaded.
      ...(tool.isPremium
        ? {
            screenshots: tool.screenshots,
            videoUrl: tool.videoUrl ?? '',
            brandColor: tool.brandColor ?? '',
            coverImage: tool.coverImage ?? '',
          }
        : {}),
    },
  });

  async function submit(values: ChangeRequestInput) {
    try {
      await requestChange(tool.id, values);
      showToast({
        title: 'Change Request Submitted',
        description: 'Our editors will review your changes.',
        variant: 'success',
      });
      onClose();
    } catch (err) {
      logError(err);
      setError('root.server', { message: serverMessage(err) || 'Failed to submit changes' });
    }
  }

  return (
    <Modal title={`Edit ${tool.name}`} onClose={onClose} size="lg">
      <form className="flex flex-col gap-3" onSubmit={handleSubmit(submit)} noValidate>
        <p className="text-sm text-base-content/80">
          Changes to a listed tool are reviewed by our editors before they go live.
        </p>
        <label className="form-control">
          <span className="label-text mb-1 block">Tool Name</span>
          <input {...register('name')} className="input input-bordered w-full" />
        </label>
        <label className="form-control">
          <span className="label-text mb-1 block">Website URL</span>
          <input {...register('url')} type="url" className="input input-bordered w-full" />
        </label>
        <label className="form-control">
          <span className="label-text mb-1 block">Tool Description</span>
          <textarea {...register('description')} rows={4} className="textarea textarea-bordered w-full" />
        </label>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <CategoryCheckboxes value={field.value as string[]} onChange={field.onChange} firstInputRef={field.ref} />
          )}
        />
        <div className="grid md:grid-cols-2 gap-3">
          <label className="form-control">
            <span className="label-text mb-1 block">Pricing Model</span>
            <select
              {...register('pricingModel', { setValueAs: (value: string | null) => value || null })}
              className="select select-bordered w-full"
            >
              <PricingOptions />
            </select>
          </label>
          <label className="form-control">
            <span className="label-text mb-1 block">Target Audience (comma-separated)</span>
            <input {...register('targetAudience')} className="input input-bordered w-full" />
          </label>
        </div>
        {tool.isPremium && <PremiumListingFields toolId={tool.id} currentLogo={tool.logoUrl} control={control} />}
        <FormActions
          error={firstMessage(formState.errors)}
          pending={formState.isSubmitting}
          onCancel={onClose}
          submitLabel="Submit Changes"
        />
      </form>
    </Modal>
  );
}

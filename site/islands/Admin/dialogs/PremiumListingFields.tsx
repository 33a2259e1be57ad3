// The Edit dialog's premium-only fields, shown while the tool is premium: demo video, screenshots, pricing model,
// audience, brand colour and cover image (the lists as comma lists, which the schema splits).
import type { UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { toolUpdateSchema } from '../../../../lib/schemas';
import Field from '../../../components/Field';
import { PricingOptions } from '../../../components/PricingOptions';

interface PremiumListingFieldsProps {
  /** The dialog's id prefix, so each control has the id its label points at. */
  id: string;
  register: UseFormRegister<z.input<typeof toolUpdateSchema>>;
}

export default function PremiumListingFields({ id, register }: PremiumListingFieldsProps) {
  return (
    <fieldset className="border border-warning/40 rounded-box p-4 flex flex-col gap-4" data-testid="premium-fields">
      <legend className="px-2 text-sm font-semibold">Premium listing</legend>
      <Field id={`${id}-video`} label="Demo Video URL">
        <input
          {...register('videoUrl')}
          id={`${id}-video`}
          type="url"
          className="input input-bordered w-full"
          placeholder="https://www.youtube.com/watch?v=..."
        />
      </Field>
      <Field id={`${id}-screenshots`} label="Screenshots URLs (comma-separated)">
        <textarea
          {...register('screenshots')}
          id={`${id}-screenshots`}
          rows={2}
          className="textarea textarea-bordered w-full"
        />
      </Field>
      <div className="grid md:grid-cols-2 gap-4">
        <Field id={`${id}-pricing`} label="Pricing Model">
          <select {...register('pricingModel')} id={`${id}-pricing`} className="select select-bordered w-full">
            <PricingOptions />
          </select>
        </Field>
        <Field id={`${id}-audience`} label="Target Audience (comma-separated)">
          <input
            {...register('targetAudience')}
            id={`${id}-audience`}
            className="input input-bordered w-full"
            placeholder="marketers, founders"
          />
        </Field>
        <Field id={`${id}-brand`} label="Brand Colour (#rrggbb)">
          <input
            {...register('brandColor')}
            id={`${id}-brand`}
            className="input input-bordered w-full"
            placeholder="#1a2b3c"
          />
        </Field>
        <Field id={`${id}-cover`} label="Cover Image URL">
          <input {...register('coverImage')} id={`${id}-cover`} type="url" className="input input-bordered w-full" />
        </Field>
      </div>
    </fieldset>
  );
}

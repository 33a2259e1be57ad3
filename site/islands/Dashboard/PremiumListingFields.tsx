// The Edit dialog's "Premium listing" section for a premium tool: screenshots (by address or upload, reorder, remove),
// the demo video, a new logo, the brand colour and the cover image. Uploads go to POST /api/tools/{id}/images at once;
// the change request names their paths, and nothing shows on the tool page until an editor approves it.
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { z } from 'zod';
import type { changeRequestSchema } from '../../../lib/schemas';
import ScreenshotList from './ScreenshotList';
import UploadButton from './UploadButton';

type ChangeRequestFormInput = z.input<typeof changeRequestSchema>;

export default function PremiumListingFields({
  toolId,
  currentLogo,
  control,
}: {
  toolId: number;
  currentLogo: string | null;
  control: Control<ChangeRequestFormInput>;
}) {
  const ids = { video: useId(), color: useId(), colorText: useId(), cover: useId() };
  return (
    <section
      className="flex flex-col gap-3 rounded-box border border-warning/60 p-3"
      aria-labelledby={`${ids.video}-title`}
      data-testid="premium-listing"
    >
      <h3 id={`${ids.video}-title`} className="font-semibold">
        Premium listing
      </h3>
      <Controller
        control={control}
        name="screenshots"
        render={({ field }) => (
          <ScreenshotList
            toolId={toolId}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="videoUrl"
        render={({ field }) => (
          <div>
            <label htmlFor={ids.video} className="label-text mb-1 block">
              Demo Video URL (YouTube or Vimeo)
            </label>
            <input
              id={ids.video}
              type="url"
              value={(field.value as string | null) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              className="input input-bordered w-full"
            />
          </div>
        )}
      />
      <Controller
        control={control}
        name="logoUrl"
        render={({ field }) => {
          const shown = (field.value as string | undefined) ?? currentLogo;
          return (
            <div className="flex items-center gap-3">
              <span className="label-text">Logo</span>
              {shown ? (
                <img
                  src={shown}
                  alt="Logo preview"
                  className="w-12 h-12 rounded-lg object-cover border border-base-300"
                />
              ) : (
                <span className="text-sm">No logo</span>
              )}
              <UploadButton
                toolId={toolId}
                kind="logo"
                label={field.value ? 'Replace new logo' : 'Upload new logo'}
                onUploaded={field.onChange}
              />
            </div>
          );
        }}
      />
      <Controller
        control={control}
        name="brandColor"
        render={({ field }) => {
          const value = (field.value as string | null) ?? '';
          return (
            <div>
              <label htmlFor={ids.colorText} className="label-text mb-1 block">
                Brand Colour (#rrggbb, on the page's header band and Visit Tool button)
              </label>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick the brand colour"
                  value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                  onChange={field.onChange}
                  className="w-10 h-10 rounded cursor-pointer"
                />
                <input
                  id={ids.colorText}
                  value={value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="None"
                  className="input input-bordered w-36"
                />
                {value && (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => field.onChange('')}>
                    Clear
                  </button>
                )}
              </div>
            </div>
          );
        }}
      />
      <Controller
        control={control}
        name="coverImage"
        render={({ field }) => {
          const value = (field.value as string | null) ?? '';
          return (
            <div className="flex flex-col gap-2">
              <label htmlFor={ids.cover} className="label-text block">
                Cover Image (https address or upload; shown as the page's banner)
              </label>
              {value && (
                <img
                  src={value}
                  alt="Cover preview"
                  className="w-full aspect-[4/1] object-cover rounded-box bg-base-200"
                />
              )}
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id={ids.cover}
                  type="url"
                  value={value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  className="input input-bordered input-sm grow"
                />
                <UploadButton toolId={toolId} kind="cover" label="Upload cover" onUploaded={field.onChange} />
              </div>
            </div>
          );
        }}
      />
    </section>
  );
}

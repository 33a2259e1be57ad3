// The Edit dialog's "Premium listing" section for a premium tool: screenshots (by address or upload, reorder, remove),
// the demo video, a new logo, the brand colour and the cover image. Uploads go to POST /api/tools/{id}/images at once;
// the change request names their paths, and nothing shows on the tool page until an editor approves it.
import { useId, useState, type ChangeEvent } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_LOGO_BYTES } from '../../../lib/constants';
import { logError, serverMessage } from '../../../lib/http';
import { MSG } from '../../../lib/messages';
import { MAX_SCREENSHOTS, isImageAddress, type ToolImageKind } from '../../../lib/premium-assets';
import type { changeRequestSchema } from '../../../lib/schemas';
import { uploadToolImage } from '../../stores/my-tools';
import { showToast } from '../../stores/toast';

export type ChangeRequestFormInput = z.input<typeof changeRequestSchema>;

const IMAGE_TYPES = 'image/png,image/jpeg';

/** Uploads one image for the tool; null (after a toast) when it is refused. */
async function uploadImage(toolId: number, file: File, kind: ToolImageKind): Promise<string | null> {
  if (file.size > MAX_LOGO_BYTES) {
    showToast({ title: MSG.fileTooLargeTitle, description: MSG.fileTooLarge, variant: 'destructive' });
    return null;
  }
  try {
    return await uploadToolImage(toolId, file, kind);
  } catch (err) {
    logError(err);
    showToast({ title: 'Upload failed', description: serverMessage(err) || 'The image could not be uploaded', variant: 'destructive' });
    return null;
  }
}

/** A file input that uploads what is chosen and hands its path on; the input is cleared for the next choice. */
function UploadButton({ toolId, kind, label, disabled, onUploaded }: { toolId: number; kind: ToolImageKind; label: string; disabled?: boolean; onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    const url = await uploadImage(toolId, file, kind);
    setBusy(false);
    if (url) onUploaded(url);
  }
  return (
    <label htmlFor={id} className={`btn btn-sm btn-outline ${disabled || busy ? 'btn-disabled' : ''}`}>
      {busy ? 'Uploading...' : label}
      <input id={id} type="file" accept={IMAGE_TYPES} className="sr-only" disabled={disabled || busy} onChange={(e) => void choose(e)} />
    </label>
  );
}

function ScreenshotList({ toolId, value, onChange }: { toolId: number; value: string[]; onChange: (next: string[]) => void }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const full = value.length >= MAX_SCREENSHOTS;
  const move = (from: number, to: number) => {
    const next = [...value];
    [next[from], next[to]] = [next[to], next[from]];
    onChange(next);
  };
  function addAddress() {
    const trimmed = address.trim();
    if (!isImageAddress(trimmed)) return setError(MSG.imageAddressInvalid('Screenshot'));
    setError(null);
    setAddress('');
    onChange([...value, trimmed]);
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="label-text mb-1">
        Screenshots ({value.length} of {MAX_SCREENSHOTS})
      </legend>
      {value.length > 0 && (
        <ol className="grid grid-cols-2 md:grid-cols-3 gap-2" aria-label="Screenshots">
          {value.map((src, i) => (
            <li key={`${src}-${i}`} className="rounded-box border border-base-300 p-1 flex flex-col gap-1" data-testid="screenshot-item">
              <img src={src} alt={`Screenshot ${i + 1}`} className="w-full aspect-video object-cover rounded bg-base-200" />
              <div className="flex justify-between gap-1">
                <button type="button" className="btn btn-xs btn-ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move screenshot ${i + 1} earlier`}>
                  ←
                </button>
                <button type="button" className="btn btn-xs btn-ghost" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove screenshot ${i + 1}`}>
                  Remove
                </button>
                <button type="button" className="btn btn-xs btn-ghost" disabled={i === value.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move screenshot ${i + 1} later`}>
                  →
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor={inputId} className="label-text mb-1 block text-sm">
            Screenshot address (https)
          </label>
          <input
            id={inputId}
            type="url"
            value={address}
            disabled={full}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addAddress();
              }
            }}
            aria-invalid={error ? true : undefined}
            className="input input-bordered input-sm w-full"
          />
        </div>
        <button type="button" className="btn btn-sm" disabled={full || !address.trim()} onClick={addAddress}>
          Add
        </button>
        <UploadButton toolId={toolId} kind="screenshot" label="Upload screenshot" disabled={full} onUploaded={(url) => onChange([...value, url])} />
      </div>
      {error && <p className="text-error text-sm" role="alert">{error}</p>}
    </fieldset>
  );
}

export default function PremiumListingFields({ toolId, currentLogo, control }: { toolId: number; currentLogo: string | null; control: Control<ChangeRequestFormInput> }) {
  const ids = { video: useId(), color: useId(), colorText: useId(), cover: useId() };
  return (
    <section className="flex flex-col gap-3 rounded-box border border-warning/60 p-3" aria-labelledby={`${ids.video}-title`} data-testid="premium-listing">
      <h3 id={`${ids.video}-title`} className="font-semibold">
        Premium listing
      </h3>
      <Controller
        control={control}
        name="screenshots"
        render={({ field }) => <ScreenshotList toolId={toolId} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} />}
      />
      <Controller
        control={control}
        name="videoUrl"
        render={({ field }) => (
          <div>
            <label htmlFor={ids.video} className="label-text mb-1 block">
              Demo Video URL (YouTube or Vimeo)
            </label>
            <input id={ids.video} type="url" value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} className="input input-bordered w-full" />
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
              {shown ? <img src={shown} alt="Logo preview" className="w-12 h-12 rounded-lg object-cover border border-base-300" /> : <span className="text-sm">No logo</span>}
              <UploadButton toolId={toolId} kind="logo" label={field.value ? 'Replace new logo' : 'Upload new logo'} onUploaded={field.onChange} />
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
                <input id={ids.colorText} value={value} onChange={field.onChange} onBlur={field.onBlur} placeholder="None" className="input input-bordered w-36" />
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
              {value && <img src={value} alt="Cover preview" className="w-full aspect-[4/1] object-cover rounded-box bg-base-200" />}
              <div className="flex flex-wrap items-center gap-2">
                <input id={ids.cover} type="url" value={value} onChange={field.onChange} onBlur={field.onBlur} className="input input-bordered input-sm grow" />
                <UploadButton toolId={toolId} kind="cover" label="Upload cover" onUploaded={field.onChange} />
              </div>
            </div>
          );
        }}
      />
    </section>
  );
}

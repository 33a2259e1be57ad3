// The premium listing's screenshots: added by https address or upload, reordered and removed, up to MAX_SCREENSHOTS.
import { useId, useState } from 'react';
import { MSG } from '../../../lib/messages';
import { MAX_SCREENSHOTS, isImageAddress } from '../../../lib/premium-assets';
import UploadButton from './UploadButton';

export default function ScreenshotList({
  toolId,
  value,
  onChange,
}: {
  toolId: number;
  value: string[];
  onChange: (next: string[]) => void;
}) {
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
            <li
              key={`${src}-${i}`}
              className="rounded-box border border-base-300 p-1 flex flex-col gap-1"
              data-testid="screenshot-item"
            >
              <img
                src={src}
                alt={`Screenshot ${i + 1}`}
                className="w-full aspect-video object-cover rounded bg-base-200"
              />
              <div className="flex justify-between gap-1">
                <button
                  type="button"
                  className="btn btn-xs btn-ghost"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move screenshot ${i + 1} earlier`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-ghost"
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  aria-label={`Remove screenshot ${i + 1}`}
                >
                  Remove
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-ghost"
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move screenshot ${i + 1} later`}
                >
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
        <UploadButton
          toolId={toolId}
          kind="screenshot"
          label="Upload screenshot"
          disabled={full}
          onUploaded={(url) => onChange([...value, url])}
        />
      </div>
      {error && (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

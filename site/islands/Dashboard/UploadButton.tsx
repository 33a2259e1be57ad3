// A premium tool's image upload for its change request: a file input that checks the size, stores the image at once
// (POST /api/tools/{id}/images, through the my-tools store) and hands its path on; refusals are toasts.
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_LOGO_BYTES } from '../../../lib/constants';
import { logError, serverMessage } from '../../../lib/http';
import { MSG } from '../../../lib/messages';
import type { ToolImageKind } from '../../../lib/premium-assets';
import { uploadToolImage } from '../../stores/my-tools';
import { showToast } from '../../stores/toast';

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
    showToast({
      title: 'Upload failed',
      description: serverMessage(err) || 'The image could not be uploaded',
      variant: 'destructive',
    });
    return null;
  }
}

/** A file input that uploads what is chosen and hands its path on; the input is cleared for the next choice. */
export default function UploadButton({
  toolId,
  kind,
  label,
  disabled,
  onUploaded,
}: {
  toolId: number;
  kind: ToolImageKind;
  label: string;
  disabled?: boolean;
  onUploaded: (url: string) => void;
}) {
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
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        disabled={disabled || busy}
        onChange={(e) => void choose(e)}
      />
    </label>
  );
}

// The submit form's logo: a drop zone that is also a file input (PNG or JPG up to 2MB, checked here, refusals as toasts).
import { useState, type DragEvent, type RefObject } from 'react';
import { MAX_LOGO_BYTES } from '../../../lib/constants';
import { MSG } from '../../../lib/messages';
import { showToast } from '../../stores/toast';

const ACCEPTED = ['image/png', 'image/jpeg'];

interface LogoDropZoneProps {
  logo: File | null;
  setLogo: (file: File) => void;
  /** The file input, which the form clears once sent. */
  fileInput: RefObject<HTMLInputElement | null>;
  /** The tool being edited has a logo, kept unless a new one is chosen. */
  keepsLogo: boolean;
}

export default function LogoDropZone({ logo, setLogo, fileInput, keepsLogo }: LogoDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  function chooseFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      showToast({ title: MSG.fileTooLargeTitle, description: MSG.fileTooLarge, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (!ACCEPTED.includes(file.type)) {
      showToast({ title: MSG.logoWrongTypeTitle, description: MSG.logoWrongType, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setLogo(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    chooseFile(event.dataTransfer.files[0]);
  }

  return (
    <div>
      <span className="label-text font-medium mb-2 block">Tool Logo</span>
      <label
        className={`flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-8 cursor-pointer text-center ${dragging ? 'border-primary bg-primary/5' : 'border-base-300'}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={fileInput}
          type="file"
          name="logo"
          accept="image/png,image/jpeg"
          className="sr-only"
          onChange={(e) => chooseFile(e.target.files?.[0])}
        />
        <span className="font-medium">
          {logo
            ? logo.name
            : keepsLogo
              ? 'Your logo is kept. Drag a new file here or click to replace it'
              : 'Drag a file here or click to choose'}
        </span>
        <span className="text-xs text-base-content/80">PNG or JPG up to 2MB</span>
      </label>
    </div>
  );
}

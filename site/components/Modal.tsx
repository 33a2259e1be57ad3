// A daisyUI modal on the native <dialog>: focus stays inside, Escape and the backdrop close it,
// and its heading labels it. Mounted only while open.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wider boxes for forms and details. */
  size?: 'md' | 'lg' | 'xl';
  testId?: string;
}

const WIDTH = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export default function Modal({ title, onClose, children, size = 'md', testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest onClose, so the native close event never calls a stale one.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const handleClose = () => closeRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} data-testid={testId}>
      <div className={`modal-box ${WIDTH[size]} w-full`}>
        <div className="flex items-start justify-between gap-4 mb-4">
          <h3 id={titleId} className="font-bold text-lg leading-tight">
            {title}
          </h3>
          <button
            type="button"
            className="btn btn-sm btn-circle btn-ghost shrink-0"
            aria-label="Close dialog"
            onClick={() => ref.current?.close()}
          >
            ✕
          </button>
        </div>
        {children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          close
        </button>
      </form>
    </dialog>
  );
}

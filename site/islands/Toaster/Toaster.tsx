// Shows the one current toast (site/stores/toast.ts) in the corner of the screen.
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../../stores/toast';

export default function Toaster() {
  const toast = useStore($toast);
  if (!toast) return null;
  const tone =
    toast.variant === 'destructive' ? 'alert-error' : toast.variant === 'success' ? 'alert-success' : 'alert-info';
  return (
    <div className="toast toast-end toast-bottom z-50" role="status" aria-live="polite">
      <div className={`alert ${tone} shadow-lg max-w-sm items-start`} data-testid="toast">
        <div className="flex flex-col">
          <span className="font-semibold">{toast.title}</span>
          {toast.description && <span className="text-sm">{toast.description}</span>}
        </div>
        <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss" onClick={dismissToast}>
          ✕
        </button>
      </div>
    </div>
  );
}

// Shares a page with the device's share sheet, or copies its address and says so in a toast.
import { TOAST } from '../../../lib/messages';
import { showToast } from '../../stores/toast';

export interface ShareData {
  title?: string;
  text?: string;
  url?: string;
}

export async function share({
  title = document.title,
  text = '',
  url = window.location.href,
}: ShareData): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Any other refusal (no user activation, unsupported data): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ ...TOAST.linkCopied, variant: 'success' });
  } catch {
    showToast({ ...TOAST.linkCopyFailed, variant: 'destructive' });
  }
}

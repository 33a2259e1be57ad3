// Mounts the Toaster island into the page on demand (see LazyToaster.astro).
import { createRoot } from 'react-dom/client';
import Toaster from '../islands/Toaster/Toaster';

export function mountToaster(root: HTMLElement): void {
  createRoot(root).render(<Toaster />);
}

// Mounts the dashboard over its pre-rendered spinner on the home page of a signed-in visitor (see HomeDashboard.astro).
import { createRoot } from 'react-dom/client';
import Dashboard from './Dashboard';

export function mountHomeDashboard(root: HTMLElement): void {
  // The first render is the same spinner the page already shows, so replacing it is seamless.
  createRoot(root).render(<Dashboard onHome />);
}

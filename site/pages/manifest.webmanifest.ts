// The web app manifest: the name, icons and theme colour a browser uses when the site is added to a home screen.
// The site stays a set of pages in the browser (display: browser), not an installed app.
import type { APIRoute } from 'astro';
import { SITE_NAME, SITE_THEME_COLOR } from '../../lib/constants';

export const GET: APIRoute = () => {
  const manifest = {
    name: SITE_NAME,
    short_name: 'AI Tools',
    description: 'Human-vetted AI tools for professionals, reviewed by our editors.',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: SITE_THEME_COLOR,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json' } });
};

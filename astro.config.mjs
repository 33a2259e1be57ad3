// Astro config: every page of site/ is rendered by one server build (its own adapter, site/adapter), which the
// Bun server calls for pages changed since the last static export and which the exporter runs to write the static
// site (docs/decisions/0032). React islands, Tailwind 4 + daisyUI 5, a hashed Content-Security-Policy.
import { defineConfig } from 'astro/config';
import renderAdapter from './site/adapter/index.mjs';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { siteUrlOf } from './lib/site-url.ts';
import { VIDEO_FRAME_ORIGINS } from './lib/premium-assets.ts';
import { devProxy } from './lib/routes.ts';

export default defineConfig({
  srcDir: './site',
  outDir: process.env.ASTRO_OUT_DIR ?? './build/app',
  // Canonical links, og:url, sitemap, robots, JSON-LD, RSS and Share: the same origin the server uses.
  site: siteUrlOf(process.env),
  output: 'server',
  adapter: renderAdapter(),
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  security: {
    // Astro hashes every script and style it emits; the header goes with each rendered page, and the exporter keeps
    // it beside the static file. No 'unsafe-inline' for scripts.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        // A premium tool's demo: YouTube's no-cookie player or Vimeo's, nothing else (lib/premium-assets.ts).
        `frame-src ${VIDEO_FRAME_ORIGINS.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev`: the API runs apart (scripts/dev.ts); the dev server forwards its paths (the route table's).
    server: { proxy: devProxy(`http://localhost:${process.env.API_PORT || 4322}`) },
  },
});

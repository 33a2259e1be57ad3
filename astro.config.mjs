// Astro config: static site from site/, React islands, Tailwind 4 + daisyUI 5.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { siteUrlOf } from './lib/site-url.ts';

export default defineConfig({
  srcDir: './site',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // Canonical links, og:url, sitemap, robots, JSON-LD, RSS and Share: the same origin the server uses.
  site: siteUrlOf(process.env),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev`: the API runs apart (scripts/dev.ts); the dev server forwards its paths.
    server: {
      proxy: Object.fromEntries(
        ['/api', '/auth/demo', '/auth/google', '/uploads'].map((p) => [p, `http://localhost:${process.env.API_PORT || 4322}`]),
      ),
    },
  },
});

// Astro config: static site from site/, React islands, Tailwind 4 + daisyUI 5.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  srcDir: './site',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});

/**
 * The web interface's build (src/web/build.ts runs it): one HTML shell, and hashed assets under /-/assets/,
 * which the server sends with long-lived cache headers (src/http/web-ui.ts). Pages are chunks of their own,
 * loaded by route (app/routes.tsx).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.join(here, '../../dist/web'),
    emptyOutDir: true,
    assetsDir: '-/assets',
    // No module preload polyfill: it would be a script of its own, and every browser we serve supports preload.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // Syntax grammars (shiki's languages) are big chunks of their own, each loaded only for a file in its language.
    chunkSizeWarningLimit: 1000,
  },
});

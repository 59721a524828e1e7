import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The viewer, built into dist/ui (served by the worker). Run from the repository root with
 * `node scripts/build-ui.mjs` (root: src/ui). `npx vite src/ui` serves it for development,
 * forwarding the API to a worker on the default port (which answers signed-in requests only).
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../../dist/ui',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:37777',
      '/stream': 'http://127.0.0.1:37777',
    },
  },
});

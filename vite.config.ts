import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is a static bundle: `base: './'` lets Electron load it from file:// and the web host from /.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
});

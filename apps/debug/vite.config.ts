import { defineConfig } from 'vite';

// A static app: relative asset paths so any static server (ours, vite preview) can host it.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The analyser and renderer are one big chunk by nature; splitting it buys nothing here.
    chunkSizeWarningLimit: 2000,
  },
});

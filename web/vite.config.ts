import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { preloadRoute } from './build/preload-route';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  // The home page is where most visits start: its code downloads with the app's (build/preload-route.ts).
  plugins: [react(), preloadRoute('src/features/home/pages/home-page.tsx'), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: one vendor chunk stays cached across deploys.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/images': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/images': { target: API_TARGET, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});

import prefresh from '@prefresh/vite';
import type { PluginOption } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { preloadRoute } from './build/preload-route';
import { prerenderPages } from './build/prerender';
import {
  esModuleBuildsForTests,
  inlinedForTests,
  jsxOnPreact,
  reactOnPreact,
  withoutPreactNotices,
} from './build/react-on-preact';
import { documentTitle } from './src/lib/document-title';

const LANDING_PAGE = 'src/features/home/pages/home-page.tsx';
const OFFICES_PAGE = 'src/features/offices/pages/offices-page.tsx';
const BOOKING_PAGE = 'src/features/appointments/pages/appointments-page.tsx';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: reactOnPreact },
  oxc: { jsx: jsxOnPreact },
  plugins: [
    // Fast refresh in the development server only (its transforms apply to `serve`, which vitest is too).
    process.env.VITEST ? null : (prefresh() as Promise<PluginOption[]>),
    // The app's start and the home page (where most visits start) download with the entry
    // (build/preload-route.ts). The home page's HTML is prerendered into index.html, the office list's into
    // pages/office.html (build/prerender.ts), which the server renders again with the offices in it.
    preloadRoute('src/start.tsx', LANDING_PAGE),
    prerenderPages({
      appModule: 'src/start.tsx',
      entry: 'src/prerender.tsx',
      pages: [
        { path: '/', routeModule: LANDING_PAGE },
        {
          path: '/office',
          routeModule: OFFICES_PAGE,
          title: documentTitle('Our Offices'),
          preloadData: ['/api/office/all'],
          // Its largest paint is the first office's photo: the server renders the list into the page.
          renderedWithData: true,
        },
        // What a signed-out visitor sees of booking; a signed-in browser gets the app (docs/decisions/0050).
        { path: '/appointments', routeModule: BOOKING_PAGE, title: documentTitle('Schedule an Appointment') },
      ],
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onLog: withoutPreactNotices,
      output: {
        // The framework changes less often than the app: one vendor chunk stays cached across deploys.
        // Only what every page runs goes there; other libraries (the schema library, markdown) follow
        // the pages that use them, so the landing page does not download them.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
          ],
        },
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
    server: { deps: { inline: inlinedForTests } },
    alias: esModuleBuildsForTests,
  },
});

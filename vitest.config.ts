import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own environment.
export default defineConfig({
  test: {
    projects: ['contract/vitest.config.ts', 'server/vitest.config.ts', 'web/vite.config.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own environment.
export default defineConfig({
  test: {
    // Each server test file builds its own database; PGlite is CPU-bound, so two files at a time suit a
    // 2-core machine.
    maxWorkers: 2,
    projects: ['contract/vitest.config.ts', 'server/vitest.config.ts', 'web/vite.config.ts'],
  },
});

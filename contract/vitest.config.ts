import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'contract', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts'] },
});

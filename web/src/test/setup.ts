import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Pages are lazily imported modules: the first import of one is transformed on demand, which can take
// longer than Testing Library's default second on a busy machine. findBy and waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// No test reaches a real server: a call that a test did not mock answers 503 at once (instead of happy-dom
// trying localhost:3000). Tests that need answers replace fetch with mockFetch().
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'no_server', message: 'No server in component tests' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

// Testing Library only cleans up by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

import { test as base, expect } from '@playwright/test';

/** The hosts the tests may reach: the app under test. Everything else is aborted at once. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLocalUrl(url: URL): boolean {
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return true;
  return LOCAL_HOSTS.has(url.hostname);
}

interface Fixtures {
  /** Requests that were aborted because they left the machine (maps, social links, fonts). */
  blockedRequests: string[];
}

/**
 * `test` with a browser context that never leaves the machine: the test machines have no internet, so a
 * map, a social link or a web font would otherwise hang until it times out. The aborted URLs are kept in
 * `blockedRequests` for tests that want to look.
 */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  blockedRequests: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, blockedRequests }, use) => {
    await context.route(
      (url) => !isLocalUrl(url),
      async (route) => {
        blockedRequests.push(route.request().url());
        await route.abort('blockedbyclient');
      },
    );
    await use(context);
  },
});

export { expect };

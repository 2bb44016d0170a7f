import { vi } from 'vitest';

type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch for one test (the setup file restores it); calls are typed (url, init). */
export function mockFetch(handler: FetchHandler) {
  const mock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url, init) =>
    handler(url, init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The request headers of a call, as the api client sends them (a plain object). */
export function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

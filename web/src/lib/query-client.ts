import { QueryClient } from '@tanstack/react-query';

/** The app's query defaults, one home for the app and the tests that render its features. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { type PageAnswers, seedPageAnswers } from './page-answers';

/** `answers`: what the page was rendered with (./page-answers.ts), in the queries from the first render. */
export function AppProviders({ children, answers }: { children: ReactNode; answers?: PageAnswers }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedPageAnswers(client, answers);
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

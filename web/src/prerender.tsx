import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * The HTML of one page as a signed-out visitor first sees it, rendered at build time (web/build/prerender.ts)
 * with everything it loads lazily; data from the server is not there yet (loading states), as in the
 * browser's first render, so the browser hydrates it without a mismatch.
 */
export async function renderPage(url: string): Promise<string> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  // One piece: without a chunk limit React would move large sections to the end of the HTML and put them
  // in place with inline scripts, which the Content-Security-Policy forbids.
  const { prelude } = await prerender(<App Router={Router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

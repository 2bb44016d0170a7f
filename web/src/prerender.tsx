import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * The HTML of one page as a signed-out visitor first sees it, rendered at build time (web/build/prerender.ts)
 * with everything it loads lazily (the render waits for each lazy part); data from the server is not there yet
 * (loading states), as in the browser's first render, so the browser hydrates it without a mismatch.
 */
export async function renderPage(url: string): Promise<string> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  // The app's elements are Preact's (docs/decisions/0047); its types are React's.
  return renderToStringAsync((<App Router={Router} />) as unknown as VNode);
}

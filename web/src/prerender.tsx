import type { RenderPageDocument } from '@clinic/contract/rendered-pages';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { type PageAnswers, pageAnswersScript } from './app/page-answers';
import { PAGE_ANSWERS_MARK, PAGE_HTML_MARK } from './prerendered';

/**
 * The HTML of one page as a signed-out visitor first sees it, with everything it loads lazily (the render
 * waits for each lazy part). Rendered at build time (web/build/prerender.ts) without data from the server
 * (loading states, as in the browser's first render, so the browser hydrates it without a mismatch), or at
 * request time with `answers`, the public API answers the page shows, which the browser's first render then
 * uses too (app/page-answers.ts).
 */
export async function renderPage(url: string, answers?: PageAnswers): Promise<string> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  // The app's elements are Preact's (docs/decisions/0047); its types are React's.
  return renderToStringAsync((<App Router={Router} answers={answers} />) as unknown as VNode);
}

/**
 * A whole page rendered at request time (server/src/platform/rendered-pages.ts): the build's template of
 * the page with its HTML rendered from `answers`, and the answers beside it for the browser.
 */
export const renderPageDocument: RenderPageDocument = async (template, url, answers) => {
  const html = await renderPage(url, answers);
  return template
    .replace(PAGE_HTML_MARK, () => html)
    .replace(PAGE_ANSWERS_MARK, () => pageAnswersScript(answers));
};

/** On #root of a prerendered page: the path whose HTML it holds (set by web/build/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** True when the container holds the build's HTML of the page the browser is on (then it is hydrated). */
export function holdsPrerenderedPage(container: Element | null): boolean {
  return container?.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname;
}

/**
 * In the template of a page rendered at request time (web/build/prerender.ts, src/prerender.tsx): where the
 * page's HTML goes, inside #root, and where the answers it was rendered from go, before the app's script.
 */
export const PAGE_HTML_MARK = '<!--page-html-->';
export const PAGE_ANSWERS_MARK = '<!--page-answers-->';

/** On #root of a prerendered page: the path whose HTML it holds (set by web/build/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** True when the container holds the build's HTML of the page the browser is on (then it is hydrated). */
export function holdsPrerenderedPage(container: Element | null): boolean {
  return container?.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname;
}

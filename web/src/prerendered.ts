/** On #root of a prerendered page: the path whose HTML it holds (set by web/build/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

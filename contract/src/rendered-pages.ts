/**
 * What the web build leaves the server for the pages it renders with their data (docs/decisions/0049): a
 * folder of its own in the build (never served as files) holding the render module, each page's template
 * and the manifest naming them. Written by web/build/prerender.ts, read by server/src/platform/rendered-pages.ts.
 */
export const RENDERED_PAGES_FOLDER = 'server';
export const RENDERED_PAGES_MANIFEST = 'pages.json';

export interface RenderedPagesManifest {
  /** The module exporting renderPageDocument (web/src/prerender.tsx), in the folder. */
  module: string;
  /** Each page's template (in the folder) and the public API answers it is rendered with. */
  pages: { path: string; template: string; answers: string[] }[];
}

/** The render module's export: the page's template filled with its HTML rendered from the answers, by API path. */
export type RenderPageDocument = (
  template: string,
  url: string,
  answers: Readonly<Record<string, unknown>>,
) => Promise<string>;

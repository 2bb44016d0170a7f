import type { Plugin } from 'vite';
import { chunksOf, importClosure } from './bundle-chunks';

/**
 * Lets the browser fetch lazily loaded modules (the app's start, the landing page) while it fetches the
 * entry: adds `modulepreload` links for their chunks and the chunks they import, and `preload` links for
 * their CSS, to index.html. Without them that code is requested only after the entry has run, one round
 * trip later. Preloading downloads but does not run the code, so other pages only pay the bytes.
 */
export function preloadRoute(...moduleSuffixes: string[]): Plugin {
  return {
    name: 'clinic:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        for (const moduleSuffix of moduleSuffixes) {
          const closure = importClosure(chunks, moduleSuffix);
          for (const file of closure.scripts) scripts.add(file);
          for (const file of closure.styles) styles.add(file);
        }
        const already = (file: string) => html.includes(`/${file}"`);
        return [
          ...[...scripts]
            .filter((file) => !already(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...[...styles]
            .filter((file) => !already(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

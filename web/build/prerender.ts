import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  RENDERED_PAGES_FOLDER,
  RENDERED_PAGES_MANIFEST,
  type RenderedPagesManifest,
} from '@clinic/contract/rendered-pages';
import { build, type Plugin, type Rolldown } from 'vite';
import { isPageAnswer } from '../src/app/page-answers';
import { PAGE_ANSWERS_MARK, PAGE_HTML_MARK, PRERENDERED_ATTRIBUTE } from '../src/prerendered';
import { chunkOfModule, chunksOf, importClosure } from './bundle-chunks';
import { jsxOnPreact, reactOnPreact, withoutPreactNotices } from './react-on-preact';

/** The file the server sends for every path that has no prerendered page (deep links). */
export const SPA_SHELL = 'spa.html';
const ROOT_ELEMENT = '<div id="root"></div>';

/** A page prerendered at build time: what a signed-out visitor first sees at `path`. */
export interface PrerenderedPage {
  path: string;
  /** The page's module, as in preloadRoute: its CSS (and that of what it loads) is inlined. */
  routeModule: string;
  /** Its tab title; the app sets the same on its first render (useDocumentTitle). */
  title?: string;
  /** Public API answers the page asks for at once: fetched as the HTML arrives, not after the app has run. */
  preloadData?: string[];
  /**
   * The server renders the page again for each request, with its preloadData answers in it (docs/decisions/
   * 0049), from a template and the render module written into RENDERED_PAGES_FOLDER; the prerendered file is
   * what it sends when it cannot.
   */
  renderedWithData?: boolean;
}

interface PrerenderOptions {
  /** The app's start (src/start.tsx): what every page needs, so the only code spa.html preloads. */
  appModule: string;
  /** The entry that renders a page to HTML (src/prerender.tsx). */
  entry: string;
  /** '/' goes into index.html; every other page into pages/<path>.html (prerenderedPageFile). */
  pages: PrerenderedPage[];
}

/** The render module in the server's folder (RENDERED_PAGES_FOLDER). */
const RENDER_MODULE = 'render.mjs';

/** The file of a prerendered page other than '/', relative to the build folder (server/src/app.ts sends it). */
function prerenderedPageFile(pagePath: string): string {
  return path.join('pages', `${pagePath.slice(1)}.html`);
}

/**
 * Prerenders the public pages where visits start at build time (docs/decisions/0027): the home page into
 * index.html, which the server sends for '/', the others into pages/, which it sends for their paths, so each
 * paints before any JavaScript has run; the browser then hydrates it (src/main.tsx). Every other path gets
 * spa.html, the empty shell, as before.
 *
 * The pages are rendered by a second, server-side build of src/prerender.tsx (same components, same CSS
 * module class names) into server/, which the server keeps using for the pages rendered with data.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let root = '';
  return {
    name: 'clinic:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(output, bundle) {
        const dir = output.dir;
        if (!dir) return;
        for (const page of options.pages) {
          for (const url of page.renderedWithData ? (page.preloadData ?? []) : []) {
            if (!isPageAnswer(url)) throw new Error(`prerender: ${page.path} cannot be rendered with ${url}`);
          }
        }
        const serverDir = path.join(dir, RENDERED_PAGES_FOLDER);
        const rendered = await renderWithServerBuild(
          root,
          options.entry,
          serverDir,
          options.pages.map((page) => page.path),
        );
        const indexFile = path.join(dir, 'index.html');
        const shell = readFileSync(indexFile, 'utf8');
        if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
        // Deep links (every page but the prerendered ones) preload the app's start, not the home page's code.
        const appShell = withPreloadsOnly(shell, importClosure(chunksOf(bundle), options.appModule));
        writeFileSync(path.join(dir, SPA_SHELL), appShell);
        const manifest: RenderedPagesManifest = { module: RENDER_MODULE, pages: [] };
        options.pages.forEach((page, i) => {
          const base = page.path === '/' ? shell : appShell;
          const styles = routeStyles(bundle, page.routeModule);
          const file = page.path === '/' ? indexFile : path.join(dir, prerenderedPageFile(page.path));
          writeFile(file, pageHtml(base, page, rendered[i] ?? '', dir, styles));
          if (!page.renderedWithData) return;
          // The same page, its data left to the server: no preloads, marks where the HTML and answers go.
          const template = pageHtml(base, { ...page, preloadData: [] }, PAGE_HTML_MARK, dir, styles).replace(
            '</body>',
            () => `${PAGE_ANSWERS_MARK}</body>`,
          );
          const templateFile = prerenderedPageFile(page.path);
          writeFile(path.join(serverDir, templateFile), template);
          manifest.pages.push({ path: page.path, template: templateFile, answers: page.preloadData ?? [] });
        });
        writeFile(path.join(serverDir, RENDERED_PAGES_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      },
    },
  };
}

function writeFile(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The page's HTML: `root` in #root, its head, its CSS inlined, its scripts after the first paint. */
function pageHtml(
  base: string,
  page: PrerenderedPage,
  root: string,
  dir: string,
  styles: Set<string>,
): string {
  return withScriptsAfterPaint(
    withInlineStyles(
      withHead(
        base.replace(
          ROOT_ELEMENT,
          () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page.path}">${root}</div>`,
        ),
        page,
      ),
      dir,
      styles,
    ),
  );
}

/** The page's own title, and preloads of the public answers it asks for first. */
function withHead(html: string, page: PrerenderedPage): string {
  let head = html;
  if (page.title) head = head.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
  const preloads = (page.preloadData ?? [])
    .map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`)
    .join('');
  return preloads ? head.replace('</head>', () => `${preloads}\n  </head>`) : head;
}

/** The shell without the module and style preloads of files outside `keep` (another route's code). */
function withPreloadsOnly(html: string, keep: { scripts: Set<string>; styles: Set<string> }): string {
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (link, file: string) =>
      keep.scripts.has(file) ? link : '',
    )
    .replace(/\s*<link rel="preload" as="style" crossorigin href="\/([^"]+)">/g, (link, file: string) =>
      keep.styles.has(file) ? link : '',
    );
}

/**
 * Builds src/prerender.tsx for Node into `outDir` as one module (RENDER_MODULE) and renders `urls` with it.
 * Its libraries are bundled too, so that the server needs nothing from the web app's node_modules.
 */
async function renderWithServerBuild(
  root: string,
  entry: string,
  outDir: string,
  urls: string[],
): Promise<string[]> {
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: reactOnPreact },
    oxc: { jsx: jsxOnPreact },
    // Bundled, not imported from node_modules at run time, so that the libraries' imports of react meet the
    // aliases too (docs/decisions/0047).
    ssr: { noExternal: true },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: {
        onLog: withoutPreactNotices,
        // One file: the lazily loaded pages are in it.
        output: { entryFileNames: RENDER_MODULE, codeSplitting: false },
      },
    },
  });
  const built = path.join(outDir, RENDER_MODULE);
  const module = (await import(pathToFileURL(built).href)) as { renderPage(url: string): Promise<string> };
  const pages: string[] = [];
  for (const url of urls) pages.push(await module.renderPage(url));
  return pages;
}

/**
 * Puts the page's CSS into the HTML: the app's own stylesheets, its start's and the route's, in one
 * <style>, so that the page paints as soon as the HTML has arrived instead of one round trip later (a
 * slow mobile connection spends about half a second per round trip). The files stay named by
 * disabled <link>s: they are not downloaded, but the app's module loader sees them and does not fetch
 * them again when the page's code asks for them. CSP allows inline styles ('unsafe-inline' for style-src).
 */
function withInlineStyles(html: string, dir: string, routeCss: Set<string>): string {
  // The entry's stylesheets, then those preloaded for the app's start and the route (build/preload-route.ts).
  const linked = [
    ...html.matchAll(/<link rel="(?:stylesheet|preload" as="style)" crossorigin href="([^"]+\.css)">/g),
  ].map((match) => match[1] as string);
  const inlined = [...new Set([...linked, ...routeCss])];
  const css = inlined.map((href) => readFileSync(path.join(dir, href), 'utf8').trim()).join('\n');
  let page = html;
  for (const href of inlined) {
    page = page
      .replace(`<link rel="stylesheet" crossorigin href="${href}">`, '')
      .replace(`<link rel="preload" as="style" crossorigin href="${href}">`, '');
  }
  const markers = inlined.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
  return page
    .replace(/\n\s*\n/g, '\n')
    .replace('</head>', () => `<style>${css}</style>${markers}\n  </head>`);
}

/**
 * The page is complete without JavaScript, so its scripts do not compete with it: the entry downloads at
 * low priority and fetches the app after the first paint (src/main.tsx), so the module preloads, which
 * would download the app's code before that paint, are left out of this page.
 */
function withScriptsAfterPaint(html: string): string {
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replaceAll(
      '<script type="module" crossorigin src=',
      '<script type="module" crossorigin fetchpriority="low" src=',
    );
}

/**
 * The CSS of the route's chunk, of the chunks it imports, and of the chunks it loads lazily (the sections
 * below the fold): everything the prerendered HTML shows.
 */
function routeStyles(bundle: Rolldown.OutputBundle, routeModule: string): Set<string> {
  const chunks = chunksOf(bundle);
  const route = chunkOfModule(chunks, routeModule);
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string, followLazy: boolean) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    for (const imported of chunk?.imports ?? []) visit(imported, false);
    if (followLazy) for (const lazy of chunk?.dynamicImports ?? []) visit(lazy, false);
  };
  visit(route.fileName, true);
  return styles;
}

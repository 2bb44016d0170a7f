import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  RENDERED_PAGES_FOLDER,
  RENDERED_PAGES_MANIFEST,
  type RenderedPagesManifest,
  type RenderPageDocument,
} from '@clinic/contract/rendered-pages';
import type { FastifyInstance } from 'fastify';
import { etagOf } from './response-caching';

interface RenderModule {
  renderPageDocument: RenderPageDocument;
}

/** One build of the web app, as far as this instance has loaded it. */
interface LoadedBuild {
  /** The manifest's modification time: a rebuilt web app is loaded again. */
  stamp: number;
  manifest: RenderedPagesManifest;
  templates: Map<string, string>;
  module?: Promise<RenderModule>;
}

export interface RenderedPage {
  html: string;
  etag: string;
}

interface KeptPage extends RenderedPage {
  /** The build and the answers' ETags it was rendered from. */
  key: string;
}

/**
 * Pages the server renders with their data (docs/decisions/0049). The office list's HTML is prerendered at
 * build time without the offices (the build cannot know them), so on a phone the list and its first photo,
 * the page's largest paint, waited for the app's code and a call to the API. For the pages the web build names
 * (server/pages.json), this instance renders the page with the build's render module and the public answers it
 * shows, read through the API itself (so as kept answers, as any visitor reads them: kept-answers.ts), and
 * keeps the result while those answers' ETags stand. Without a build that names the page, or when the render
 * fails, the caller sends the prerendered file instead: a page never fails for this.
 */
export function renderedPages(app: FastifyInstance, webDist: string) {
  const folder = path.join(webDist, RENDERED_PAGES_FOLDER);
  const manifestFile = path.join(folder, RENDERED_PAGES_MANIFEST);
  let build: LoadedBuild | undefined;
  const kept = new Map<string, KeptPage>();

  const loadBuild = (): LoadedBuild | undefined => {
    let stamp: number;
    try {
      stamp = statSync(manifestFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (build?.stamp !== stamp) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RenderedPagesManifest;
      build = { stamp, manifest, templates: new Map() };
      kept.clear();
    }
    return build;
  };

  const renderModule = (loaded: LoadedBuild): Promise<RenderModule> => {
    // A query naming the build, so that a rebuilt module is imported anew rather than from Node's cache.
    loaded.module ??= import(
      `${pathToFileURL(path.join(folder, loaded.manifest.module)).href}?build=${loaded.stamp}`
    ) as Promise<RenderModule>;
    return loaded.module;
  };

  const template = (loaded: LoadedBuild, file: string): string => {
    let text = loaded.templates.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(folder, file), 'utf8');
      loaded.templates.set(file, text);
    }
    return text;
  };

  /** The page at `url` rendered with its data, or undefined when it is not one or cannot be rendered now. */
  async function render(url: string): Promise<RenderedPage | undefined> {
    try {
      const loaded = loadBuild();
      const page = loaded?.manifest.pages.find((p) => p.path === url);
      if (!loaded || !page) return undefined;
      const answers = await Promise.all(
        page.answers.map((answerUrl) =>
          app.inject({ method: 'GET', url: answerUrl, headers: { 'accept-encoding': 'identity' } }),
        ),
      );
      if (answers.some((answer) => answer.statusCode !== 200)) return undefined;
      const key = [loaded.stamp, ...answers.map((answer) => String(answer.headers.etag ?? answer.body))].join(
        '\n',
      );
      const known = kept.get(url);
      if (known?.key === key) return known;
      const data = Object.fromEntries(
        page.answers.map((answerUrl, i) => [answerUrl, JSON.parse(answers[i]?.body ?? 'null') as unknown]),
      );
      const html = await (await renderModule(loaded)).renderPageDocument(
        template(loaded, page.template),
        url,
        data,
      );
      const rendered = { html, etag: etagOf(html), key };
      kept.set(url, rendered);
      return rendered;
    } catch (err) {
      app.log.error({ err, url }, 'rendering the page with its data failed; the prerendered page is sent');
      return undefined;
    }
  }

  return { render };
}

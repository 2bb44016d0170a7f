/** Starts the app: main.tsx loads this module, after the first paint of a prerendered page. */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { holdsPrerenderedPage } from './prerendered';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = <App Router={BrowserRouter} />;

// From here on the app handles input: React replays a click on a part it has not hydrated yet. Before
// this, on a prerendered page, links work (they are plain links) but buttons do nothing. Tests wait for it.
document.documentElement.dataset.app = 'running';

// Both in a transition: React works in short slices, so the page answers input while the app starts.
if (holdsPrerenderedPage(container)) {
  // The build prerendered this page (web/build/prerender.ts): attach to its HTML instead of replacing it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

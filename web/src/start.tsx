/** Starts the app: main.tsx loads this module, after the first paint of a prerendered page. */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { holdsPrerenderedPage } from './prerendered';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');
const container: HTMLElement = rootElement;

const app = <App Router={BrowserRouter} />;

/**
 * Renders the app, or attaches it to the prerendered page's HTML; `onListening` runs as soon as the app
 * receives input (main.tsx hands it the presses it held until then, src/early-input.ts).
 */
export function startApp(onListening?: () => void) {
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
  // From here on the app handles input: React hydrates the part a press lands on first, then handles it.
  onListening?.();
  // Tests wait for it.
  document.documentElement.dataset.app = 'running';
}

/** Starts the app: main.tsx loads this module, after the first paint of a prerendered page. */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { readPageAnswers } from './app/page-answers';
import { hydrateInSteps } from './components/hydrate-later';
import { runEffectsBeforeInput } from './lib/effects-before-input';
import { markSignedIn, readToken } from './lib/session-storage';
import { holdsPrerenderedPage } from './prerendered';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');
const container: HTMLElement = rootElement;

// A page the server rendered with its data carries that data (app/page-answers.ts).
const app = <App Router={BrowserRouter} answers={readPageAnswers(document)} />;

/**
 * Renders the app, or attaches it to the prerendered page's HTML; `onListening` runs as soon as the app
 * receives input (main.tsx hands it the presses it held until then, src/early-input.ts).
 */
export function startApp(onListening?: () => void) {
  runEffectsBeforeInput();
  // The next page the server sends suits this browser: a session stored before the flag existed gets it.
  markSignedIn(readToken() !== null);
  if (holdsPrerenderedPage(container)) {
    // The build prerendered this page (web/build/prerender.ts): attach to its HTML instead of replacing it,
    // in steps of a task each (src/components/hydrate-later.tsx). The app listens once every part is hydrated.
    void hydrateInSteps(() => hydrateRoot(container, app)).then(() => listening(onListening));
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
    listening(onListening);
  }
}

function listening(onListening?: () => void) {
  // From here on the app handles input, the presses held until now included.
  onListening?.();
  // Tests wait for it.
  document.documentElement.dataset.app = 'running';
}

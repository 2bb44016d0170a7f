import './styles/tokens.css';
import './styles/global.css';
import { loadPrerenderedPage } from './app/prerendered-pages';
import { holdEarlyInput } from './early-input';
import { holdsPrerenderedPage } from './prerendered';

/**
 * The entry: small on purpose. A prerendered page (the home page, the office list; docs/decisions/0027) is
 * complete in its HTML, links included, so the browser paints it first and the app's code is fetched and run
 * after that first paint; any other page needs the app to show anything, so it starts at once.
 */
function start(onListening?: () => void) {
  void import('./start').then(({ startApp }) => startApp(onListening));
}

if (holdsPrerenderedPage(document.getElementById('root'))) {
  // A button pressed before the app runs is pressed again once it does (src/early-input.ts).
  const releaseEarlyInput = holdEarlyInput(document);
  // Until src/start.tsx says 'running'. Tests wait for it.
  document.documentElement.dataset.app = 'starting';
  requestAnimationFrame(() =>
    setTimeout(() => {
      // Fetched together with the app instead of after it: the page the app is about to take over.
      loadPrerenderedPage(window.location.pathname);
      start(releaseEarlyInput);
    }, 0),
  );
} else {
  start();
}

import './styles/tokens.css';
import './styles/global.css';
import { loadLandingPage } from './app/landing-page';
import { holdsPrerenderedPage } from './prerendered';

/**
 * The entry: small on purpose. A prerendered page (the home page, docs/decisions/0027) is complete in its
 * HTML, links included, so the browser paints it first and the app's code is fetched and run after that
 * first paint; any other page needs the app to show anything, so it starts at once.
 */
function start() {
  void import('./start');
}

if (holdsPrerenderedPage(document.getElementById('root'))) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      // Fetched together with the app instead of after it: the page the app is about to take over.
      void loadLandingPage();
      start();
    }, 0),
  );
} else {
  start();
}

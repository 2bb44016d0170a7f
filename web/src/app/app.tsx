import { type ComponentType, type ReactNode, StrictMode } from 'react';
import type { PageAnswers } from './page-answers';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

/**
 * The whole app inside a router: BrowserRouter in the browser (main.tsx), StaticRouter when the landing
 * page is prerendered at build time (prerender.tsx). Both render this same tree, so the browser can
 * hydrate the prerendered HTML instead of building the page again. A page rendered at request time comes with
 * the API answers it was rendered from (`answers`), which the browser's first render uses too.
 */
export function App({
  Router,
  answers,
}: {
  Router: ComponentType<{ children: ReactNode }>;
  answers?: PageAnswers;
}) {
  return (
    <StrictMode>
      <AppProviders answers={answers}>
        <Router>
          <RouteErrorBoundary root>
            <AppRoutes />
          </RouteErrorBoundary>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}

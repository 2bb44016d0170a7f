import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

/**
 * The whole app inside a router: BrowserRouter in the browser (main.tsx), StaticRouter when the landing
 * page is prerendered at build time (prerender.tsx). Both render this same tree, so the browser can
 * hydrate the prerendered HTML instead of building the page again.
 */
export function App({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProviders>
        <Router>
          <RouteErrorBoundary root>
            <AppRoutes />
          </RouteErrorBoundary>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}

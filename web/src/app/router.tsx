import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { PAGE_ROUTES, type PageRoute } from './page-routes';
import { RouteErrorBoundary } from './route-error';

/**
 * The route tree: one layout route (spec §2 Layout) around every page, and the spec's popup windows
 * (§2 Popups) beside it. Routes are declared, not data routes (docs/decisions/0027): pages load lazily
 * through React.lazy, and a page that fails to load or render shows RouteError inside the layout.
 */
function lazyPage(load: PageRoute['load']): ComponentType {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

/** A popup window: its own chunk, its own loading message and error boundary (no layout around it). */
function popup(path: string, load: PageRoute['load']): RouteObject {
  const Page = lazyPage(load);
  return {
    path,
    element: (
      <RouteErrorBoundary root>
        <Suspense fallback={<PopupFallback />}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    ),
  };
}

function pageElement(page: PageRoute): ReactNode {
  const Page = lazyPage(page.load);
  return <Page />;
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...PAGE_ROUTES.map((page): RouteObject => ({ path: page.path, element: pageElement(page) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  popup('/select-procedure-diagnosis', () =>
    import('../features/procedures/pages/select-procedure-page').then((m) => ({
      Component: m.SelectProcedurePage,
    })),
  ),
  popup('/office-search', () =>
    import('../features/offices/pages/office-search-popup').then((m) => ({ Component: m.OfficeSearchPopup })),
  ),
  popup('/search-popup', () =>
    import('../features/search-popup/pages/search-popup-page').then((m) => ({
      Component: m.SearchPopupPage,
    })),
  ),
  popup('/ratingpopup', () =>
    import('./rating-popup-route').then((m) => ({ Component: m.RatingPopupRoute })),
  ),
  popup('/insurance-record-selector', () =>
    import('./insurance-record-selector-route').then((m) => ({ Component: m.InsuranceRecordSelectorRoute })),
  ),
];

/** Shown while a popup's code loads. */
function PopupFallback() {
  return (
    <main>
      <p role="status">Loading…</p>
    </main>
  );
}

/** The routes of the app, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  return useRoutes(routes);
}

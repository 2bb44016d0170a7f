import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, AppLayoutFallback } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { PAGE_ROUTES } from './page-routes';
import { RootError, RouteError } from './route-error';

/**
 * The route tree: one layout route (spec §2 Layout) around every page. Pages come from PAGE_ROUTES and
 * load lazily; a page that fails renders RouteError inside the layout. The spec's popup routes
 * (outside the layout) will be siblings of the layout route.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: AppLayoutFallback,
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...PAGE_ROUTES.map((page): RouteObject => ({ path: page.path, lazy: page.load })),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  // Popup windows (spec §2 Popups), outside the layout.
  {
    path: '/select-procedure-diagnosis',
    ErrorBoundary: RootError,
    HydrateFallback: PopupFallback,
    lazy: () =>
      import('../features/procedures/pages/select-procedure-page').then((m) => ({
        Component: m.SelectProcedurePage,
      })),
  },
  {
    path: '/office-search',
    ErrorBoundary: RootError,
    HydrateFallback: PopupFallback,
    lazy: () =>
      import('../features/offices/pages/office-search-popup').then((m) => ({
        Component: m.OfficeSearchPopup,
      })),
  },
  {
    path: '/search-popup',
    ErrorBoundary: RootError,
    HydrateFallback: PopupFallback,
    lazy: () =>
      import('../features/search-popup/pages/search-popup-page').then((m) => ({
        Component: m.SearchPopupPage,
      })),
  },
];

/** Shown while a popup's code loads. */
function PopupFallback() {
  return (
    <main>
      <p role="status">Loading…</p>
    </main>
  );
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

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
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

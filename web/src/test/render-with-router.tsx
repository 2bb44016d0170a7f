import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type Location, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes in a memory router with a fresh query client. `router.state.location` is where the
 * app is now, to assert navigation landed.
 */
export function renderWithRouter(routes: RouteObject[], initialPath = '/') {
  let current: Location | undefined;
  const router = {
    get state() {
      if (!current) throw new Error('The router has not rendered yet.');
      return { location: current };
    },
  };
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <Routes routes={routes} />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A route that only says where it is, to assert navigation landed. */
export function landmarkRoute(path: string, text: string = `page ${path}`): RouteObject {
  return { path, element: <p>{text}</p> };
}

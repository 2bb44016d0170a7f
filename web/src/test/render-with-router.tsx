import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/providers';

/** Renders routes in a memory router with a fresh query client; returns the router to inspect location. */
export function renderWithRouter(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A route that only says where it is, to assert navigation landed. */
export function landmarkRoute(path: string, text: string = `page ${path}`): RouteObject {
  return { path, element: <p>{text}</p> };
}

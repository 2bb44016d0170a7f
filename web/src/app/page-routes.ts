import type { ComponentType } from 'react';
import { matchPath } from 'react-router';

/**
 * Every page of the shared layout, one entry per route of the spec's route list (§2) that is built.
 * Each page is its own chunk (route-level code splitting), loaded when first visited.
 *
 * To add a page: add its entry here. Its path then joins IMPLEMENTED_PATHS, so the navigation items
 * that point at it appear, and the login redirect may use it.
 */
export interface PageRoute {
  path: string;
  load: () => Promise<{ Component: ComponentType }>;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    load: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/login/patient',
    load: () =>
      import('../features/auth/pages/patient-login-page').then((m) => ({ Component: m.PatientLoginPage })),
  },
  {
    path: '/login/doctor',
    load: () =>
      import('../features/auth/pages/staff-login-page').then((m) => ({ Component: m.StaffLoginPage })),
  },
  {
    path: '/terms',
    load: () => import('../features/static-pages/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: '/privacy',
    load: () =>
      import('../features/static-pages/pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: '/contact',
    load: () =>
      import('../features/static-pages/pages/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
];

/** The paths that have a page; derived from PAGE_ROUTES, never listed by hand. */
export const IMPLEMENTED_PATHS: readonly string[] = PAGE_ROUTES.map((route) => route.path);

/** Whether a link target (a pathname, optionally with a query) leads to a built page. */
export function isImplementedPath(target: string, paths: readonly string[] = IMPLEMENTED_PATHS): boolean {
  const pathname = target.split(/[?#]/, 1)[0] || '/';
  return paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

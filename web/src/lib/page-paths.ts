import { matchPath } from 'react-router';

/**
 * The paths of the shared layout that have a page (spec §2 route list), as data that features may read:
 * a navigation item, link or redirect to a page appears only when its path is here. The app gives each
 * path its page in app/page-routes.ts, whose type requires exactly these paths, so the two cannot drift.
 *
 * To add a page: add its path here and its loader in app/page-routes.ts.
 */
export const PAGE_PATHS = [
  '/',
  '/dashboard/doctor',
  '/login/patient',
  '/login/doctor',
  '/terms',
  '/privacy',
  '/contact',
  '/register/patient',
  '/register/admin',
  '/staff',
  '/register/staff',
  '/insurance',
  '/register/insurance',
  '/register/insurance-patient',
  '/register/procedure-diagnosis',
  '/office',
  '/register/office',
  '/register/schedule',
  '/allpatients',
  '/dashboard/patient',
  '/register/promotion',
  '/content-creator',
  '/content/:id',
  '/appointments',
  '/appointmentPopup',
  '/frontdeskcheckin',
  '/register/authorization',
  '/authorizations/worklist',
  '/ratingadminview',
  '/register/point-item',
  '/pointpatientinventory',
  '/patientreceipt',
  '/audit',
  '/calendar',
  '/timesheets',
  '/reports/daily',
  '/messages',
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

/** The paths that have a page. */
export const IMPLEMENTED_PATHS: readonly string[] = PAGE_PATHS;

/** Whether a link target (a pathname, optionally with a query) leads to a built page. */
export function isImplementedPath(target: string, paths: readonly string[] = IMPLEMENTED_PATHS): boolean {
  const pathname = target.split(/[?#]/, 1)[0] || '/';
  return paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

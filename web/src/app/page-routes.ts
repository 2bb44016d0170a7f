import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { loadLandingPage } from './landing-page';

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
  { path: '/', load: loadLandingPage },
  {
    path: '/dashboard/doctor',
    load: () =>
      import('../features/doctors/pages/doctor-dashboard-page').then((m) => ({
        Component: m.DoctorDashboardPage,
      })),
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
  {
    path: '/register/patient',
    load: () =>
      import('../features/registration/pages/register-patient-page').then((m) => ({
        Component: m.RegisterPatientPage,
      })),
  },
  {
    path: '/register/admin',
    load: () =>
      import('../features/accounts/pages/create-account-page').then((m) => ({
        Component: m.CreateAccountPage,
      })),
  },
  {
    path: '/staff',
    load: () =>
      import('../features/doctors/pages/care-team-page').then((m) => ({ Component: m.CareTeamPage })),
  },
  {
    path: '/register/staff',
    load: () =>
      import('../features/doctors/pages/register-staff-page').then((m) => ({
        Component: m.RegisterStaffPage,
      })),
  },
  {
    path: '/insurance',
    load: () =>
      import('../features/insurance/pages/insurance-directory-page').then((m) => ({
        Component: m.InsuranceDirectoryPage,
      })),
  },
  {
    path: '/register/insurance',
    load: () =>
      import('../features/insurance/pages/register-insurance-page').then((m) => ({
        Component: m.RegisterInsurancePage,
      })),
  },
  {
    path: '/register/procedure-diagnosis',
    load: () =>
      import('../features/procedures/pages/register-procedure-page').then((m) => ({
        Component: m.RegisterProcedurePage,
      })),
  },
  {
    path: '/office',
    load: () => import('../features/offices/pages/offices-page').then((m) => ({ Component: m.OfficesPage })),
  },
  {
    path: '/register/office',
    load: () =>
      import('../features/offices/pages/register-office-page').then((m) => ({
        Component: m.RegisterOfficePage,
      })),
  },
  {
    path: '/register/schedule',
    load: () =>
      import('../features/offices/pages/register-schedule-page').then((m) => ({
        Component: m.RegisterSchedulePage,
      })),
  },
  {
    path: '/allpatients',
    load: () =>
      import('../features/patients/pages/all-patients-page').then((m) => ({ Component: m.AllPatientsPage })),
  },
  {
    path: '/dashboard/patient',
    load: () =>
      import('../features/patients/pages/patient-dashboard-page').then((m) => ({
        Component: m.PatientDashboardPage,
      })),
  },
  {
    path: '/register/promotion',
    load: () =>
      import('../features/promotions/pages/register-promotion-page').then((m) => ({
        Component: m.RegisterPromotionPage,
      })),
  },
  {
    path: '/content-creator',
    load: () =>
      import('../features/content/pages/content-creator-page').then((m) => ({
        Component: m.ContentCreatorPage,
      })),
  },
  {
    path: '/content/:id',
    load: () => import('../features/content/pages/content-page').then((m) => ({ Component: m.ContentPage })),
  },
  {
    path: '/appointments',
    load: () =>
      import('../features/appointments/pages/appointments-page').then((m) => ({
        Component: m.AppointmentsPage,
      })),
  },
  {
    path: '/appointmentPopup',
    load: () =>
      import('../features/appointments/pages/appointment-popup-page').then((m) => ({
        Component: m.AppointmentPopupPage,
      })),
  },
  {
    path: '/frontdeskcheckin',
    load: () =>
      import('../features/appointments/pages/front-desk-check-in-page').then((m) => ({
        Component: m.FrontDeskCheckInPage,
      })),
  },
];

/** The paths that have a page; derived from PAGE_ROUTES, never listed by hand. */
export const IMPLEMENTED_PATHS: readonly string[] = PAGE_ROUTES.map((route) => route.path);

/** Whether a link target (a pathname, optionally with a query) leads to a built page. */
export function isImplementedPath(target: string, paths: readonly string[] = IMPLEMENTED_PATHS): boolean {
  const pathname = target.split(/[?#]/, 1)[0] || '/';
  return paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

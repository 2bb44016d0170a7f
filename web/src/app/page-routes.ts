import type { ComponentType } from 'react';
import type { PagePath } from '../lib/page-paths';
import { PAGE_PATHS } from '../lib/page-paths';
import { PRERENDERED_PAGE_LOADERS } from './prerendered-pages';

/**
 * Every page of the shared layout, one entry per route of the spec's route list (§2) that is built.
 * Each page is its own chunk (route-level code splitting), loaded when first visited.
 *
 * To add a page: add its path to lib/page-paths.ts (which features read to decide whether to link to
 * it) and its loader here; the type below requires a loader for exactly those paths.
 */
export interface PageRoute {
  path: string;
  load: () => Promise<{ Component: ComponentType }>;
}

const PAGE_LOADERS: Record<PagePath, PageRoute['load']> = {
  '/': PRERENDERED_PAGE_LOADERS['/'],
  '/dashboard/doctor': () =>
    import('../features/doctors/pages/doctor-dashboard-page').then((m) => ({
      Component: m.DoctorDashboardPage,
    })),
  '/login/patient': () =>
    import('../features/auth/pages/patient-login-page').then((m) => ({ Component: m.PatientLoginPage })),
  '/login/doctor': () =>
    import('../features/auth/pages/staff-login-page').then((m) => ({ Component: m.StaffLoginPage })),
  '/terms': () =>
    import('../features/static-pages/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  '/privacy': () =>
    import('../features/static-pages/pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  '/contact': () =>
    import('../features/static-pages/pages/contact-page').then((m) => ({ Component: m.ContactPage })),
  '/register/patient': () =>
    import('../features/registration/pages/register-patient-page').then((m) => ({
      Component: m.RegisterPatientPage,
    })),
  '/register/admin': () =>
    import('../features/accounts/pages/create-account-page').then((m) => ({
      Component: m.CreateAccountPage,
    })),
  '/staff': () =>
    import('../features/doctors/pages/care-team-page').then((m) => ({ Component: m.CareTeamPage })),
  '/register/staff': () =>
    import('../features/doctors/pages/register-staff-page').then((m) => ({
      Component: m.RegisterStaffPage,
    })),
  '/insurance': () =>
    import('../features/insurance/pages/insurance-directory-page').then((m) => ({
      Component: m.InsuranceDirectoryPage,
    })),
  '/register/insurance': () =>
    import('../features/insurance/pages/register-insurance-page').then((m) => ({
      Component: m.RegisterInsurancePage,
    })),
  '/register/insurance-patient': () =>
    import('../features/insurance-patients/pages/register-insurance-patient-page').then((m) => ({
      Component: m.RegisterInsurancePatientPage,
    })),
  '/register/procedure-diagnosis': () =>
    import('../features/procedures/pages/register-procedure-page').then((m) => ({
      Component: m.RegisterProcedurePage,
    })),
  '/office': PRERENDERED_PAGE_LOADERS['/office'],
  '/register/office': () =>
    import('../features/offices/pages/register-office-page').then((m) => ({
      Component: m.RegisterOfficePage,
    })),
  '/register/schedule': () =>
    import('../features/offices/pages/register-schedule-page').then((m) => ({
      Component: m.RegisterSchedulePage,
    })),
  '/allpatients': () =>
    import('../features/patients/pages/all-patients-page').then((m) => ({ Component: m.AllPatientsPage })),
  '/dashboard/patient': () =>
    import('./patient-dashboard-panels').then((m) => ({ Component: m.PatientDashboardRoute })),
  '/register/promotion': () =>
    import('../features/promotions/pages/register-promotion-page').then((m) => ({
      Component: m.RegisterPromotionPage,
    })),
  '/content-creator': () =>
    import('../features/content/pages/content-creator-page').then((m) => ({
      Component: m.ContentCreatorPage,
    })),
  '/content/:id': () =>
    import('../features/content/pages/content-page').then((m) => ({ Component: m.ContentPage })),
  '/appointments': PRERENDERED_PAGE_LOADERS['/appointments'],
  '/appointmentPopup': () =>
    import('../features/appointments/pages/appointment-popup-page').then((m) => ({
      Component: m.AppointmentPopupPage,
    })),
  '/frontdeskcheckin': () =>
    import('../features/appointments/pages/front-desk-check-in-page').then((m) => ({
      Component: m.FrontDeskCheckInPage,
    })),
  '/register/authorization': () =>
    import('../features/authorizations/pages/register-authorization-page').then((m) => ({
      Component: m.RegisterAuthorizationPage,
    })),
  '/authorizations/worklist': () =>
    import('../features/authorizations/pages/authorization-worklist-page').then((m) => ({
      Component: m.AuthorizationWorklistPage,
    })),
  '/ratingadminview': () => import('./rating-admin-route').then((m) => ({ Component: m.RatingAdminRoute })),
  '/register/point-item': () =>
    import('../features/rewards/pages/point-item-page').then((m) => ({ Component: m.PointItemPage })),
  '/pointpatientinventory': () =>
    import('../features/rewards/pages/rewards-page').then((m) => ({ Component: m.RewardsPage })),
  '/patientreceipt': () => import('./receipts-route').then((m) => ({ Component: m.ReceiptsRoute })),
  '/audit': () =>
    import('../features/audit/pages/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  '/calendar': () =>
    import('../features/appointments/pages/calendar-page').then((m) => ({ Component: m.CalendarPage })),
  '/timesheets': () =>
    import('../features/timesheets/pages/timesheets-page').then((m) => ({ Component: m.TimesheetsPage })),
  '/messages': () =>
    import('../features/messages/pages/messages-page').then((m) => ({ Component: m.MessagesPage })),
  '/reports/daily': () =>
    import('../features/reports/pages/daily-report-page').then((m) => ({ Component: m.DailyReportPage })),
};

export const PAGE_ROUTES: readonly PageRoute[] = PAGE_PATHS.map((path) => ({
  path,
  load: PAGE_LOADERS[path],
}));

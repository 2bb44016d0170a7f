import { can } from '@clinic/contract/permissions';
import { PatientAppointmentsTable } from '../features/appointments/components/patient-appointments-table';
import { PatientAuthorizations } from '../features/authorizations/components/patient-authorizations';
import { PatientInsuranceRecords } from '../features/insurance-patients/components/patient-insurance-records';
import { DashboardPanel } from '../features/patients/components/dashboard-panel';
import type { PatientDashboardPanel } from '../features/patients/components/dashboard-panels';
import { PointsPanel } from '../features/patients/components/points-panel';
import { PreferencesPanel } from '../features/patients/components/preferences-panel';
import { ProfilePanel } from '../features/patients/components/profile-panel';
import { PatientDashboardPage } from '../features/patients/pages/patient-dashboard-page';

/**
 * The app composes the patient dashboard from several features' panels (features never import each
 * other), in the spec's order (§2 Patient dashboard): profile, total points, insurance,
 * authorizations, appointments, ratings (patients only), communication preferences. Later panels are added
 * here, before the preferences, and render with nothing else to change.
 */
export const PATIENT_DASHBOARD_PANELS: readonly PatientDashboardPanel[] = [
  {
    id: 'profile',
    span: 'wide',
    Component: ({ patient, role }) => (
      <ProfilePanel patient={patient} editable={can(role, 'patient:edit:own')} />
    ),
  },
  {
    id: 'points',
    span: 'narrow',
    Component: ({ patient, role }) => (
      <PointsPanel patientId={patient.patientId} canAdjust={can(role, 'points:manage')} />
    ),
  },
  {
    id: 'insurance',
    span: 'full',
    Component: ({ patient, role }) => (
      <DashboardPanel title="Insurance">
        <PatientInsuranceRecords
          patientId={patient.patientId}
          canManage={can(role, 'insurance-patient:manage')}
        />
      </DashboardPanel>
    ),
  },
  {
    id: 'authorizations',
    span: 'full',
    Component: ({ patient, role }) => (
      <DashboardPanel title="Authorizations">
        <PatientAuthorizations patientId={patient.patientId} role={role} />
      </DashboardPanel>
    ),
  },
  {
    id: 'appointments',
    span: 'full',
    Component: ({ patient, role }) => (
      <DashboardPanel title="Appointments">
        <PatientAppointmentsTable patientId={patient.patientId} role={role} />
      </DashboardPanel>
    ),
  },
  {
    id: 'preferences',
    span: 'full',
    Component: ({ patient, role }) => (
      <PreferencesPanel patient={patient} editable={can(role, 'patient:edit:own')} />
    ),
  },
];

/** The /dashboard/patient page with the panels above. */
export function PatientDashboardRoute() {
  return <PatientDashboardPage panels={PATIENT_DASHBOARD_PANELS} />;
}

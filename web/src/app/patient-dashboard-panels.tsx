import type { Patient } from '@clinic/contract/patients';
import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import type { ComponentType } from 'react';
import { PatientAppointmentsTable } from '../features/appointments/components/patient-appointments-table';
import { DashboardPanel } from '../features/patients/components/dashboard-panel';
import { PointsPanel } from '../features/patients/components/points-panel';
import { PreferencesPanel } from '../features/patients/components/preferences-panel';
import { ProfilePanel } from '../features/patients/components/profile-panel';

/** What every panel of the patient dashboard is given. */
export interface PatientPanelProps {
  patient: Patient;
  /** The viewer's role: the patient themself, or staff looking at a chosen patient. */
  role: Role;
}

export interface PatientDashboardPanel {
  id: string;
  /** Width on wide screens: two thirds, one third, or the whole row. Narrow screens stack them all. */
  span: 'wide' | 'narrow' | 'full';
  Component: ComponentType<PatientPanelProps>;
  /** Leave out for every role (e.g. the ratings panel is for patients only). */
  visibleTo?: (role: Role) => boolean;
}

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
    Component: ({ patient }) => <PointsPanel patientId={patient.patientId} />,
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

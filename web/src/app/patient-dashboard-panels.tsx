import { dayLabel } from '@clinic/contract/office-hours';
import { can } from '@clinic/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PatientAppointmentsTable } from '../features/appointments/components/patient-appointments-table';
import { PatientWaitlist } from '../features/appointments/components/patient-waitlist';
import { PatientAuthorizations } from '../features/authorizations/components/patient-authorizations';
import { PatientInsuranceRecords } from '../features/insurance-patients/components/patient-insurance-records';
import { DashboardPanel } from '../features/patients/components/dashboard-panel';
import type { PatientDashboardPanel } from '../features/patients/components/dashboard-panels';
import { PointsPanel } from '../features/patients/components/points-panel';
import { PreferencesPanel } from '../features/patients/components/preferences-panel';
import { ProfilePanel } from '../features/patients/components/profile-panel';
import { PatientDashboardPage } from '../features/patients/pages/patient-dashboard-page';
import { PatientRatings } from '../features/ratings/components/patient-ratings';
import { RateIfUnrated } from '../features/ratings/components/rate-visit-button';
import { pointsBankKeys } from '../lib/points-bank';
import styles from './patient-dashboard-panels.module.css';

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
    id: 'waitlist',
    span: 'full',
    visibleTo: (role) => can(role, 'appointment:book:own'),
    // Shown while the patient waits for a day or has a time offered (issue 14).
    Component: () => (
      <PatientWaitlist frame={(content) => <DashboardPanel title="Waitlist">{content}</DashboardPanel>} />
    ),
  },
  {
    id: 'appointments',
    span: 'full',
    Component: ({ patient, role }) => (
      <DashboardPanel title="Appointments">
        <PatientAppointmentsTable
          patientId={patient.patientId}
          role={role}
          rowActions={
            can(role, 'rating:write:own')
              ? (a) =>
                  a.conformation === 'Completed' ? (
                    <RateIfUnrated
                      patientId={patient.patientId}
                      appointmentId={a.appoinmentId}
                      dateText={dayLabel(a.appointmentDate)}
                    />
                  ) : null
              : undefined
          }
        />
      </DashboardPanel>
    ),
  },
  {
    id: 'ratings',
    span: 'full',
    visibleTo: (role) => can(role, 'rating:write:own'),
    Component: ({ patient }) => <RatingsPanel patientId={patient.patientId} />,
  },
  {
    id: 'preferences',
    span: 'full',
    Component: ({ patient, role }) => (
      <PreferencesPanel
        patient={patient}
        editable={can(role, 'patient:edit:own')}
        after={
          // The outbox shows what these preferences let through (managers and administrators).
          can(role, 'message:read') ? (
            <p className={styles.messagesLink}>
              <Link to={`/messages?patientId=${patient.patientId}`}>
                Messages sent to {patient.firstName || 'this patient'}
              </Link>
            </p>
          ) : null
        }
      />
    ),
  },
];

/**
 * The patient's ratings (spec §6: the ratings panel is the patient's only). A rating earns a point, so
 * when the popup reports one the points balance is fetched again too.
 */
function RatingsPanel({ patientId }: { patientId: number }) {
  const queryClient = useQueryClient();
  return (
    <DashboardPanel title="Ratings">
      <PatientRatings
        patientId={patientId}
        onRated={() => void queryClient.invalidateQueries({ queryKey: pointsBankKeys.of(patientId) })}
      />
    </DashboardPanel>
  );
}

/** The /dashboard/patient page with the panels above. */
export function PatientDashboardRoute() {
  return <PatientDashboardPage panels={PATIENT_DASHBOARD_PANELS} />;
}

import { MSG, msg } from '@clinic/contract/messages';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { isImplementedPath } from '../../../lib/page-paths';
import { parsePatientId } from '../../../lib/patient-id';
import { withReturn } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { usePatient } from '../api/get-patient';
import type { PatientDashboardPanel } from '../components/dashboard-panels';
import styles from './patient-dashboard-page.module.css';

const ALL_PATIENTS_PATH = '/allpatients';

/**
 * The patient dashboard (spec §2): a patient sees their own record (the id stored at sign-in); staff see
 * the patient chosen on All Patients (the same stored id), read-only except where §6 allows. The panels
 * come from several features, so the app composes them (app/patient-dashboard-panels.tsx).
 */
export function PatientDashboardPage({ panels }: { panels: readonly PatientDashboardPanel[] }) {
  useDocumentTitle('Patient Dashboard');
  const session = useSession();
  const patientId = parsePatientId(session?.patientId ?? null);
  const patient = usePatient(session ? patientId : null);
  const isPatient = session?.role === 'PATIENT';
  const location = useLocation();

  let body: ReactNode;
  if (!session?.role) {
    // Signing in comes back here, with the query (a message's link to a waitlist offer keeps its offer).
    body = (
      <p>
        Please <Link to={withReturn('/login/patient', location.pathname + location.search)}>sign in</Link> to
        see your dashboard.
      </p>
    );
  } else if (patientId === null) {
    body = (
      <>
        <StatusMessage tone="error">{MSG.noPatientIdStored}</StatusMessage>
        {!isPatient && isImplementedPath(ALL_PATIENTS_PATH) ? (
          <p>
            Choose a patient on <Link to={ALL_PATIENTS_PATH}>All Patients</Link>.
          </p>
        ) : null}
      </>
    );
  } else if (patient.isPending) {
    body = <p role="status">Loading…</p>;
  } else if (patient.isError) {
    body = <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(patient.error))}</StatusMessage>;
  } else {
    const role = session.role;
    body = (
      <>
        {isPatient ? (
          <p className={styles.welcome}>Welcome back, {patient.data.firstName}.</p>
        ) : (
          <p className={styles.viewing}>
            Viewing the record of{' '}
            <strong>
              {patient.data.firstName} {patient.data.lastName}
            </strong>
            . The profile and preferences can be changed by the patient only.
            {isImplementedPath(ALL_PATIENTS_PATH) ? (
              <>
                {' '}
                <Link to={ALL_PATIENTS_PATH}>Back to All Patients</Link>
              </>
            ) : null}
          </p>
        )}
        <div className={styles.panels}>
          {panels
            .filter((panel) => panel.visibleTo?.(role) ?? true)
            .map(({ id, span, Component }) => (
              <div key={id} className={styles[span]}>
                <Component patient={patient.data} role={role} />
              </div>
            ))}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Patient Dashboard</h1>
      {body}
    </div>
  );
}

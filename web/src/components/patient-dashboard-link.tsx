import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { choosePatientForDashboard, PATIENT_DASHBOARD_PATH } from '../lib/patient-dashboard';

interface PatientDashboardLinkProps {
  patientId: number;
  children: ReactNode;
  className?: string;
}

/**
 * A link to a patient's dashboard: following it stores the patient's id first (as All Patients does), also
 * when it is opened in a new tab with a middle click (the tabs share local storage).
 */
export function PatientDashboardLink({ patientId, children, className }: PatientDashboardLinkProps) {
  const choose = () => choosePatientForDashboard(patientId);
  return (
    <Link to={PATIENT_DASHBOARD_PATH} className={className} onClick={choose} onAuxClick={choose}>
      {children}
    </Link>
  );
}

import { SESSION_KEYS } from './session-storage';

export const PATIENT_DASHBOARD_PATH = '/dashboard/patient';

/**
 * Staff open a patient's dashboard by storing that patient's id locally (spec §2 All Patients: "clicking
 * a row stores the patient id locally and opens the patient dashboard"); the dashboard reads it back.
 */
export function choosePatientForDashboard(patientId: number): void {
  window.localStorage.setItem(SESSION_KEYS.patientId, String(patientId));
}

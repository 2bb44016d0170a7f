import type { Role } from '@clinic/contract/roles';

/** The dashboard of a role (spec §2): the patient dashboard for PATIENT, the doctor dashboard otherwise. */
export function dashboardPathFor(role: Role): string {
  return role === 'PATIENT' ? '/dashboard/patient' : '/dashboard/doctor';
}

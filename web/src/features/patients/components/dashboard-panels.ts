import type { Patient } from '@clinic/contract/patients';
import type { Role } from '@clinic/contract/roles';
import type { ComponentType } from 'react';

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

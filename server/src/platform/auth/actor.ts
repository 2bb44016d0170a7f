import type { Role } from '@clinic/contract/roles';

/** Who is calling: the verified token's claims, bound to a live session row. */
export interface Actor {
  userId: number;
  username: string;
  role: Role;
  /** Set for PATIENT accounts: the one patient record they may reach. */
  patientId: number | null;
  /** Set for staff accounts linked to a doctor/staff record. */
  doctorId: number | null;
  sessionId: string;
}

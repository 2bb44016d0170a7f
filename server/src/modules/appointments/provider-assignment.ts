import { BOOKING_REFUSALS } from '@clinic/contract/booking-refusals';
import { CALENDAR_MESSAGES, canAssignProvider } from '@clinic/contract/calendar';
import { type AppointmentStatus, HOME_SEARCH_EXCLUDED_SPECIALTIES } from '@clinic/contract/constants';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import type { AppointmentsRepository } from './appointments.repository';
import { slotKey } from './slots';

/** Specialties that are staff roles, not providers: never a visit's provider, never a calendar column. */
export const STAFF_SPECIALTIES: ReadonlySet<string> = new Set<string>(HOME_SEARCH_EXCLUDED_SPECIALTIES);

/**
 * Booking's rule for who may see a visit at an office: a clinician (not a staff role such as the front desk)
 * who works there. The 'Not Sure' placeholder stands for any provider, so it belongs to every office.
 */
export function providerRefusal(
  doctor: { office_id: number | null; specialty: string; is_placeholder: boolean },
  officeId: number,
): string | null {
  if (doctor.is_placeholder) return null;
  if (STAFF_SPECIALTIES.has(doctor.specialty.toUpperCase())) return BOOKING_REFUSALS.notAClinician;
  if (doctor.office_id !== officeId) return BOOKING_REFUSALS.doctorElsewhere;
  return null;
}

/**
 * Gives an unassigned visit (booked with the 'Not Sure' placeholder) its provider, on the row the caller has
 * locked, in the caller's transaction with its audit row (issue 28). The visit keeps its day and time, so the
 * slot's capacity and the patient's other visits do not change; what is checked is what booking checks of a
 * provider: a clinician of the visit's office, with no other live visit at that time. A visit still waiting
 * or being seen may be assigned, even once its time has passed (the patient has walked in); a finished one
 * may not. The database's one-live-visit-per-doctor-and-slot index settles a race with a booking.
 */
export async function assignProvider(
  trx: Transaction<DB>,
  repo: AppointmentsRepository,
  row: {
    id: number;
    office_id: number;
    doctor_id: number;
    status: AppointmentStatus;
    appointment_date: string;
    appointment_time: string;
  },
  doctorId: number,
): Promise<void> {
  const current = await repo.findDoctor(row.doctor_id, trx);
  if (!current?.is_placeholder) throw conflict(CALENDAR_MESSAGES.alreadyAssigned);
  if (!canAssignProvider(row.status)) throw conflict(CALENDAR_MESSAGES.assignFinished);
  const doctor = await repo.findDoctor(doctorId, trx);
  if (!doctor) throw badRequest(BOOKING_REFUSALS.doctorNotFound);
  if (doctor.is_placeholder) throw badRequest(CALENDAR_MESSAGES.assignPlaceholder);
  const refusal = providerRefusal(doctor, row.office_id);
  if (refusal) throw badRequest(refusal);
  const slot = { doctorId: doctor.id, date: row.appointment_date, time: slotKey(row.appointment_time) };
  if (await repo.doctorHasLiveAppointment(trx, slot, row.id)) throw conflict(BOOKING_REFUSALS.doctorBusy);
  // A real provider's visit takes their slot (the placeholder's never did).
  await repo.updateFields(trx, row.id, { doctor_id: doctor.id, doctor_exclusive: true });
}

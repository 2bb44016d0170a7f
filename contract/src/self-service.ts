import { type Static, Type } from 'typebox';
import { IsoDate, WallTime } from './common';

/**
 * Patients cancel or move their own Scheduled visits online up to a cut-off before the visit starts
 * (issue 14; docs/decisions/0037). The cut-off is the network's setting (PATIENT_CHANGE_CUTOFF_HOURS,
 * 24 hours unless configured); the server tells the web the value, and both decide with patientChangeRefusal.
 */
export const DEFAULT_PATIENT_CHANGE_CUTOFF_HOURS = 24;
/** The largest cut-off a network may set: a month. */
export const MAX_PATIENT_CHANGE_CUTOFF_HOURS = 720;

export const ChangePolicy = Type.Object({ cutoffHours: Type.Integer({ minimum: 0 }) });
export type ChangePolicy = Static<typeof ChangePolicy>;

/** POST /api/appointments/{id}/reschedule: where and when the visit moves to (the rules of a booking). */
export const RescheduleBody = Type.Object(
  {
    officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    doctorId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    appointmentDate: IsoDate,
    appointmentTime: WallTime,
  },
  { additionalProperties: false },
);
export type RescheduleBody = Static<typeof RescheduleBody>;

export type PatientChangeRefusal = 'not_scheduled' | 'inside_cutoff';

/** Why a patient may not cancel or move this visit online now; null when they may. */
export function patientChangeRefusal(
  visit: { conformation: string; startsAt: string | Date },
  now: Date,
  cutoffHours: number,
): PatientChangeRefusal | null {
  if (visit.conformation !== 'Scheduled') return 'not_scheduled';
  const startsAt = typeof visit.startsAt === 'string' ? new Date(visit.startsAt) : visit.startsAt;
  return startsAt.getTime() - now.getTime() < cutoffHours * 3_600_000 ? 'inside_cutoff' : null;
}

/** The cut-off in words: '24 hours', '1 hour', '2 days' (whole days from 48 hours on). */
export function cutoffText(cutoffHours: number): string {
  if (cutoffHours >= 48 && cutoffHours % 24 === 0) return `${cutoffHours / 24} days`;
  return cutoffHours === 1 ? '1 hour' : `${cutoffHours} hours`;
}

/** The rule in a sentence: 'Visits can be canceled or moved online up to 24 hours before they start.' */
export function cutoffRule(cutoffHours: number): string {
  return `Visits can be canceled or moved online up to ${cutoffText(cutoffHours)} before they start.`;
}

/** What the server answers when a visit is inside the cut-off. */
export function insideCutoffMessage(cutoffHours: number, officePhone: string | null): string {
  const call = officePhone ? `please call the office at ${officePhone}` : 'please call the office';
  return `${cutoffRule(cutoffHours)} To change this one, ${call}.`;
}

export const NOT_SCHEDULED_MESSAGE = 'Only a Scheduled visit can be canceled or moved online.';

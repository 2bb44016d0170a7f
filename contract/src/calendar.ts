import { type Static, Type } from 'typebox';
import { isLiveStatus, isTerminalStatus } from './appointment-status';
import { AppointmentStatusSchema } from './appointments';
import { IsoDate, WallTime } from './common';
import { SLOT_MINUTES } from './constants';
import { addCalendarDays, formatWallTime, parseWallTime, WEEKDAYS, weekdayOfDate } from './office-hours';

/**
 * The provider calendar (issue 15, `/calendar`): an office's day or week with a column per provider.
 *
 * GET /api/appointments/calendar?officeId=&from=&to= answers in one call what the page draws: the office's
 * days with their hours, its providers and the visits of the range (patients named, so the read is audited).
 * Staff who run check-in at the office may read it (a doctor: their own office).
 *
 * POST /api/appointments/{id}/move moves a visit to another provider, day or time of its office by the
 * booking rules and their messages (only a Scheduled visit moves; the slot must be open, in the future and
 * have room; the provider and the patient must be free). ADMIN, MANAGER and FRONTDESK may move.
 *
 * A visit booked with the 'Not Sure' placeholder has no provider yet (issue 28): the calendar draws it apart, as
 * Unassigned, and POST /api/appointments/{id}/assign gives it a provider of its office who is free at its time,
 * by the same people and the booking rules for a provider (docs/decisions/0052).
 */

/** The most days one calendar answer covers (a week view). */
export const CALENDAR_MAX_DAYS = 7;
/** The most providers one office's calendar draws (a large office has a few dozen). */
export const CALENDAR_MAX_PROVIDERS = 200;
/** The most visits one answer holds; a busier range says `truncated` and the page asks for a day. */
export const CALENDAR_MAX_APPOINTMENTS = 4000;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const CalendarQuery = Type.Object({ officeId: Id, from: IsoDate, to: IsoDate });
export type CalendarQuery = Static<typeof CalendarQuery>;

/** One day of the range: its hours in the office's wall clock, or null when the office is closed. */
export const CalendarDay = Type.Object({
  date: Type.String(),
  open: Type.Union([Type.String(), Type.Null()]),
  close: Type.Union([Type.String(), Type.Null()]),
  /** Visits per slot on an open day. */
  increments: Type.Union([Type.Integer(), Type.Null()]),
});
export type CalendarDay = Static<typeof CalendarDay>;

export const CalendarProvider = Type.Object({
  doctorId: Type.Integer(),
  name: Type.String(),
  specialty: Type.String(),
});
export type CalendarProvider = Static<typeof CalendarProvider>;

export const CalendarAppointment = Type.Object({
  appointmentId: Type.Integer(),
  doctorId: Type.Integer(),
  patientId: Type.Integer(),
  patientName: Type.String(),
  /** Office-local 'yyyy-mm-dd' and 'HH:MM'. */
  date: Type.String(),
  time: Type.String(),
  status: AppointmentStatusSchema,
  typeVisitLabel: Type.String(),
});
export type CalendarAppointment = Static<typeof CalendarAppointment>;

export const CalendarResponse = Type.Object({
  officeId: Type.Integer(),
  officeName: Type.String(),
  timeZone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(CalendarDay, { maxItems: CALENDAR_MAX_DAYS }),
  /** The office's clinicians (no staff roles), by name. The 'Not Sure' placeholder is not one of them. */
  providers: Type.Array(CalendarProvider, { maxItems: CALENDAR_MAX_PROVIDERS }),
  /**
   * The doctor id of visits that have no provider yet (the 'Not Sure' placeholder's), null when the network
   * has no placeholder. Moving a visit to it leaves the visit unassigned.
   */
  unassignedDoctorId: Type.Union([Type.Integer(), Type.Null()]),
  /** Every visit of the range, canceled ones included, in start order. */
  appointments: Type.Array(CalendarAppointment, { maxItems: CALENDAR_MAX_APPOINTMENTS }),
  /** True when the range held more visits than the answer carries. */
  truncated: Type.Boolean(),
});
export type CalendarResponse = Static<typeof CalendarResponse>;

export const MoveAppointmentBody = Type.Object({
  doctorId: Id,
  appointmentDate: IsoDate,
  appointmentTime: WallTime,
});
export type MoveAppointmentBody = Static<typeof MoveAppointmentBody>;

/** POST /appointments/{id}/assign: the provider an unassigned visit gets, at its own day and time. */
export const AssignProviderBody = Type.Object({ doctorId: Id });
export type AssignProviderBody = Static<typeof AssignProviderBody>;

export const CALENDAR_MESSAGES = {
  rangeOrder: 'The range must end on or after the day it starts.',
  rangeTooLong: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time.`,
  moved: 'Appointment moved.',
  /** The label of visits without a provider, where a provider's name would be. */
  unassigned: 'Unassigned',
  assigned: 'Provider assigned.',
  alreadyAssigned: 'This appointment already has a provider; move it to change the provider.',
  assignFinished: 'Only a Scheduled, Walked In or In Room appointment can be given a provider.',
  assignPlaceholder: 'Choose a provider to assign; the appointment is already unassigned.',
} as const;

/** Whether a visit may still be given a provider: until it is finished (Completed, Canceled or No Show). */
export function canAssignProvider(status: CalendarAppointment['status']): boolean {
  return !isTerminalStatus(status);
}

/**
 * The providers with no other live visit at an appointment's day and time, as far as the calendar's answer
 * shows (the server decides with what is booked at that moment).
 */
export function freeProviders(
  data: Pick<CalendarResponse, 'providers' | 'appointments'>,
  appointment: Pick<CalendarAppointment, 'appointmentId' | 'date' | 'time'>,
): CalendarProvider[] {
  const busy = new Set(
    data.appointments
      .filter(
        (a) =>
          a.appointmentId !== appointment.appointmentId &&
          a.date === appointment.date &&
          a.time === appointment.time &&
          isLiveStatus(a.status),
      )
      .map((a) => a.doctorId),
  );
  return data.providers.filter((p) => !busy.has(p.doctorId));
}

/**
 * The rows of a calendar: every slot start from the earliest opening to the latest closing of the shown
 * days (a whole day of 8:00-18:00 when every day is closed), so days and providers line up.
 */
export function calendarRows(days: readonly CalendarDay[], slotMinutes = SLOT_MINUTES): string[] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    const open = parseWallTime(day.open);
    const close = parseWallTime(day.close);
    if (open === null || close === null || close <= open) continue;
    first = Math.min(first, open);
    last = Math.max(last, close);
  }
  if (!Number.isFinite(first)) {
    first = 8 * 60;
    last = 18 * 60;
  }
  first -= first % slotMinutes;
  const rows: string[] = [];
  for (let t = first; t + slotMinutes <= last; t += slotMinutes) rows.push(formatWallTime(t));
  return rows;
}

/** Whether a slot start lies within a day's hours (a whole slot before closing). */
export function isWithinHours(day: CalendarDay, time: string, slotMinutes = SLOT_MINUTES): boolean {
  const open = parseWallTime(day.open);
  const close = parseWallTime(day.close);
  const at = parseWallTime(time);
  if (open === null || close === null || at === null) return false;
  return at >= open && at + slotMinutes <= close;
}

export type CalendarView = 'day' | 'week';

/** The days a view shows around a date: the date itself, or its week from Monday to Sunday. */
export function calendarRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  const offset = (WEEKDAYS.indexOf(weekdayOfDate(date)) + 6) % 7;
  const from = addCalendarDays(date, -offset);
  return { from, to: addCalendarDays(from, CALENDAR_MAX_DAYS - 1) };
}

/** The date a view's Previous or Next button goes to: a day, or a week, away. */
export function stepCalendarDate(view: CalendarView, date: string, step: -1 | 1): string {
  return addCalendarDays(date, step * (view === 'week' ? 7 : 1));
}

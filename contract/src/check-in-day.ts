import { nextStatuses } from './appointment-status';
import type { AppointmentStatus } from './constants';
import { MSG, msg } from './messages';
import { calendarDateInZone, dayLabel, formatTime12 } from './office-hours';

/**
 * Which check-in moves a visit allows now (issue 28; docs/decisions/0054): the state machine of spec §4,
 * narrowed by the visit's own office-local day. Walked In, In Room, Completed and No Show happen on the day
 * of the visit at its office (No Show only from the visit's start on); Canceled may come any day. A status
 * set by mistake is undone, one step back, on that same day; a Canceled visit is not brought back (its
 * patient was told and its time offered to others). One rule for the server, which refuses, and the check-in
 * board, which offers only what is allowed.
 */

/** What the rule needs of a visit: its status, office-local day, start instant and office zone. */
export interface CheckInVisit {
  conformation: AppointmentStatus;
  /** Office-local 'yyyy-mm-dd'. */
  appointmentDate: string;
  startsAt: string | Date;
  /** The office's IANA zone. */
  timeZone: string;
}

/** The statuses that belong to the visit's own day. */
export const DAY_BOUND_STATUSES: readonly AppointmentStatus[] = [
  'Walked In',
  'In Room',
  'Completed',
  'No Show',
];

/** Why a move the state machine allows is refused now: not the visit's day, or a No Show before its time. */
export type CheckInDayRefusal = 'not_visit_day' | 'before_start';

/** Why an undo is refused: nothing to undo (Scheduled), a Canceled visit, or not the visit's day. */
export type UndoRefusal = 'nothing_to_undo' | 'canceled' | 'not_visit_day';

/** Whether `now` falls on the visit's day at its office. */
export function isVisitDay(visit: Pick<CheckInVisit, 'appointmentDate' | 'timeZone'>, now: Date): boolean {
  return calendarDateInZone(now, visit.timeZone) === visit.appointmentDate;
}

function startOf(visit: Pick<CheckInVisit, 'startsAt'>): number {
  return (typeof visit.startsAt === 'string' ? new Date(visit.startsAt) : visit.startsAt).getTime();
}

/** Why moving the visit to `to` is refused at `now` by the day rule; null when the day allows it. */
export function checkInDayRefusal(
  visit: CheckInVisit,
  to: AppointmentStatus,
  now: Date,
): CheckInDayRefusal | null {
  if (!DAY_BOUND_STATUSES.includes(to)) return null;
  if (!isVisitDay(visit, now)) return 'not_visit_day';
  if (to === 'No Show' && now.getTime() < startOf(visit)) return 'before_start';
  return null;
}

/** The moves a check-in card offers now: the legal next steps that the day allows, in the state machine's order. */
export function allowedNextStatuses(visit: CheckInVisit, now: Date): AppointmentStatus[] {
  return nextStatuses(visit.conformation).filter((to) => checkInDayRefusal(visit, to, now) === null);
}

/**
 * The status an undo returns to: the one before it in the visit's history. Every status has exactly one
 * way in (§4), so that is the state machine's predecessor; null for Scheduled, which has none.
 */
export function statusBefore(status: AppointmentStatus): AppointmentStatus | null {
  switch (status) {
    case 'Walked In':
    case 'Canceled':
    case 'No Show':
      return 'Scheduled';
    case 'In Room':
      return 'Walked In';
    case 'Completed':
      return 'In Room';
    case 'Scheduled':
      return null;
  }
}

/** Why the visit's current status cannot be undone at `now`; null when it can (who may is the permission's). */
export function undoRefusal(visit: CheckInVisit, now: Date): UndoRefusal | null {
  if (visit.conformation === 'Scheduled') return 'nothing_to_undo';
  if (visit.conformation === 'Canceled') return 'canceled';
  if (!isVisitDay(visit, now)) return 'not_visit_day';
  return null;
}

/** The refusal in the front desk's words (the server's 400 message). `appointmentTime` is office-local HH:MM. */
export function checkInDayRefusalMessage(
  refusal: CheckInDayRefusal,
  visit: Pick<CheckInVisit, 'appointmentDate'> & { appointmentTime: string },
  to: AppointmentStatus,
): string {
  return refusal === 'before_start'
    ? msg.noShowBeforeStart(formatTime12(visit.appointmentTime))
    : msg.notOnVisitDay(to, dayLabel(visit.appointmentDate));
}

/** An undo's refusal in the front desk's words. */
export function undoRefusalMessage(
  refusal: UndoRefusal,
  visit: Pick<CheckInVisit, 'appointmentDate'>,
): string {
  if (refusal === 'nothing_to_undo') return MSG.nothingToUndo;
  if (refusal === 'canceled') return MSG.canceledNotUndone;
  return msg.undoNotOnVisitDay(dayLabel(visit.appointmentDate));
}

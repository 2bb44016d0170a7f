import { type Static, Type } from 'typebox';
import { BoundedList } from './common';

/**
 * Doctor clock (spec §7 Doctor clock, §3 Clock log, §4 Doctor clock). A staff member clocks in, takes
 * breaks and clocks out on their own record; times are instants (ISO 8601), totalWorked is in minutes
 * with the breaks taken off, set when the shift ends.
 */
export const ClockDoctorParams = Type.Object({ doctorId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type ClockDoctorParams = Static<typeof ClockDoctorParams>;

export const ClockIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type ClockIdParams = Static<typeof ClockIdParams>;

export const ClockStatus = Type.Object({
  clockedIn: Type.Boolean(),
  onBreak: Type.Boolean(),
});
export type ClockStatus = Static<typeof ClockStatus>;

export const ClockBreak = Type.Object({
  breakStart: Type.String({ format: 'date-time' }),
  breakEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ClockBreak = Static<typeof ClockBreak>;

export const ClockLog = Type.Object({
  id: Type.Integer(),
  doctorId: Type.Integer(),
  /** The office-local day the shift began (yyyy-mm-dd). */
  workDate: Type.String(),
  clockIn: Type.String({ format: 'date-time' }),
  clockOut: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Minutes worked, breaks excluded; null while the shift runs. */
  totalWorked: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  breaks: Type.Array(ClockBreak),
});
export type ClockLog = Static<typeof ClockLog>;

/** §4: which button the clock offers in each state. */
export type ClockAction = 'clock-in' | 'start-break' | 'end-break' | 'clock-out';

export function clockActions(status: ClockStatus): ClockAction[] {
  if (!status.clockedIn) return ['clock-in'];
  return status.onBreak ? ['end-break', 'clock-out'] : ['start-break', 'clock-out'];
}

/** Minutes between clock-in and clock-out with the breaks taken off (whole minutes, never negative). */
export function workedMinutes(clockIn: Date, clockOut: Date, breaks: { start: Date; end: Date }[]): number {
  const breakMs = breaks.reduce((sum, b) => sum + Math.max(0, b.end.getTime() - b.start.getTime()), 0);
  return Math.max(0, Math.floor((clockOut.getTime() - clockIn.getTime() - breakMs) / 60_000));
}

/** The most clock sessions one doctor's day lists (and breaks per session): more is not a working day. */
export const CLOCK_LOGS_DAY_MAX = 50;
export const CLOCK_BREAKS_MAX = 1000;
export const ClockLogList = BoundedList(ClockLog, CLOCK_LOGS_DAY_MAX);

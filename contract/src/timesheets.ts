import { type Static, Type } from 'typebox';
import { weekStartOf } from './authorization-rules';
import { ClockBreak } from './clock';
import { IsoDate, NonBlank } from './common';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * Timesheets (issue 15, MANAGER and ADMIN): the clock logs of every member of staff of an office over a range
 * of days, with worked minutes and breaks per day and per week, and corrections by a manager that keep the
 * original and record who made them and why.
 */

/** The longest range one timesheet covers (a pay period is at most a month). */
export const TIMESHEET_MAX_DAYS = 31;
/** The most shifts one answer holds; a range holding more is refused with a request to narrow it. */
export const TIMESHEET_SHIFTS_MAX = 3_000;
/** The most breaks one corrected shift may have. */
export const CORRECTION_BREAKS_MAX = 10;

export const TimesheetQuery = Type.Object({ officeId: Id, from: IsoDate, to: IsoDate });
export type TimesheetQuery = Static<typeof TimesheetQuery>;

export const ShiftCorrectionNote = Type.Object({
  /** When (ISO instant). */
  at: Type.String(),
  /** Who corrected it (the username at the time); null if unknown. */
  by: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});
export type ShiftCorrectionNote = Static<typeof ShiftCorrectionNote>;

/** A shift as it was clocked, before any correction. */
export const OriginalShift = Type.Object({
  clockIn: Type.String(),
  clockOut: Type.Union([Type.String(), Type.Null()]),
  breaks: Type.Array(ClockBreak),
});
export type OriginalShift = Static<typeof OriginalShift>;

export const TimesheetShift = Type.Object({
  id: Type.Integer(),
  doctorId: Type.Integer(),
  /** The office-local day the shift began (yyyy-mm-dd). */
  workDate: Type.String(),
  clockIn: Type.String(),
  clockOut: Type.Union([Type.String(), Type.Null()]),
  /** Minutes worked, breaks excluded; null while the shift runs. */
  totalWorked: Type.Union([Type.Integer(), Type.Null()]),
  breaks: Type.Array(ClockBreak),
  /** Corrections, oldest first; empty when the shift is as clocked. */
  corrections: Type.Array(ShiftCorrectionNote),
  /** The shift as clocked, when it has been corrected. */
  original: Type.Union([OriginalShift, Type.Null()]),
});
export type TimesheetShift = Static<typeof TimesheetShift>;

export const TimesheetStaff = Type.Object({
  doctorId: Type.Integer(),
  name: Type.String(),
  specialty: Type.String(),
});
export type TimesheetStaff = Static<typeof TimesheetStaff>;

export const Timesheet = Type.Object({
  officeId: Type.Integer(),
  officeName: Type.String(),
  timeZone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** Every member of staff of the office, with or without shifts, by name. */
  staff: Type.Array(TimesheetStaff),
  /** Their shifts in the range, by clock-in. */
  shifts: Type.Array(TimesheetShift, { maxItems: TIMESHEET_SHIFTS_MAX }),
});
export type Timesheet = Static<typeof Timesheet>;

const WallTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, office-local' });

/**
 * PUT /api/timesheets/shifts/{id}: a manager's correction. Times are office-local wall times on the shift's
 * work date; a clock-out (or break end) earlier than its start falls on the next day (a night shift).
 */
export const ShiftCorrectionBody = Type.Object({
  clockIn: WallTime,
  clockOut: WallTime,
  breaks: Type.Array(Type.Object({ start: WallTime, end: WallTime }), { maxItems: CORRECTION_BREAKS_MAX }),
  reason: NonBlank({ maxLength: 500, description: 'why the shift is corrected' }),
});
export type ShiftCorrectionBody = Static<typeof ShiftCorrectionBody>;

export const TIMESHEET_MESSAGES = {
  rangeOrder: 'The range must end on or after the day it starts.',
  rangeTooLong: `A timesheet covers at most ${TIMESHEET_MAX_DAYS} days; choose a shorter range.`,
  tooManyShifts: `That range holds more than ${TIMESHEET_SHIFTS_MAX.toLocaleString('en-US')} shifts; choose a shorter range.`,
  reasonRequired: 'Please say why the shift is corrected.',
  breakOutsideShift: 'Each break must start and end within the shift.',
  breaksOverlap: 'Breaks must not overlap.',
  corrected: 'The shift was corrected. The original is kept.',
} as const;

export interface DayTotal {
  date: string;
  worked: number;
  breaks: number;
  shifts: number;
}

export interface WeekTotal {
  /** The Monday the week starts on. */
  weekStart: string;
  worked: number;
  breaks: number;
}

/** Minutes of the ended breaks of a shift. */
export function breakMinutes(breaks: readonly { breakStart: string; breakEnd: string | null }[]): number {
  const ms = breaks.reduce(
    (sum, b) => (b.breakEnd ? sum + Math.max(0, Date.parse(b.breakEnd) - Date.parse(b.breakStart)) : sum),
    0,
  );
  return Math.floor(ms / 60_000);
}

/** One person's worked and break minutes per work day and per week (Monday first); running shifts count 0. */
export function timesheetTotals(shifts: readonly TimesheetShift[]): { days: DayTotal[]; weeks: WeekTotal[] } {
  const days = new Map<string, DayTotal>();
  for (const shift of shifts) {
    const day = days.get(shift.workDate) ?? { date: shift.workDate, worked: 0, breaks: 0, shifts: 0 };
    day.worked += shift.totalWorked ?? 0;
    day.breaks += breakMinutes(shift.breaks);
    day.shifts += 1;
    days.set(shift.workDate, day);
  }
  const sortedDays = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  const weeks = new Map<string, WeekTotal>();
  for (const day of sortedDays) {
    const weekStart = weekStartOf(day.date);
    const week = weeks.get(weekStart) ?? { weekStart, worked: 0, breaks: 0 };
    week.worked += day.worked;
    week.breaks += day.breaks;
    weeks.set(weekStart, week);
  }
  return { days: sortedDays, weeks: [...weeks.values()] };
}

/** Minutes as '7 h 30 min', '45 min', '0 min'. */
export function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

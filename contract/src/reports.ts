import { type Static, Type } from 'typebox';
import { IsoDate } from './common';

/**
 * The daily report (issue 15, MANAGER and ADMIN): an office's visits per day and per provider over a range,
 * with no-shows, cancellations, completed visits and new patients.
 *
 * A visit counts on its own day whatever its status; "new patients" are patients whose first visit in the
 * network that was not canceled falls on that day at that office.
 */

/** The longest range one report covers (a quarter). */
export const REPORT_MAX_DAYS = 92;

export const DailyReportQuery = Type.Object({
  officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  from: IsoDate,
  to: IsoDate,
});
export type DailyReportQuery = Static<typeof DailyReportQuery>;

const Counts = {
  /** Every visit booked for the day, whatever its status. */
  visits: Type.Integer(),
  completed: Type.Integer(),
  noShow: Type.Integer(),
  canceled: Type.Integer(),
};

export const ReportDay = Type.Object({ date: Type.String(), ...Counts, newPatients: Type.Integer() });
export type ReportDay = Static<typeof ReportDay>;

export const ReportProvider = Type.Object({
  doctorId: Type.Integer(),
  name: Type.String(),
  ...Counts,
});
export type ReportProvider = Static<typeof ReportProvider>;

export const DailyReport = Type.Object({
  officeId: Type.Integer(),
  officeName: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** Every day of the range, oldest first, days without visits included. */
  days: Type.Array(ReportDay, { maxItems: REPORT_MAX_DAYS }),
  /** Providers with visits in the range, most visits first. */
  providers: Type.Array(ReportProvider, { maxItems: 1000 }),
});
export type DailyReport = Static<typeof DailyReport>;

export interface ReportTotals {
  visits: number;
  completed: number;
  noShow: number;
  canceled: number;
  newPatients: number;
}

export function reportTotals(days: readonly ReportDay[]): ReportTotals {
  return days.reduce(
    (sum, d) => ({
      visits: sum.visits + d.visits,
      completed: sum.completed + d.completed,
      noShow: sum.noShow + d.noShow,
      canceled: sum.canceled + d.canceled,
      newPatients: sum.newPatients + d.newPatients,
    }),
    { visits: 0, completed: 0, noShow: 0, canceled: 0, newPatients: 0 },
  );
}

/** A share as a whole percent ('12%'), or '—' when there is nothing to share. */
export function percentOf(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;
}

export const REPORT_MESSAGES = {
  rangeOrder: 'The range must end on or after the day it starts.',
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days; choose a shorter range.`,
} as const;

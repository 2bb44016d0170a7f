import { breakMinutes, hoursAndMinutes, type TimesheetShift } from '@clinic/contract/timesheets';
import { useId } from 'react';
import { Button } from '../../../components/button';
import tableStyles from '../../../components/data-table.module.css';
import { longDate, momentInZone, weekdayDate } from '../../../lib/date-text';
import styles from './staff-timesheet.module.css';
import type { StaffSheet } from './timesheet-rows';

/** One member of staff's shifts in the range: a row per shift, totals per day (when split) and per week. */
export function StaffTimesheet({
  sheet,
  timeZone,
  onCorrect,
}: {
  sheet: StaffSheet;
  timeZone: string;
  onCorrect?: (shift: TimesheetShift) => void;
}) {
  const headingId = useId();
  const time = (at: string | null, day: string) =>
    at ? momentInZone(at, timeZone, day) : 'Still clocked in';
  const splitDays = new Map(sheet.days.filter((d) => d.shifts > 1).map((d) => [d.date, d]));
  return (
    <section className={styles.person} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.name}>
        {sheet.person.name} <span className={styles.role}>{sheet.role}</span>
      </h2>
      <p className={styles.totals}>
        {hoursAndMinutes(sheet.worked)} worked, {hoursAndMinutes(sheet.breaks)} of breaks in{' '}
        {sheet.shifts.length} {sheet.shifts.length === 1 ? 'shift' : 'shifts'}
        {sheet.weeks.length > 1
          ? ` · ${sheet.weeks.map((w) => `week of ${longDate(w.weekStart)}: ${hoursAndMinutes(w.worked)}`).join(' · ')}`
          : ''}
      </p>
      <table className={tableStyles.table}>
        <caption className={styles.caption}>Shifts of {sheet.person.name}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Clock in</th>
            <th scope="col">Clock out</th>
            <th scope="col">Breaks</th>
            <th scope="col">Worked</th>
            {onCorrect ? (
              <th scope="col">
                <span className={styles.caption}>Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {sheet.shifts.map((shift, index) => {
            const dayTotal = splitDays.get(shift.workDate);
            const lastOfDay = sheet.shifts[index + 1]?.workDate !== shift.workDate;
            const last = shift.corrections.at(-1);
            return (
              <tr key={shift.id} className={last ? styles.corrected : undefined}>
                <td data-label="Day">
                  {weekdayDate(shift.workDate)}
                  {dayTotal && lastOfDay ? (
                    <span className={styles.note}>Day total {hoursAndMinutes(dayTotal.worked)}</span>
                  ) : null}
                </td>
                <td data-label="Clock in">{time(shift.clockIn, shift.workDate)}</td>
                <td data-label="Clock out">{time(shift.clockOut, shift.workDate)}</td>
                <td data-label="Breaks">{hoursAndMinutes(breakMinutes(shift.breaks))}</td>
                <td data-label="Worked">
                  {shift.totalWorked === null ? '—' : hoursAndMinutes(shift.totalWorked)}
                  {last ? (
                    <span className={styles.note}>
                      Corrected by {last.by ?? 'someone'} on {momentInZone(last.at, timeZone)}: {last.reason}
                      {shift.original
                        ? ` Clocked ${time(shift.original.clockIn, shift.workDate)} to ${time(shift.original.clockOut, shift.workDate)}.`
                        : ''}
                    </span>
                  ) : null}
                </td>
                {onCorrect ? (
                  <td data-label="Actions">
                    <Button
                      variant="secondary"
                      aria-label={`Correct the shift of ${weekdayDate(shift.workDate)}`}
                      onClick={() => onCorrect(shift)}
                    >
                      Correct
                    </Button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

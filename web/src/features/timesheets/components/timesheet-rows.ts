import { specialtyLabel } from '@clinic/contract/doctors';
import {
  breakMinutes,
  type DayTotal,
  type Timesheet,
  type TimesheetShift,
  type TimesheetStaff,
  timesheetTotals,
  type WeekTotal,
} from '@clinic/contract/timesheets';
import { toCsv } from '../../../lib/csv';
import { clockInZone } from '../../../lib/date-text';

export interface StaffSheet {
  person: TimesheetStaff;
  role: string;
  shifts: TimesheetShift[];
  days: DayTotal[];
  weeks: WeekTotal[];
  worked: number;
  breaks: number;
}

/** Each member of staff with their shifts and totals, in the answer's order (by name). */
export function staffSheets(sheet: Timesheet): StaffSheet[] {
  const byPerson = new Map<number, TimesheetShift[]>();
  for (const shift of sheet.shifts) {
    const list = byPerson.get(shift.doctorId) ?? [];
    list.push(shift);
    byPerson.set(shift.doctorId, list);
  }
  return sheet.staff.map((person) => {
    const shifts = byPerson.get(person.doctorId) ?? [];
    const { days, weeks } = timesheetTotals(shifts);
    return {
      person,
      role: specialtyLabel(person.specialty),
      shifts,
      days,
      weeks,
      worked: days.reduce((sum, d) => sum + d.worked, 0),
      breaks: days.reduce((sum, d) => sum + d.breaks, 0),
    };
  });
}

export function timesheetFileName(sheet: Timesheet): string {
  const office = sheet.officeName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `timesheet_${office}_${sheet.from}_${sheet.to}.csv`;
}

/** One line per shift, times in the office's clock, minutes as numbers for a payroll spreadsheet. */
export function timesheetCsv(sheet: Timesheet): string {
  const clock = (at: string | null) => (at ? clockInZone(at, sheet.timeZone) : '');
  const rows = staffSheets(sheet).flatMap((s) =>
    s.shifts.map((shift) => {
      const last = shift.corrections.at(-1);
      return [
        s.person.name,
        s.role,
        shift.workDate,
        clock(shift.clockIn),
        clock(shift.clockOut),
        breakMinutes(shift.breaks),
        shift.totalWorked ?? '',
        shift.corrections.length > 0 ? 'yes' : 'no',
        last?.by ?? '',
        last?.reason ?? '',
      ];
    }),
  );
  return toCsv(
    [
      'Staff',
      'Role',
      'Date',
      'Clock in',
      'Clock out',
      'Break minutes',
      'Worked minutes',
      'Corrected',
      'Corrected by',
      'Reason',
    ],
    rows,
  );
}

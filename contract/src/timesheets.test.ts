import { describe, expect, it } from 'vitest';
import { breakMinutes, hoursAndMinutes, type TimesheetShift, timesheetTotals } from './timesheets';

function shift(
  workDate: string,
  totalWorked: number | null,
  breaks: [string, string | null][] = [],
): TimesheetShift {
  return {
    id: 1,
    doctorId: 1,
    workDate,
    clockIn: `${workDate}T15:00:00.000Z`,
    clockOut: totalWorked === null ? null : `${workDate}T23:00:00.000Z`,
    totalWorked,
    breaks: breaks.map(([breakStart, breakEnd]) => ({ breakStart, breakEnd })),
    corrections: [],
    original: null,
  };
}

describe('timesheet totals', () => {
  it('adds worked and break minutes per day and per week starting Monday; running shifts and breaks add 0', () => {
    const { days, weeks } = timesheetTotals([
      shift('2030-01-08', 450, [['2030-01-08T19:00:00.000Z', '2030-01-08T19:30:00.000Z']]),
      shift('2030-01-08', 60),
      shift('2030-01-06', 240), // a Sunday: the week of Monday Dec 31
      shift('2030-01-13', null, [['2030-01-13T19:00:00.000Z', null]]),
    ]);
    expect(days).toEqual([
      { date: '2030-01-06', worked: 240, breaks: 0, shifts: 1 },
      { date: '2030-01-08', worked: 510, breaks: 30, shifts: 2 },
      { date: '2030-01-13', worked: 0, breaks: 0, shifts: 1 },
    ]);
    expect(weeks).toEqual([
      { weekStart: '2029-12-31', worked: 240, breaks: 0 },
      { weekStart: '2030-01-07', worked: 510, breaks: 30 },
    ]);
  });

  it('writes minutes as hours and minutes', () => {
    expect(hoursAndMinutes(0)).toBe('0 min');
    expect(hoursAndMinutes(45)).toBe('45 min');
    expect(hoursAndMinutes(480)).toBe('8 h');
    expect(hoursAndMinutes(510)).toBe('8 h 30 min');
    expect(breakMinutes([{ breakStart: '2030-01-08T19:00:00Z', breakEnd: '2030-01-08T19:15:59Z' }])).toBe(15);
  });
});

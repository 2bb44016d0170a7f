import type { Timesheet } from '@clinic/contract/timesheets';
import { describe, expect, it } from 'vitest';
import { staffSheets, timesheetCsv, timesheetFileName } from './timesheet-rows';

const SHEET: Timesheet = {
  officeId: 1,
  officeName: 'Summit PT Denver Highlands',
  timeZone: 'America/Denver',
  from: '2030-01-07',
  to: '2030-01-13',
  staff: [
    { doctorId: 1, name: 'Maya Lindqvist', specialty: 'Physical Therapist' },
    { doctorId: 16, name: 'Avery Brooks', specialty: 'ADMIN' },
  ],
  shifts: [
    {
      id: 10,
      doctorId: 1,
      workDate: '2030-01-08',
      clockIn: '2030-01-08T15:00:00.000Z', // 8:00 in Denver
      clockOut: '2030-01-09T00:30:00.000Z', // 17:30
      totalWorked: 540,
      breaks: [{ breakStart: '2030-01-08T19:00:00.000Z', breakEnd: '2030-01-08T19:30:00.000Z' }],
      corrections: [{ at: '2030-01-09T16:00:00.000Z', by: 'manager', reason: 'Forgot to clock out, =late' }],
      original: { clockIn: '2030-01-08T15:00:00.000Z', clockOut: null, breaks: [] },
    },
  ],
};

describe('timesheet rows', () => {
  it('gives everyone of the office their shifts and totals, staff without shifts included', () => {
    const sheets = staffSheets(SHEET);
    expect(sheets.map((s) => [s.person.name, s.role, s.shifts.length, s.worked, s.breaks])).toEqual([
      ['Maya Lindqvist', 'Physical Therapist', 1, 540, 30],
      ['Avery Brooks', 'Administrator', 0, 0, 0],
    ]);
  });

  it('exports one CSV line per shift in the office clock, safe for spreadsheets', () => {
    expect(timesheetFileName(SHEET)).toBe('timesheet_Summit-PT-Denver-Highlands_2030-01-07_2030-01-13.csv');
    expect(timesheetCsv(SHEET).split('\r\n')).toEqual([
      'Staff,Role,Date,Clock in,Clock out,Break minutes,Worked minutes,Corrected,Corrected by,Reason',
      'Maya Lindqvist,Physical Therapist,2030-01-08,08:00,17:30,30,540,yes,manager,"Forgot to clock out, =late"',
      '',
    ]);
  });
});

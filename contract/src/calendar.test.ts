import { describe, expect, it } from 'vitest';
import {
  type CalendarAppointment,
  type CalendarDay,
  calendarRange,
  calendarRows,
  canAssignProvider,
  freeProviders,
  isWithinHours,
  stepCalendarDate,
} from './calendar';

const open = (date: string, from: string, to: string): CalendarDay => ({
  date,
  open: from,
  close: to,
  increments: 1,
});
const closed = (date: string): CalendarDay => ({ date, open: null, close: null, increments: null });

describe('calendarRows', () => {
  it('spans the earliest opening to the latest closing of the shown days, a row per slot', () => {
    const rows = calendarRows([open('2026-11-23', '09:00', '11:00'), open('2026-11-24', '08:30', '10:00')]);
    expect(rows).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30']);
  });

  it('starts an opening that is not on a slot boundary at the slot before it', () => {
    expect(calendarRows([open('2026-11-23', '08:45', '10:00')])).toEqual(['08:30', '09:00', '09:30']);
  });

  it('shows a working day when every shown day is closed', () => {
    const rows = calendarRows([closed('2026-11-29')]);
    expect(rows[0]).toBe('08:00');
    expect(rows.at(-1)).toBe('17:30');
  });
});

describe('isWithinHours', () => {
  it('holds for a whole slot between opening and closing only', () => {
    const day = open('2026-11-23', '09:00', '17:00');
    expect(isWithinHours(day, '09:00')).toBe(true);
    expect(isWithinHours(day, '16:30')).toBe(true);
    expect(isWithinHours(day, '17:00')).toBe(false);
    expect(isWithinHours(day, '08:30')).toBe(false);
    expect(isWithinHours(closed('2026-11-29'), '10:00')).toBe(false);
  });
});

describe('calendarRange and stepCalendarDate', () => {
  it('shows a day, or the Monday-to-Sunday week of the date', () => {
    expect(calendarRange('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(calendarRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(calendarRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(calendarRange('week', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('steps a day or a week', () => {
    expect(stepCalendarDate('day', '2026-11-30', -1)).toBe('2026-11-29');
    expect(stepCalendarDate('week', '2026-11-25', 1)).toBe('2026-12-02');
  });
});

describe('freeProviders and canAssignProvider', () => {
  const providers = [
    { doctorId: 2, name: 'Daniel Okafor', specialty: 'Physical Therapist' },
    { doctorId: 3, name: 'Priya Raman', specialty: 'Massage Therapist' },
    { doctorId: 4, name: 'Lucas Ferreira', specialty: 'Acupuncturist' },
  ];
  const visit = (
    appointmentId: number,
    doctorId: number,
    time: string,
    status: CalendarAppointment['status'] = 'Scheduled',
    date = '2030-01-08',
  ): CalendarAppointment => ({
    appointmentId,
    doctorId,
    patientId: appointmentId,
    patientName: 'P',
    date,
    time,
    status,
    typeVisitLabel: 'Evaluation',
  });

  it('leaves out the providers with another live visit at that day and time', () => {
    const unassigned = visit(1, 15, '09:00');
    const appointments = [
      unassigned,
      visit(2, 2, '09:00'),
      visit(3, 3, '09:00', 'Canceled'),
      visit(4, 4, '09:30'),
      visit(5, 4, '09:00', 'Scheduled', '2030-01-09'),
    ];
    expect(freeProviders({ providers, appointments }, unassigned).map((p) => p.doctorId)).toEqual([3, 4]);
  });

  it('allows a provider until the visit is finished', () => {
    expect(canAssignProvider('Scheduled')).toBe(true);
    expect(canAssignProvider('Walked In')).toBe(true);
    expect(canAssignProvider('In Room')).toBe(true);
    expect(canAssignProvider('Completed')).toBe(false);
    expect(canAssignProvider('Canceled')).toBe(false);
    expect(canAssignProvider('No Show')).toBe(false);
  });
});

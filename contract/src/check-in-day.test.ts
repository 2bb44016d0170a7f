import { describe, expect, it } from 'vitest';
import { nextStatuses } from './appointment-status';
import {
  allowedNextStatuses,
  type CheckInVisit,
  checkInDayRefusal,
  checkInDayRefusalMessage,
  statusBefore,
  undoRefusal,
} from './check-in-day';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './constants';
import { msg } from './messages';

const at = (iso: string) => new Date(iso);

/** A Denver visit on Wed 2026-12-02 at 10:00 (17:00 UTC). */
const denver = (conformation: AppointmentStatus): CheckInVisit => ({
  conformation,
  appointmentDate: '2026-12-02',
  startsAt: '2026-12-02T17:00:00.000Z',
  timeZone: 'America/Denver',
});

describe('check-in on the visit’s own day (issue 28)', () => {
  it('offers a visit four days ahead nothing but Cancel, and refuses Walk In as not its day', () => {
    const visit = denver('Scheduled');
    const fourDaysBefore = at('2026-11-28T17:00:00Z');
    expect(allowedNextStatuses(visit, fourDaysBefore)).toEqual(['Canceled']);
    expect(checkInDayRefusal(visit, 'Walked In', fourDaysBefore)).toBe('not_visit_day');
    expect(checkInDayRefusal(visit, 'Canceled', fourDaysBefore)).toBeNull();
    expect(
      checkInDayRefusalMessage('not_visit_day', { ...visit, appointmentTime: '10:00' }, 'Walked In'),
    ).toBe(msg.notOnVisitDay('Walked In', 'Wed, Dec 2'));
  });

  it('allows Walk In all day on the visit’s day, and No Show only from its time on', () => {
    const visit = denver('Scheduled');
    expect(allowedNextStatuses(visit, at('2026-12-02T07:05:00Z'))).toEqual(['Walked In', 'Canceled']);
    expect(checkInDayRefusal(visit, 'No Show', at('2026-12-02T16:59:00Z'))).toBe('before_start');
    expect(checkInDayRefusalMessage('before_start', { ...visit, appointmentTime: '10:00' }, 'No Show')).toBe(
      msg.noShowBeforeStart('10:00 am'),
    );
    expect(allowedNextStatuses(visit, at('2026-12-02T17:00:00Z'))).toEqual([
      'Walked In',
      'Canceled',
      'No Show',
    ]);
  });

  it('ends a walked-in visit’s moves at the office’s midnight, not the server’s', () => {
    // 23:59 in Denver is 06:59 UTC the next day; a minute later the day is over.
    expect(allowedNextStatuses(denver('Walked In'), at('2026-12-03T06:59:00Z'))).toEqual(['In Room']);
    expect(allowedNextStatuses(denver('Walked In'), at('2026-12-03T07:00:00Z'))).toEqual([]);
    expect(allowedNextStatuses(denver('In Room'), at('2026-12-03T07:00:00Z'))).toEqual([]);
  });

  it('keeps a 23:30 Los Angeles visit on its own day while UTC has moved on', () => {
    const visit: CheckInVisit = {
      conformation: 'Scheduled',
      appointmentDate: '2026-11-27',
      startsAt: '2026-11-28T07:30:00.000Z',
      timeZone: 'America/Los_Angeles',
    };
    // 00:30 on the 27th in Los Angeles (08:30 UTC): its day, before its time.
    expect(allowedNextStatuses(visit, at('2026-11-27T08:30:00Z'))).toEqual(['Walked In', 'Canceled']);
    // 23:40 on the 27th in Los Angeles is already the 28th in UTC: still its day, and its time has come.
    expect(allowedNextStatuses(visit, at('2026-11-28T07:40:00Z'))).toEqual([
      'Walked In',
      'Canceled',
      'No Show',
    ]);
    // 00:05 on the 28th in Los Angeles: the day is over.
    expect(allowedNextStatuses(visit, at('2026-11-28T08:05:00Z'))).toEqual(['Canceled']);
    expect(undoRefusal({ ...visit, conformation: 'Walked In' }, at('2026-11-28T07:59:00Z'))).toBeNull();
    expect(undoRefusal({ ...visit, conformation: 'Walked In' }, at('2026-11-28T08:00:00Z'))).toBe(
      'not_visit_day',
    );
  });

  it('follows the office’s midnight across the spring and autumn clock changes', () => {
    // Sunday 2026-03-08, clocks spring forward in Los Angeles: 23:30 PDT is 06:30 UTC the next day, and the
    // day ends at 07:00 UTC (at the standard offset it would have run until 08:00).
    const spring: CheckInVisit = {
      conformation: 'Scheduled',
      appointmentDate: '2026-03-08',
      startsAt: '2026-03-09T06:30:00.000Z',
      timeZone: 'America/Los_Angeles',
    };
    expect(checkInDayRefusal(spring, 'Walked In', at('2026-03-09T06:45:00Z'))).toBeNull();
    expect(checkInDayRefusal(spring, 'Walked In', at('2026-03-09T07:05:00Z'))).toBe('not_visit_day');
    // Sunday 2026-11-01, clocks fall back: 23:30 PST is 07:30 UTC, and the day runs until 08:00 UTC (at
    // daylight time it would have ended at 07:00).
    const autumn: CheckInVisit = {
      conformation: 'Scheduled',
      appointmentDate: '2026-11-01',
      startsAt: '2026-11-02T07:30:00.000Z',
      timeZone: 'America/Los_Angeles',
    };
    expect(checkInDayRefusal(autumn, 'Walked In', at('2026-11-02T07:15:00Z'))).toBeNull();
    expect(checkInDayRefusal(autumn, 'No Show', at('2026-11-02T07:15:00Z'))).toBe('before_start');
    expect(checkInDayRefusal(autumn, 'No Show', at('2026-11-02T07:45:00Z'))).toBeNull();
    expect(checkInDayRefusal(autumn, 'Walked In', at('2026-11-02T08:01:00Z'))).toBe('not_visit_day');
  });

  it('never narrows Cancel, which stays a move of any day', () => {
    const visit = denver('Scheduled');
    for (const now of ['2026-11-01T12:00:00Z', '2026-12-02T17:30:00Z', '2027-01-05T12:00:00Z']) {
      expect(allowedNextStatuses(visit, at(now))).toContain('Canceled');
    }
  });
});

describe('undo, one step back on the visit’s day (issue 28)', () => {
  it('returns each status to the one the state machine reached it from', () => {
    for (const from of APPOINTMENT_STATUSES) {
      for (const to of nextStatuses(from)) expect(statusBefore(to), `${from} -> ${to}`).toBe(from);
    }
    expect(statusBefore('Scheduled')).toBeNull();
  });

  it('undoes Walked In, In Room, Completed and No Show on the day; not Scheduled or Canceled, not later', () => {
    const sameDay = at('2026-12-02T20:00:00Z');
    for (const status of ['Walked In', 'In Room', 'Completed', 'No Show'] as const) {
      expect(undoRefusal(denver(status), sameDay), status).toBeNull();
      expect(undoRefusal(denver(status), at('2026-12-03T08:00:00Z')), status).toBe('not_visit_day');
    }
    expect(undoRefusal(denver('Scheduled'), sameDay)).toBe('nothing_to_undo');
    expect(undoRefusal(denver('Canceled'), sameDay)).toBe('canceled');
  });
});

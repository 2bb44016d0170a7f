import { describe, expect, it } from 'vitest';
import { addDays, localDateInZone, localTimeInZone, weekdayOf, zonedWallTimeToInstant } from './zoned-time';

const iso = (date: string, time: string, zone: string) =>
  zonedWallTimeToInstant(date, time, zone).toISOString();

describe('zonedWallTimeToInstant', () => {
  it('reads ordinary days with standard and daylight offsets', () => {
    expect(iso('2026-01-15', '09:00', 'America/Chicago')).toBe('2026-01-15T15:00:00.000Z');
    expect(iso('2026-07-15', '09:00', 'America/Chicago')).toBe('2026-07-15T14:00:00.000Z');
    expect(iso('2026-07-15', '09:30:00', 'America/Los_Angeles')).toBe('2026-07-15T16:30:00.000Z');
  });

  it('handles the spring-forward day in New York (2026-03-08, 02:00 -> 03:00)', () => {
    const zone = 'America/New_York';
    expect(iso('2026-03-08', '01:30', zone)).toBe('2026-03-08T06:30:00.000Z');
    // 02:30 does not exist; it is moved forward by the gap, to 03:30 daylight time.
    expect(iso('2026-03-08', '02:30', zone)).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-08', '03:30', zone)).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-08', '09:00', zone)).toBe('2026-03-08T13:00:00.000Z');
    expect(iso('2026-03-08', '00:00', zone)).toBe('2026-03-08T05:00:00.000Z');
  });

  it('handles the fall-back day in New York (2026-11-01, 02:00 -> 01:00)', () => {
    const zone = 'America/New_York';
    expect(iso('2026-11-01', '00:30', zone)).toBe('2026-11-01T04:30:00.000Z');
    // 01:30 happens twice; the first (daylight) occurrence is chosen.
    expect(iso('2026-11-01', '01:30', zone)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-11-01', '02:30', zone)).toBe('2026-11-01T07:30:00.000Z');
    expect(iso('2026-11-01', '09:00', zone)).toBe('2026-11-01T14:00:00.000Z');
  });

  it('handles the spring-forward and fall-back days in Denver (2025)', () => {
    const zone = 'America/Denver';
    expect(iso('2025-03-09', '01:59', zone)).toBe('2025-03-09T08:59:00.000Z');
    expect(iso('2025-03-09', '02:30', zone)).toBe('2025-03-09T09:30:00.000Z');
    expect(iso('2025-03-09', '08:00', zone)).toBe('2025-03-09T14:00:00.000Z');
    expect(iso('2025-11-02', '01:30', zone)).toBe('2025-11-02T07:30:00.000Z');
    expect(iso('2025-11-02', '08:00', zone)).toBe('2025-11-02T15:00:00.000Z');
  });

  it('is unaffected by DST in a zone without it (Phoenix)', () => {
    expect(iso('2026-03-08', '02:30', 'America/Phoenix')).toBe('2026-03-08T09:30:00.000Z');
    expect(iso('2026-11-01', '01:30', 'America/Phoenix')).toBe('2026-11-01T08:30:00.000Z');
  });

  it('round-trips every half hour of the DST days through the zone', () => {
    for (const [date, zone] of [
      ['2026-03-08', 'America/New_York'],
      ['2026-11-01', 'America/New_York'],
      ['2026-03-08', 'America/Los_Angeles'],
      ['2026-11-01', 'America/Los_Angeles'],
    ] as const) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const instant = zonedWallTimeToInstant(date, time, zone);
        expect(localDateInZone(instant, zone)).toBe(date);
        // Only the skipped hour does not come back unchanged.
        if (!(date.endsWith('03-08') && time.startsWith('02:')))
          expect(localTimeInZone(instant, zone)).toBe(time);
      }
    }
  });

  it('rejects malformed input and unknown zones', () => {
    expect(() => zonedWallTimeToInstant('2026-13', '09:00', 'America/Chicago')).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant('2026-01-15', '9am', 'America/Chicago')).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant('2026-01-15', '09:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('calendar helpers', () => {
  it('gives the office-local date of an instant', () => {
    const instant = new Date('2026-03-09T03:00:00Z');
    expect(localDateInZone(instant, 'America/Los_Angeles')).toBe('2026-03-08');
    expect(localDateInZone(instant, 'America/New_York')).toBe('2026-03-08');
    expect(localDateInZone(instant, 'UTC')).toBe('2026-03-09');
    expect(localTimeInZone(instant, 'America/Los_Angeles')).toBe('20:00');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
  });

  it('names the weekday of a date', () => {
    expect(weekdayOf('2026-03-08')).toBe('Sunday');
    expect(weekdayOf('2026-11-02')).toBe('Monday');
    expect(weekdayOf('2028-02-29')).toBe('Tuesday');
  });
});

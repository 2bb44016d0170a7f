import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDateInZone,
  canonicalTimeZone,
  formatTime12,
  isClosedEntry,
  parseCalendarDate,
  parseWallTime,
  slotStarts,
  weekHours,
  weekHoursAt,
} from './office-hours';

const open = (date: string, openHour = '08:00', closeHour = '17:00', incraments = 2) => ({
  date,
  dayOfWeek: 'Monday',
  openHour,
  closeHour,
  incraments,
});

describe('formatTime12', () => {
  it.each([
    ['00:00', '12:00 am'],
    ['00:30', '12:30 am'],
    ['07:05', '7:05 am'],
    ['11:59', '11:59 am'],
    ['12:00', '12:00 pm'],
    ['12:30:00', '12:30 pm'],
    ['13:00', '1:00 pm'],
    ['18:00:00', '6:00 pm'],
    ['23:30', '11:30 pm'],
  ])('%s is %s', (input, expected) => {
    expect(formatTime12(input)).toBe(expected);
  });
});

describe('the Closed rules of spec §4', () => {
  it.each([
    [{ date: '2026-06-01', dayOfWeek: 'Closed', openHour: null, closeHour: null }, true],
    [{ date: '2026-06-01', dayOfWeek: 'CLOSED', openHour: '08:00', closeHour: '17:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'closed', openHour: '08:00', closeHour: '17:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '00:00', closeHour: '00:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '00:00:00', closeHour: '00:00:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '08:00', closeHour: null }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: null, closeHour: '17:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '', closeHour: '17:00' }, true],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '00:00', closeHour: '12:00' }, false],
    [{ date: '2026-06-01', dayOfWeek: 'Monday', openHour: '08:00', closeHour: '17:00' }, false],
  ])('%o closed: %s', (entry, closed) => {
    expect(isClosedEntry(entry)).toBe(closed);
  });
});

describe('weekHours', () => {
  it('with no hours data at all the office is Not available', () => {
    expect(weekHours([], '2026-06-01')).toEqual({ available: false, days: [] });
  });

  it('lists 7 days from today; a day without an entry is Closed once there is any data', () => {
    const week = weekHours(
      [
        open('2026-06-01'),
        { date: '2026-06-02', dayOfWeek: 'Closed', openHour: null, closeHour: null, incraments: 1 },
        open('2026-06-04T00:00:00.000Z', '07:30', '19:00', 3),
        open('2026-05-01'),
      ],
      '2026-06-01',
    );
    expect(week.available).toBe(true);
    expect(week.days.map((d) => [d.date, d.weekday, d.text, d.increments])).toEqual([
      ['2026-06-01', 'Monday', '8:00 am – 5:00 pm', 2],
      ['2026-06-02', 'Tuesday', 'Closed', null],
      ['2026-06-03', 'Wednesday', 'Closed', null],
      ['2026-06-04', 'Thursday', '7:30 am – 7:00 pm', 3],
      ['2026-06-05', 'Friday', 'Closed', null],
      ['2026-06-06', 'Saturday', 'Closed', null],
      ['2026-06-07', 'Sunday', 'Closed', null],
    ]);
    expect(week.days[0]?.label).toBe('Mon, Jun 1');
  });

  it('data only outside the window still means Closed, not Not available', () => {
    const week = weekHours([open('2025-01-06')], '2026-06-01');
    expect(week.available).toBe(true);
    expect(week.days.every((d) => d.text === 'Closed')).toBe(true);
  });

  it('crosses a month and a year end', () => {
    const week = weekHours([open('2026-12-31'), open('2027-01-01')], '2026-12-29');
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
    ]);
    expect(week.days[2]?.status).toBe('open');
    expect(week.days[3]?.status).toBe('open');
  });
});

describe('the window starts at the office own today, in its time zone', () => {
  // 2026-03-08 is the US spring-forward Sunday (02:00 local becomes 03:00).
  const entries = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-13', '2026-03-14'].map((d) => open(d));

  it('one instant is a different day in New York and in Los Angeles', () => {
    const instant = new Date('2026-03-08T06:30:00Z'); // 01:30 EST in New York, 22:30 PST (Mar 7) in LA
    const ny = weekHoursAt(entries, instant, 'America/New_York');
    const la = weekHoursAt(entries, instant, 'America/Los_Angeles');
    expect(ny.days[0]?.date).toBe('2026-03-08');
    expect(la.days[0]?.date).toBe('2026-03-07');
    expect(ny.days.map((d) => d.date)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(la.days.at(-1)?.date).toBe('2026-03-13');
    expect(ny.days.map((d) => d.weekday)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('across the spring-forward change every day appears once, with its own hours', () => {
    const justAfterJump = new Date('2026-03-08T07:00:00Z'); // 03:00 EDT, the clocks have just jumped
    const week = weekHoursAt(entries, justAfterJump, 'America/New_York');
    expect(new Set(week.days.map((d) => d.date)).size).toBe(7);
    expect(week.days.map((d) => d.status)).toEqual([
      'open',
      'open',
      'closed',
      'closed',
      'closed',
      'open',
      'open',
    ]);
  });

  it('across the fall-back change (2026-11-01) the days stay whole', () => {
    const fallEntries = [open('2026-11-01'), open('2026-11-02'), open('2026-11-07')];
    // 01:30 happens twice in New York that night; both are still Nov 1.
    for (const iso of ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']) {
      const week = weekHoursAt(fallEntries, new Date(iso), 'America/New_York');
      expect(week.days.map((d) => d.date)).toEqual([
        '2026-11-01',
        '2026-11-02',
        '2026-11-03',
        '2026-11-04',
        '2026-11-05',
        '2026-11-06',
        '2026-11-07',
      ]);
      expect(week.days.map((d) => d.status)).toEqual([
        'open',
        'open',
        'closed',
        'closed',
        'closed',
        'closed',
        'open',
      ]);
    }
  });

  it('today turns at local midnight, also on a DST day', () => {
    expect(calendarDateInZone(new Date('2026-11-01T03:59:00Z'), 'America/New_York')).toBe('2026-10-31');
    expect(calendarDateInZone(new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(calendarDateInZone(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(calendarDateInZone(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    // Phoenix keeps standard time all year.
    expect(calendarDateInZone(new Date('2026-07-01T06:59:00Z'), 'America/Phoenix')).toBe('2026-06-30');
    expect(calendarDateInZone(new Date('2026-07-01T07:00:00Z'), 'America/Phoenix')).toBe('2026-07-01');
  });
});

describe('parsing', () => {
  it.each([
    ['2026-06-01', '2026-06-01'],
    ['2026-06-01T00:00:00.000Z', '2026-06-01'],
    ['2026-06-01T09:30:00-05:00', '2026-06-01'],
    [' 2026-02-28 ', '2026-02-28'],
    ['2028-02-29', '2028-02-29'],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['2026-6-1', null],
    ['06/01/2026', null],
    ['', null],
    ['tomorrow', null],
  ])('date %s -> %s', (input, expected) => {
    expect(parseCalendarDate(input)).toBe(expected);
  });

  it.each([
    ['08:00', 480],
    ['8:00', 480],
    ['23:59', 1439],
    ['00:00:00', 0],
    ['24:00', null],
    ['12:60', null],
    ['-1:00', null],
    ['noon', null],
    ['', null],
  ])('time %s -> %s', (input, expected) => {
    expect(parseWallTime(input)).toBe(expected);
  });

  it('time zones are checked and made canonical', () => {
    expect(canonicalTimeZone('America/Denver')).toBe('America/Denver');
    expect(canonicalTimeZone('america/denver')).toBe('America/Denver');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
    expect(canonicalTimeZone('../../etc')).toBeNull();
  });

  it('adds calendar days without time-zone effects', () => {
    expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addCalendarDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('slotStarts', () => {
  it('lists 30-minute starts while a whole slot fits before close', () => {
    expect(slotStarts(open('2026-06-01', '08:00', '10:00'))).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(slotStarts(open('2026-06-01', '07:30', '09:15'))).toEqual(['07:30', '08:00', '08:30']);
    expect(slotStarts({ date: '2026-06-01', dayOfWeek: 'Closed' })).toEqual([]);
  });
});

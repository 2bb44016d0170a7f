import { describe, expect, it } from 'vitest';
import { availableTimes, type DayHours, firstFreeSlot, isClosedDay, slotRefusal, slotStarts } from './slots';

const open = (openHour: string, closeHour: string, increments = 1, dayOfWeek = 'Monday'): DayHours => ({
  dayOfWeek,
  openHour,
  closeHour,
  increments,
});
const counts = (entries: Record<string, number> = {}) => new Map(Object.entries(entries));
const DENVER = 'America/Denver';

describe('isClosedDay', () => {
  it('reads the three closed forms of spec §4', () => {
    expect(isClosedDay(null)).toBe(true);
    expect(isClosedDay({ dayOfWeek: 'Closed', openHour: null, closeHour: null, increments: 1 })).toBe(true);
    expect(isClosedDay({ dayOfWeek: 'CLOSED', openHour: '08:00', closeHour: '12:00', increments: 1 })).toBe(
      true,
    );
    expect(isClosedDay(open('00:00', '00:00'))).toBe(true);
    expect(isClosedDay({ dayOfWeek: 'Monday', openHour: '08:00', closeHour: null, increments: 1 })).toBe(
      true,
    );
    expect(isClosedDay(open('08:00', '12:00'))).toBe(false);
  });
});

describe('slotStarts', () => {
  it('gives the 30-minute starts from open until the last slot that ends by closing time', () => {
    expect(slotStarts(open('08:00', '10:00'), '2026-07-13', DENVER)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
    ]);
    expect(slotStarts(open('08:00:00', '10:15:00'), '2026-07-13', DENVER)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
    ]);
    // Opening off the half hour: slots start at opening.
    expect(slotStarts(open('07:15', '08:30'), '2026-07-13', DENVER)).toEqual(['07:15', '07:45']);
  });

  it('has none on a closed day or without hours', () => {
    expect(
      slotStarts(
        { dayOfWeek: 'Closed', openHour: null, closeHour: null, increments: 2 },
        '2026-07-12',
        DENVER,
      ),
    ).toEqual([]);
    expect(slotStarts(open('00:00', '00:00'), '2026-07-12', DENVER)).toEqual([]);
    expect(slotStarts(null, '2026-07-12', DENVER)).toEqual([]);
  });

  it('skips the wall times that do not exist when clocks spring forward, in each zone on its own day', () => {
    // New York and Los Angeles both change on 2026-03-08 at 02:00 local time.
    expect(slotStarts(open('01:00', '04:00'), '2026-03-08', 'America/New_York')).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
    expect(slotStarts(open('01:00', '04:00'), '2026-03-08', 'America/Los_Angeles')).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
    // Phoenix keeps standard time all year: every half hour exists.
    expect(slotStarts(open('01:00', '04:00'), '2026-03-08', 'America/Phoenix')).toHaveLength(6);
    // On the fall-back day the repeated hour is one set of slots, not two.
    expect(slotStarts(open('00:00', '03:00'), '2026-11-01', 'America/Chicago')).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
    ]);
  });
});

describe('availableTimes', () => {
  const hours = open('08:00', '10:00', 2);

  it('marks a slot booked once it holds `increments` live appointments', () => {
    const result = availableTimes({
      hours,
      date: '2026-07-14',
      timeZone: DENVER,
      now: new Date('2026-07-01T12:00:00Z'),
      liveCounts: counts({ '08:00:00': 2, '08:30:00': 1, '09:30': 3 }),
    });
    expect(result.allSlots).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(result.bookedSlots).toEqual(['08:00', '09:30']);
  });

  it('with capacity 1 one appointment fills the slot', () => {
    const result = availableTimes({
      hours: open('08:00', '09:00', 1),
      date: '2026-07-14',
      timeZone: DENVER,
      now: new Date('2026-07-01T12:00:00Z'),
      liveCounts: counts({ '08:30': 1 }),
    });
    expect(result.bookedSlots).toEqual(['08:30']);
  });

  it("with the chosen doctor's own visits, a slot that doctor is busy in is booked though the office has room", () => {
    const result = availableTimes({
      hours,
      date: '2026-07-14',
      timeZone: DENVER,
      now: new Date('2026-07-01T12:00:00Z'),
      liveCounts: counts({ '08:30:00': 1, '09:00:00': 1 }),
      doctorTimes: ['09:00:00'],
    });
    expect(result.bookedSlots).toEqual(['09:00']);
    expect(firstFreeSlot(result)).toBe('08:00');
    expect(firstFreeSlot({ allSlots: ['08:00'], bookedSlots: ['08:00'] })).toBeNull();
  });

  it("on the office's today offers only the slots that have not started, in the office's zone", () => {
    // 15:10Z is 09:10 in Denver (MDT, -6) but 08:10 in Phoenix (MST, -7) on the same day.
    const now = new Date('2026-07-14T15:10:00Z');
    expect(
      availableTimes({ hours, date: '2026-07-14', timeZone: DENVER, now, liveCounts: counts() }).allSlots,
    ).toEqual(['09:30']);
    expect(
      availableTimes({ hours, date: '2026-07-14', timeZone: 'America/Phoenix', now, liveCounts: counts() })
        .allSlots,
    ).toEqual(['08:30', '09:00', '09:30']);
    // A slot starting exactly now has started.
    const atNine = new Date('2026-07-14T15:00:00Z');
    expect(
      availableTimes({ hours, date: '2026-07-14', timeZone: DENVER, now: atNine, liveCounts: counts() })
        .allSlots,
    ).toEqual(['09:30']);
  });

  it("uses the office's calendar day, not the server's: late evening UTC is still the same day in the west", () => {
    // 2026-07-15 02:00Z is 2026-07-14 20:00 in Denver: the 14th is still today there, the 15th is tomorrow.
    const now = new Date('2026-07-15T02:00:00Z');
    const late = open('08:00', '21:00', 1);
    expect(
      availableTimes({ hours: late, date: '2026-07-14', timeZone: DENVER, now, liveCounts: counts() })
        .allSlots,
    ).toEqual(['20:30']);
    expect(
      availableTimes({ hours: late, date: '2026-07-15', timeZone: DENVER, now, liveCounts: counts() })
        .allSlots,
    ).toHaveLength(26);
  });

  it('offers nothing on a past day, a closed day or a day without hours', () => {
    const now = new Date('2026-07-14T12:00:00Z');
    expect(
      availableTimes({ hours, date: '2026-07-13', timeZone: DENVER, now, liveCounts: counts() }),
    ).toEqual({
      allSlots: [],
      bookedSlots: [],
    });
    expect(
      availableTimes({
        hours: { dayOfWeek: 'Closed', openHour: null, closeHour: null, increments: 1 },
        date: '2026-07-19',
        timeZone: DENVER,
        now,
        liveCounts: counts(),
      }).allSlots,
    ).toEqual([]);
    expect(
      availableTimes({ hours: null, date: '2026-07-19', timeZone: DENVER, now, liveCounts: counts() })
        .allSlots,
    ).toEqual([]);
  });

  it('on the spring-forward day, passes slots by their real instants in two zones', () => {
    // 2026-03-08: New York is on EDT (-4) from 02:00 local, Chicago on CDT (-5). At 13:40Z it is 09:40 in
    // New York and 08:40 in Chicago; read with the standard offsets it would wrongly be 08:40 and 07:40.
    const now = new Date('2026-03-08T13:40:00Z');
    const day = open('08:00', '11:00', 1, 'Sunday');
    expect(
      availableTimes({
        hours: day,
        date: '2026-03-08',
        timeZone: 'America/New_York',
        now,
        liveCounts: counts(),
      }).allSlots,
    ).toEqual(['10:00', '10:30']);
    expect(
      availableTimes({
        hours: day,
        date: '2026-03-08',
        timeZone: 'America/Chicago',
        now,
        liveCounts: counts(),
      }).allSlots,
    ).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('on the fall-back day, passes slots by their real instants in two zones', () => {
    // 2026-11-01: after 02:00 local both zones are on standard time. 15:10Z is 10:10 EST and 08:10 MST.
    const now = new Date('2026-11-01T15:10:00Z');
    const day = open('08:00', '11:00', 1, 'Sunday');
    expect(
      availableTimes({
        hours: day,
        date: '2026-11-01',
        timeZone: 'America/New_York',
        now,
        liveCounts: counts(),
      }).allSlots,
    ).toEqual(['10:30']);
    expect(
      availableTimes({
        hours: day,
        date: '2026-11-01',
        timeZone: 'America/Denver',
        now,
        liveCounts: counts(),
      }).allSlots,
    ).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30']);
  });
});

describe('slotRefusal', () => {
  const hours = open('08:00', '10:00', 1);
  const now = new Date('2026-07-14T15:10:00Z'); // 09:10 in Denver

  it('accepts a future slot and names what is wrong otherwise', () => {
    const check = (date: string, time: string, h: DayHours | null = hours) =>
      slotRefusal({ hours: h, date, time, timeZone: DENVER, now });
    expect(check('2026-07-15', '08:00')).toBeNull();
    expect(check('2026-07-15', '08:00:00')).toBeNull();
    expect(check('2026-07-14', '09:30')).toBeNull();
    expect(check('2026-07-14', '09:00')).toBe('past_time');
    expect(check('2026-07-13', '09:30')).toBe('past_date');
    expect(check('2026-07-15', '10:00')).toBe('not_a_slot');
    expect(check('2026-07-15', '08:15')).toBe('not_a_slot');
    expect(check('2026-07-15', '07:30')).toBe('not_a_slot');
    expect(check('2026-07-15', '08:00', null)).toBe('no_hours');
    expect(
      check('2026-07-19', '08:00', { dayOfWeek: 'Closed', openHour: null, closeHour: null, increments: 1 }),
    ).toBe('closed');
  });

  it('refuses a wall time skipped by the spring-forward change', () => {
    expect(
      slotRefusal({
        hours: open('01:00', '04:00'),
        date: '2026-03-08',
        time: '02:30',
        timeZone: 'America/New_York',
        now: new Date('2026-03-01T00:00:00Z'),
      }),
    ).toBe('not_a_slot');
  });
});

import { SLOT_MINUTES } from '@clinic/contract/constants';
import { localDateInZone, localTimeInZone, zonedWallTimeToInstant } from '../../platform/time/zoned-time';

/**
 * Slot rules (docs/architecture.md, Slots): an office-hours row gives one office-local day; its slots are the
 * 30-minute starts from open to close (each slot ends by closing time); a slot is booked when it holds
 * `increments` live appointments. Pure functions: the clock and the counts are passed in.
 */
export interface DayHours {
  dayOfWeek: string;
  openHour: string | null;
  closeHour: string | null;
  /** Appointments per slot (the spec's "incraments"). */
  increments: number;
}

/** Spec §4: Closed when the day says so (any case), when open and close are both 00:00, or a time is missing. */
export function isClosedDay(hours: DayHours | null | undefined): boolean {
  if (!hours) return true;
  if (hours.dayOfWeek.trim().toLowerCase() === 'closed') return true;
  if (!hours.openHour || !hours.closeHour) return true;
  return toMinutes(hours.openHour) === 0 && toMinutes(hours.closeHour) === 0;
}

export function toMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** 'HH:MM:SS' or 'HH:MM' as the slot key 'HH:MM'. */
export function slotKey(time: string): string {
  return time.slice(0, 5);
}

/**
 * The day's slot starts as office wall-clock times. A wall time that does not exist on that day (the hour
 * skipped when clocks spring forward) is no slot: it would be the same instant as the hour after it.
 */
export function slotStarts(hours: DayHours | null | undefined, date: string, timeZone: string): string[] {
  if (!hours || isClosedDay(hours)) return [];
  const open = toMinutes(hours.openHour!);
  const close = toMinutes(hours.closeHour!);
  const starts: string[] = [];
  for (let minutes = open; minutes + SLOT_MINUTES <= close; minutes += SLOT_MINUTES) {
    const time = fromMinutes(minutes);
    const instant = zonedWallTimeToInstant(date, time, timeZone);
    if (localDateInZone(instant, timeZone) === date && localTimeInZone(instant, timeZone) === time) {
      starts.push(time);
    }
  }
  return starts;
}

export interface AvailableTimesInput {
  hours: DayHours | null | undefined;
  /** Office-local 'yyyy-mm-dd'. */
  date: string;
  timeZone: string;
  now: Date;
  /** Live appointments per slot start ('HH:MM' or 'HH:MM:SS'). */
  liveCounts: ReadonlyMap<string, number>;
  /** Slot starts the chosen doctor already has a live visit in (booked for a booking with that doctor). */
  doctorTimes?: Iterable<string>;
}

/**
 * What the booking form may offer (GET /api/appointments/available-times): nothing on a day before the
 * office's today, and on its today only the slots that have not started yet.
 */
export function availableTimes(input: AvailableTimesInput): { allSlots: string[]; bookedSlots: string[] } {
  const { hours, date, timeZone, now } = input;
  const today = localDateInZone(now, timeZone);
  if (date < today || !hours) return { allSlots: [], bookedSlots: [] };
  const counts = new Map<string, number>();
  for (const [time, count] of input.liveCounts) {
    counts.set(slotKey(time), (counts.get(slotKey(time)) ?? 0) + count);
  }
  const allSlots = slotStarts(hours, date, timeZone).filter(
    (time) => date > today || zonedWallTimeToInstant(date, time, timeZone).getTime() > now.getTime(),
  );
  const capacity = Math.max(1, hours.increments);
  const doctorBusy = new Set([...(input.doctorTimes ?? [])].map(slotKey));
  const bookedSlots = allSlots.filter((time) => (counts.get(time) ?? 0) >= capacity || doctorBusy.has(time));
  return { allSlots, bookedSlots };
}

/** The first slot of `availableTimes` that is not booked, or null. */
export function firstFreeSlot(times: { allSlots: string[]; bookedSlots: string[] }): string | null {
  const booked = new Set(times.bookedSlots);
  return times.allSlots.find((time) => !booked.has(time)) ?? null;
}

export type SlotRefusal = 'past_date' | 'no_hours' | 'closed' | 'not_a_slot' | 'past_time';

/**
 * Whether a new appointment may start at `time` on `date` (capacity and the doctor are checked by the
 * caller, under the office-day lock). Null when it may.
 */
export function slotRefusal(input: {
  hours: DayHours | null | undefined;
  date: string;
  time: string;
  timeZone: string;
  now: Date;
}): SlotRefusal | null {
  const { hours, date, timeZone, now } = input;
  const time = slotKey(input.time);
  const today = localDateInZone(now, timeZone);
  if (date < today) return 'past_date';
  if (!hours) return 'no_hours';
  if (isClosedDay(hours)) return 'closed';
  if (!slotStarts(hours, date, timeZone).includes(time)) return 'not_a_slot';
  if (date === today && zonedWallTimeToInstant(date, time, timeZone).getTime() <= now.getTime()) {
    return 'past_time';
  }
  return null;
}

/** Whether 'yyyy-mm-dd' names a day that exists (the pattern alone lets 2026-02-30 through). */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
  );
}

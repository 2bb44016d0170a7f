/**
 * Office-local calendar and wall-clock arithmetic with Intl only (docs/architecture.md, principle 6: time
 * belongs to an office). Dates are 'yyyy-mm-dd' strings and times 'HH:MM' or 'HH:MM:SS', as the database
 * reads them.
 */

const DAY_MS = 86_400_000;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, which is what callers should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines still print midnight as 24 under h23; treat it as 0.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instantMs: number, timeZone: string): number {
  const w = wallClockAt(instantMs, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function parseTime(time: string): [number, number, number] {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) throw new RangeError(`Invalid time: ${time}`);
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * The instant at which the clocks of `timeZone` show `date` `time`. Like Temporal's 'compatible' choice:
 * a time skipped by a spring-forward gap is moved forward by the gap (02:30 becomes 03:30 daylight time),
 * and a time that occurs twice on a fall-back day is its first occurrence (daylight time).
 */
export function zonedWallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = parseDate(date);
  const [hour, minute, second] = parseTime(time);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Offsets in force a day either side; US zones change at most once in that window.
  const offsetBefore = offsetAt(wallAsUtc - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wallAsUtc + DAY_MS, timeZone);
  const candidates = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => wallAsUtc - offsetAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  const first = candidates[0];
  // No candidate: the wall time falls in a gap; read it with the offset from before the gap.
  return new Date(first ?? wallAsUtc - offsetBefore);
}

/** The calendar date ('yyyy-mm-dd') that the clocks of `timeZone` show at `instant`. */
export function localDateInZone(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The wall-clock time ('HH:MM') that the clocks of `timeZone` show at `instant`. */
export function localTimeInZone(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant.getTime(), timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** Calendar arithmetic on a 'yyyy-mm-dd' date; no time zone is involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parseDate(from);
  const [ty, tm, td] = parseDate(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/** The weekday of a 'yyyy-mm-dd' calendar date. */
export function weekdayOf(date: string): WeekdayName {
  const [year, month, day] = parseDate(date);
  return WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

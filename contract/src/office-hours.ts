import { OFFICE_HOURS_WINDOW_DAYS, SLOT_MINUTES } from './constants';
import { lazyDateFormat } from './lazy-format';
import { MSG } from './messages';

/**
 * The office-hours rules of spec §4 and §9, shared by the server (saving, validating a time) and the web
 * app (the 7-day table of the /office page). Dates are office-local 'yyyy-mm-dd' calendar dates and
 * times office-local 'HH:MM' wall-clock times; calendar arithmetic is done on UTC dates, so a daylight
 * saving change never shifts a day.
 */

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** An hours row as the API sends it (also accepted with a date that carries a time). */
export interface HoursEntry {
  date: string;
  dayOfWeek?: string | null;
  openHour?: string | null;
  closeHour?: string | null;
  incraments?: number | null;
}

const DAY_MS = 86_400_000;

/** 'yyyy-mm-dd' (or an ISO date-time, whose date part is taken as written) when it is a real date. */
export function parseCalendarDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    (value ?? '').trim(),
  );
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  if (year < 1900 || year > 2200) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Minutes after midnight of 'HH:MM' or 'HH:MM:SS' (00:00 to 23:59); null when it is not such a time. */
export function parseWallTime(value: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((value ?? '').trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 60 + minutes;
}

/** 'HH:MM' of minutes after midnight. */
export function formatWallTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 12-hour clock with am/pm: '08:00' gives '8:00 am', '12:30' '12:30 pm', '00:15' '12:15 am'. */
export function formatTime12(value: string): string {
  const minutes = parseWallTime(value);
  if (minutes === null) return value;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** Calendar arithmetic on 'yyyy-mm-dd'. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOfDate(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] as Weekday;
}

/** The calendar date that the clocks of an IANA zone show at an instant (the office's "today"). */
export function calendarDateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The zone's canonical IANA name ('america/denver' and 'US/Mountain' give 'America/Denver'), or null when
 * Intl does not know it. Offsets such as '+05:00' are refused: an office follows a place's rules.
 */
export function canonicalTimeZone(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (name === '' || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The time zones offered by the office form; any other IANA name may be typed in. */
export const US_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;

/**
 * Spec §4: a day is Closed when dayOfWeek is 'closed' (any case), when open and close are both 00:00,
 * or when either time is missing.
 */
export function isClosedEntry(entry: HoursEntry): boolean {
  if ((entry.dayOfWeek ?? '').trim().toLowerCase() === 'closed') return true;
  const open = parseWallTime(entry.openHour);
  const close = parseWallTime(entry.closeHour);
  if (open === null || close === null) return true;
  return open === 0 && close === 0;
}

/**
 * The 30-minute slot starts of an open day: open, open + 30, ... while a whole slot fits before close.
 * An empty list for a closed day.
 */
export function slotStarts(entry: HoursEntry, slotMinutes = SLOT_MINUTES): string[] {
  if (isClosedEntry(entry)) return [];
  const open = parseWallTime(entry.openHour) as number;
  const close = parseWallTime(entry.closeHour) as number;
  const starts: string[] = [];
  for (let t = open; t + slotMinutes <= close; t += slotMinutes) starts.push(formatWallTime(t));
  return starts;
}

export type HoursDayStatus = 'open' | 'closed';

export interface HoursDay {
  date: string;
  weekday: Weekday;
  /** 'Mon, Jun 9' */
  label: string;
  status: HoursDayStatus;
  /** '8:00 am – 6:00 pm' or 'Closed'. */
  text: string;
  /** Appointments per 30 minutes on an open day (shown to ADMIN), else null. */
  increments: number | null;
}

export interface WeekHours {
  /** False when the office has no hours data at all: the card then shows 'Not available' (spec §4). */
  available: boolean;
  days: HoursDay[];
}

const labelFormat = lazyDateFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

const longLabelFormat = lazyDateFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** A 'yyyy-mm-dd' calendar date in a format, read as that day wherever the reader is. */
function formatCalendarDate(format: () => Intl.DateTimeFormat, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format().format(new Date(Date.UTC(y, m - 1, d)));
}

/** 'Tue, Dec 22'. */
export function dayLabel(date: string): string {
  return formatCalendarDate(labelFormat, date);
}

/** 'Tuesday, December 22, 2026' (messages to patients). */
export function longDayLabel(date: string): string {
  return formatCalendarDate(longLabelFormat, date);
}

/**
 * The hours table of an office card: the 7 days from the office's own today (spec §2, §9). With no
 * hours data at all the office is 'Not available'; with some, a day without an entry is Closed (§4).
 */
export function weekHours(
  entries: readonly HoursEntry[],
  today: string,
  days = OFFICE_HOURS_WINDOW_DAYS,
): WeekHours {
  if (entries.length === 0) return { available: false, days: [] };
  const byDate = new Map<string, HoursEntry>();
  for (const entry of entries) {
    const date = parseCalendarDate(entry.date);
    if (date) byDate.set(date, entry);
  }
  const result: HoursDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addCalendarDays(today, i);
    const entry = byDate.get(date);
    const base = { date, weekday: weekdayOfDate(date), label: dayLabel(date) };
    if (!entry || isClosedEntry(entry)) {
      result.push({ ...base, status: 'closed', text: MSG.closed, increments: null });
      continue;
    }
    result.push({
      ...base,
      status: 'open',
      text: `${formatTime12(entry.openHour as string)} – ${formatTime12(entry.closeHour as string)}`,
      increments: entry.incraments ?? null,
    });
  }
  return { available: true, days: result };
}

/** The 7-day table for an office at an instant, from the office's today in its own time zone. */
export function weekHoursAt(
  entries: readonly HoursEntry[],
  now: Date,
  timeZone: string,
  days = OFFICE_HOURS_WINDOW_DAYS,
): WeekHours {
  return weekHours(entries, calendarDateInZone(now, timeZone), days);
}

import { lazyDateFormat } from '@clinic/contract/lazy-format';
import { calendarDateInZone, formatTime12 } from '@clinic/contract/office-hours';

const longFormat = lazyDateFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'yyyy-mm-dd' as 'Mar 1, 2026' (calendar dates, so read in UTC: no time zone can shift the day). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return longFormat().format(new Date(Date.UTC(y, m - 1, d)));
}

const weekdayFormat = lazyDateFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** 'yyyy-mm-dd' as 'Wednesday, November 25' (a calendar date, read in UTC like longDate). */
export function weekdayDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return weekdayFormat().format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * An instant as the clocks of a zone showed it: '9:14 am' when it fell on `sameDay` (yyyy-mm-dd, the day the
 * reader is looking at), otherwise 'Jan 8, 9:14 am'.
 */
export function momentInZone(at: string, timeZone: string, sameDay?: string): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return at;
  const time = formatTime12(clockInZone(at, timeZone));
  if (calendarDateInZone(instant, timeZone) === sameDay) return time;
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(instant);
  return `${day}, ${time}`;
}

/** The 24-hour wall clock ('08:05') that a zone showed at an instant. */
export function clockInZone(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'yyyy-mm-dd' as 'Mar 1, 2026' (calendar dates, so read in UTC: no time zone can shift the day). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return longFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** 'yyyy-mm-dd' as 'Wednesday, November 25' (a calendar date, read in UTC like longDate). */
export function weekdayDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return weekdayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

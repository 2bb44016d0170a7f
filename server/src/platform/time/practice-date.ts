import { localDateInZone } from './zoned-time';

/**
 * The practice's calendar date. Office hours and visits follow their office's zone (docs/architecture.md,
 * principle 6), but the rewards shop is one for the whole network: an item is on sale from its start date to
 * its end date on the practice's calendar, and a receipt is dated by it. That calendar is the one of
 * PRACTICE_TIME_ZONE (config.practiceTimeZone), Eastern time unless configured: the network's earliest
 * continental zone, so a day's rewards go on sale when the first office opens.
 */
export const DEFAULT_PRACTICE_TIME_ZONE = 'America/New_York';

/** The 'yyyy-mm-dd' date of the practice at `now`. */
export function practiceToday(timeZone: string, now: Date = new Date()): string {
  return localDateInZone(now, timeZone);
}

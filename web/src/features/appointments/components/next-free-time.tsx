import type { NextAvailableResponse } from '@clinic/contract/appointments';
import { formatTime12 } from '@clinic/contract/office-hours';
import { Button } from '../../../components/button';
import { weekdayDate } from '../../../lib/date-text';
import styles from './booking-form.module.css';

interface NextFreeTimeProps {
  /** The chosen day, or '' before one is chosen. */
  date: string;
  /** Whether the chosen day has a time left to choose (false before a day is chosen). */
  dayHasFreeTime: boolean;
  next: NextAvailableResponse | undefined;
  onChoose: (date: string, time: string) => void;
}

/**
 * Where the next free time is (issue 14): before a day is chosen, the first free time; on a day with none
 * (closed, full, or beyond the published hours), the next one after it, with a button that goes there.
 */
export function NextFreeTime({ date, dayHasFreeTime, next, onChoose }: NextFreeTimeProps) {
  if (!next || dayHasFreeTime) return null;
  if (next.date === null || next.time === null) {
    if (date === '') return null;
    return (
      <p className={styles.hint} role="status">
        {next.lastDate
          ? `Online booking is open up to ${weekdayDate(next.lastDate)}. For a later visit, please call the office.`
          : 'This office has no times open for online booking yet. Please call the office.'}
      </p>
    );
  }
  const { date: nextDate, time } = next;
  const when = `${weekdayDate(nextDate)} at ${formatTime12(time)}`;
  return (
    <div className={styles.nextFree} role="status">
      <p>{date === '' ? `The first free time is ${when}.` : `The next free time is ${when}.`}</p>
      <Button variant="secondary" onClick={() => onChoose(nextDate, time)}>
        Choose {weekdayDate(nextDate)}, {formatTime12(time)}
      </Button>
    </div>
  );
}

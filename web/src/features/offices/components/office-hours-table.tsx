import { MSG, msg } from '@clinic/contract/messages';
import { weekHoursAt } from '@clinic/contract/office-hours';
import { useNearViewport } from '../../../lib/near-viewport';
import { useOfficeHours } from '../api/get-office-hours';
import { timeZoneName } from './map-links';
import styles from './office-hours-table.module.css';

interface OfficeHoursTableProps {
  officeId: number;
  officeName: string;
  timeZone: string;
  /** ADMIN also sees the appointments per 30 minutes (spec §6). */
  showIncrements: boolean;
  /** The instant "today" is taken from (tests); now by default. */
  now?: Date;
}

/**
 * The next 7 days from the office's own today, in its time zone (spec §2, §4): open to close in 12-hour
 * time, 'Closed', or 'Not available' when the office has no hours data or they cannot be loaded.
 */
export function OfficeHoursTable({
  officeId,
  officeName,
  timeZone,
  showIncrements,
  now,
}: OfficeHoursTableProps) {
  // Read when the table is about to be seen: a long list of offices does not ask for every week at once.
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const hours = useOfficeHours(near ? officeId : null);
  return <div ref={ref}>{hoursContent(hours, { officeName, timeZone, showIncrements, now })}</div>;
}

function hoursContent(
  hours: ReturnType<typeof useOfficeHours>,
  { officeName, timeZone, showIncrements, now }: Omit<OfficeHoursTableProps, 'officeId'>,
) {
  if (hours.isPending) return <p className={styles.note}>Loading hours…</p>;
  const week = hours.isError ? null : weekHoursAt(hours.data, now ?? new Date(), timeZone);
  if (!week?.available) return <p className={styles.unavailable}>{MSG.notAvailable}</p>;

  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          Hours for the next 7 days at {officeName}
          <span className={styles.zone}>Local time: {timeZoneName(timeZone, now)}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Hours</th>
            {showIncrements ? <th scope="col">Booking</th> : null}
          </tr>
        </thead>
        <tbody>
          {week.days.map((day, i) => (
            <tr key={day.date} className={i === 0 ? styles.today : undefined}>
              <th scope="row" className={styles.day}>
                {day.label}
                {i === 0 ? <span className={styles.badge}>Today</span> : null}
              </th>
              <td className={day.status === 'closed' ? styles.closed : styles.open}>{day.text}</td>
              {showIncrements ? (
                <td className={styles.incr}>
                  {day.increments !== null ? msg.incrementLabel(day.increments) : ''}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

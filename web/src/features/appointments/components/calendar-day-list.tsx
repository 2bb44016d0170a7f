import {
  CALENDAR_MESSAGES,
  type CalendarAppointment,
  type CalendarProvider,
  type CalendarResponse,
} from '@clinic/contract/calendar';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { Link } from 'react-router';
import styles from './calendar-day-list.module.css';
import { statusClass } from './calendar-grid';
import { StatusBadge } from './status-badge';

interface CalendarDayListProps {
  data: CalendarResponse;
  providers: readonly CalendarProvider[];
  /** The doctor id of the visits booked with 'Not Sure' when they are shown (a group of their own), else null. */
  unassignedDoctorId: number | null;
  selectedId: number | null;
  onSelect: (appointment: CalendarAppointment) => void;
  /** Where booking on a day goes; undefined where the user cannot book. */
  bookPath?: (date: string) => string;
}

/**
 * The calendar on a phone: each shown day as one column of its visits in time order, with their providers;
 * the visits that have no provider yet first, as a group of their own.
 */
export function CalendarDayList({
  data,
  providers,
  unassignedDoctorId,
  selectedId,
  onSelect,
  bookPath,
}: CalendarDayListProps) {
  const names = new Map(providers.map((p) => [p.doctorId, p.name]));
  const visitList = (visits: readonly CalendarAppointment[], unassigned: boolean) => (
    <ol className={styles.list}>
      {visits.map((a) => (
        <li key={a.appointmentId}>
          <button
            type="button"
            className={[
              styles.visit,
              statusClass(a.status),
              a.appointmentId === selectedId ? styles.selected : '',
            ].join(' ')}
            aria-pressed={a.appointmentId === selectedId}
            onClick={() => onSelect(a)}
          >
            <span className={styles.time}>{formatTime12(a.time)}</span>
            <span className={styles.who}>
              <strong>{a.patientName}</strong>
              <span>
                {unassigned ? 'Needs a provider' : names.get(a.doctorId)} · {a.typeVisitLabel}
              </span>
            </span>
            <StatusBadge status={a.status} />
          </button>
        </li>
      ))}
    </ol>
  );
  return (
    <div className={styles.days}>
      {data.days.map((day) => {
        const ofDay = data.appointments.filter((a) => a.date === day.date);
        const unassigned = ofDay.filter((a) => a.doctorId === unassignedDoctorId);
        const visits = ofDay.filter((a) => names.has(a.doctorId));
        const label = dayLabel(day.date);
        return (
          <section key={day.date} className={styles.day} aria-label={label}>
            <header className={styles.head}>
              <h2 className={styles.title}>{label}</h2>
              <span className={styles.hours}>
                {day.open && day.close ? `${formatTime12(day.open)} – ${formatTime12(day.close)}` : 'Closed'}
              </span>
              {bookPath && day.open ? (
                <Link className={styles.book} to={bookPath(day.date)}>
                  Book a visit
                </Link>
              ) : null}
            </header>
            {unassigned.length > 0 ? (
              <section
                className={styles.unassigned}
                aria-label={`${CALENDAR_MESSAGES.unassigned} on ${label}`}
              >
                <h3 className={styles.group}>
                  {CALENDAR_MESSAGES.unassigned} ({unassigned.length})
                </h3>
                {visitList(unassigned, true)}
              </section>
            ) : null}
            {visits.length > 0 ? (
              visitList(visits, false)
            ) : unassigned.length === 0 ? (
              <p className={styles.empty}>No appointments.</p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

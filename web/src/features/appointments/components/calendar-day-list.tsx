import type { CalendarAppointment, CalendarProvider, CalendarResponse } from '@clinic/contract/calendar';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { Link } from 'react-router';
import styles from './calendar-day-list.module.css';
import { statusClass } from './calendar-grid';
import { StatusBadge } from './status-badge';

interface CalendarDayListProps {
  data: CalendarResponse;
  providers: readonly CalendarProvider[];
  selectedId: number | null;
  onSelect: (appointment: CalendarAppointment) => void;
  /** Where booking on a day goes; undefined where the user cannot book. */
  bookPath?: (date: string) => string;
}

/** The calendar on a phone: each shown day as one column of its visits in time order, with their providers. */
export function CalendarDayList({ data, providers, selectedId, onSelect, bookPath }: CalendarDayListProps) {
  const names = new Map(providers.map((p) => [p.doctorId, p.name]));
  return (
    <div className={styles.days}>
      {data.days.map((day) => {
        const visits = data.appointments.filter((a) => a.date === day.date && names.has(a.doctorId));
        return (
          <section key={day.date} className={styles.day} aria-label={dayLabel(day.date)}>
            <header className={styles.head}>
              <h2 className={styles.title}>{dayLabel(day.date)}</h2>
              <span className={styles.hours}>
                {day.open && day.close ? `${formatTime12(day.open)} – ${formatTime12(day.close)}` : 'Closed'}
              </span>
              {bookPath && day.open ? (
                <Link className={styles.book} to={bookPath(day.date)}>
                  Book a visit
                </Link>
              ) : null}
            </header>
            {visits.length === 0 ? (
              <p className={styles.empty}>No appointments.</p>
            ) : (
              <ol className={styles.list}>
                {visits.map((a) => {
                  const provider = names.get(a.doctorId) ?? '';
                  return (
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
                            {provider} · {a.typeVisitLabel}
                          </span>
                        </span>
                        <StatusBadge status={a.status} />
                      </button>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

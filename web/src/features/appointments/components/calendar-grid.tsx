import {
  type CalendarAppointment,
  type CalendarDay,
  type CalendarProvider,
  type CalendarResponse,
  calendarRows,
  isWithinHours,
} from '@clinic/contract/calendar';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { type DragEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import styles from './calendar-grid.module.css';

/**
 * One column of the grid: a provider on a day (a day view has one day, a week view seven), or the lane of the
 * visits booked with 'Not Sure' (`unassigned`, its provider the placeholder's id under the name Unassigned).
 */
export interface CalendarColumn {
  day: CalendarDay;
  provider: CalendarProvider;
  unassigned?: boolean;
}

/** A slot of the grid: a column at a row's time. */
export interface CalendarSlot extends CalendarColumn {
  time: string;
}

/** The office's wall clock now, to tell past slots from ones that can still be booked. */
export interface OfficeNow {
  date: string;
  time: string;
}

export function isPastSlot(date: string, time: string, now: OfficeNow): boolean {
  return date < now.date || (date === now.date && time <= now.time);
}

const STATUS_CLASS: Record<CalendarAppointment['status'], string> = {
  Scheduled: 'scheduled',
  'Walked In': 'arrived',
  'In Room': 'inRoom',
  Completed: 'completed',
  Canceled: 'canceled',
  'No Show': 'noShow',
};

export function statusClass(status: CalendarAppointment['status']): string {
  return styles[STATUS_CLASS[status]] ?? '';
}

/** The row an appointment sits in: the last row starting at or before its time (clamped to the grid). */
function rowOf(rows: readonly string[], time: string): string {
  let row = rows[0] ?? time;
  for (const start of rows) {
    if (start <= time) row = start;
    else break;
  }
  return row;
}

const slotKey = (date: string, doctorId: number, time: string) => `${date}|${doctorId}|${time}`;

/** What a chip shows only to screen readers after the patient's name: when, the status and with whom. */
function chipContext(a: CalendarAppointment, providerName: string | null): string {
  const who = providerName === null ? 'no provider yet' : `with ${providerName}`;
  return `, ${dayLabel(a.date)} ${formatTime12(a.time)}, ${a.status}, ${who}`;
}

interface CalendarGridProps {
  data: CalendarResponse;
  columns: readonly CalendarColumn[];
  /** A week: the days head groups of provider columns. */
  grouped: boolean;
  now: OfficeNow;
  selectedId: number | null;
  onSelect: (appointment: CalendarAppointment) => void;
  /** Where booking a free slot goes; undefined where the user cannot book. */
  bookPath?: (slot: CalendarSlot) => string;
  /** Whether the user may drag this appointment to another slot (the server's move rule). */
  canDrag: (appointment: CalendarAppointment) => boolean;
  onDrop: (appointment: CalendarAppointment, slot: CalendarSlot) => void;
}

/**
 * The calendar as a table: a row per 30-minute slot, a column per provider (per day in a week), visits
 * placed by the office's wall clock and coloured by status, the hours the office is closed shaded. A free
 * slot links to the booking form; a visit can be dragged to another slot (the page offers the same move
 * from the keyboard).
 */
export function CalendarGrid({
  data,
  columns,
  grouped,
  now,
  selectedId,
  onSelect,
  bookPath,
  canDrag,
  onDrop,
}: CalendarGridProps) {
  const rows = useMemo(() => calendarRows(data.days), [data.days]);
  const bySlot = useMemo(() => {
    const map = new Map<string, CalendarAppointment[]>();
    for (const a of data.appointments) {
      const key = slotKey(a.date, a.doctorId, rowOf(rows, a.time));
      const list = map.get(key);
      if (list) list.push(a);
      else map.set(key, [a]);
    }
    return map;
  }, [data.appointments, rows]);
  const providerNames = useMemo(
    () => new Map(data.providers.map((p) => [p.doctorId, p.name])),
    [data.providers],
  );
  const [dragged, setDragged] = useState<CalendarAppointment | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const dayGroups = grouped
    ? columns.reduce<{ day: CalendarDay; span: number }[]>((groups, column) => {
        const last = groups.at(-1);
        if (last && last.day.date === column.day.date) last.span += 1;
        else groups.push({ day: column.day, span: 1 });
        return groups;
      }, [])
    : [];

  function dragStart(event: DragEvent, appointment: CalendarAppointment) {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(appointment.appointmentId));
    setDragged(appointment);
  }

  function dragEnd() {
    setDragged(null);
    setOver(null);
  }

  return (
    <table className={[styles.grid, grouped ? styles.week : styles.day].join(' ')}>
      <caption className="visually-hidden">
        Appointments at {data.officeName}, a row per half hour and a column per provider
        {grouped ? ' on each day' : ''}. Shaded slots are outside the office's hours.
      </caption>
      <thead>
        {grouped ? (
          <tr>
            <td className={styles.corner} />
            {dayGroups.map((group) => (
              <th
                key={group.day.date}
                scope="colgroup"
                colSpan={group.span}
                className={[styles.dayHead, group.day.date === now.date ? styles.today : ''].join(' ')}
              >
                {dayLabel(group.day.date)}
              </th>
            ))}
          </tr>
        ) : null}
        <tr>
          <th scope="col" className={styles.timeHead}>
            Time
          </th>
          {columns.map((column) => (
            <th
              key={`${column.day.date}-${column.provider.doctorId}`}
              scope="col"
              className={[styles.providerHead, column.unassigned ? styles.unassignedHead : ''].join(' ')}
            >
              <span className={styles.providerName}>{column.provider.name}</span>
              {grouped ? null : (
                <span className={styles.specialty}>
                  {column.unassigned ? 'Needs a provider' : column.provider.specialty}
                </span>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((time) => (
          <tr key={time}>
            <th scope="row" className={styles.time}>
              {formatTime12(time)}
            </th>
            {columns.map((column) => {
              const { day, provider } = column;
              const key = slotKey(day.date, provider.doctorId, time);
              const here = bySlot.get(key) ?? [];
              const open = isWithinHours(day, time);
              const past = isPastSlot(day.date, time, now);
              const slot: CalendarSlot = { ...column, time };
              const cellClass = [
                styles.cell,
                open ? styles.open : styles.closed,
                past ? styles.past : '',
                column.unassigned ? styles.unassignedCell : '',
                over === key ? styles.dropTarget : '',
              ].join(' ');
              const dropProps = dragged
                ? {
                    onDragOver: (event: DragEvent) => {
                      event.preventDefault();
                      event.dataTransfer.dropEffect = 'move';
                      if (over !== key) setOver(key);
                    },
                    onDragLeave: () => setOver((current) => (current === key ? null : current)),
                    onDrop: (event: DragEvent) => {
                      event.preventDefault();
                      const moving = dragged;
                      dragEnd();
                      onDrop(moving, slot);
                    },
                  }
                : {};
              // The lane is for visits waiting for a provider; a new visit is booked with one (or as Not Sure).
              const book =
                bookPath && open && !past && here.length === 0 && !column.unassigned
                  ? bookPath(slot)
                  : undefined;
              return (
                <td key={key} className={cellClass} data-slot={key} {...dropProps}>
                  {here.map((a) => (
                    <button
                      key={a.appointmentId}
                      type="button"
                      className={[
                        styles.chip,
                        statusClass(a.status),
                        a.appointmentId === selectedId ? styles.selected : '',
                      ].join(' ')}
                      aria-pressed={a.appointmentId === selectedId}
                      draggable={canDrag(a)}
                      onDragStart={(event) => dragStart(event, a)}
                      onDragEnd={dragEnd}
                      onClick={() => onSelect(a)}
                    >
                      <span className={styles.patient}>
                        {a.patientName}
                        <span className="visually-hidden">
                          {chipContext(
                            a,
                            column.unassigned ? null : (providerNames.get(a.doctorId) ?? provider.name),
                          )}
                        </span>
                      </span>
                      {grouped ? null : (
                        <span className={styles.detail}>
                          {a.time === time ? '' : `${formatTime12(a.time)} · `}
                          {a.typeVisitLabel}
                        </span>
                      )}
                    </button>
                  ))}
                  {book ? (
                    <Link
                      to={book}
                      className={styles.book}
                      aria-label={`Book ${formatTime12(time)} on ${dayLabel(day.date)} with ${provider.name}`}
                    >
                      <span aria-hidden="true">+</span>
                    </Link>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The colours of the statuses and the shading, in words. */
export function CalendarLegend() {
  const items: { label: string; className: string }[] = [
    { label: 'Scheduled', className: statusClass('Scheduled') },
    { label: 'Walked In', className: statusClass('Walked In') },
    { label: 'In Room', className: statusClass('In Room') },
    { label: 'Completed', className: statusClass('Completed') },
    { label: 'Canceled', className: statusClass('Canceled') },
    { label: 'No Show', className: statusClass('No Show') },
  ];
  return (
    <ul className={styles.legend} aria-label="Legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className={[styles.swatch, item.className].join(' ')} aria-hidden="true" />
          {item.label}
        </li>
      ))}
      <li>
        <span className={[styles.swatch, styles.closed].join(' ')} aria-hidden="true" />
        Office closed
      </li>
      <li>
        <span className={[styles.swatch, styles.past].join(' ')} aria-hidden="true" />
        Past
      </li>
    </ul>
  );
}

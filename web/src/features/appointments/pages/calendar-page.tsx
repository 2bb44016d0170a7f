import {
  CALENDAR_MESSAGES,
  type CalendarAppointment,
  type CalendarProvider,
  type CalendarResponse,
  type CalendarView,
  calendarRange,
  calendarRows,
  canAssignProvider,
  freeProviders,
  isWithinHours,
  stepCalendarDate,
} from '@clinic/contract/calendar';
import { calendarDateInZone, dayLabel, formatTime12, parseCalendarDate } from '@clinic/contract/office-hours';
import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { OfficeSelect } from '../../../components/office-select';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { clockInZone } from '../../../lib/date-text';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMediaQuery } from '../../../lib/media-query';
import { isImplementedPath } from '../../../lib/page-paths';
import { parseId } from '../../../lib/patient-id';
import { useSession } from '../../../lib/session';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useAssignProvider } from '../api/assign-provider';
import { useCalendar, useMoveAppointment } from '../api/calendar';
import { useStaffOfficeChoices } from '../api/staff-offices';
import { CalendarDayList } from '../components/calendar-day-list';
import {
  type CalendarColumn,
  CalendarGrid,
  CalendarLegend,
  type CalendarSlot,
  type OfficeNow,
} from '../components/calendar-grid';
import { StatusBadge } from '../components/status-badge';
import styles from './calendar-page.module.css';

const TITLE = 'Calendar';
const POPUP_PATH = '/appointmentPopup';
const BOOKING_PATH = '/appointments';
/** Below this width the grid gives way to a list of the day's visits. */
const PHONE_QUERY = '(max-width: 640px)';
const ALL_PROVIDERS = 'all';
/** The provider choice that shows only the visits booked with 'Not Sure'. */
const UNASSIGNED = 'unassigned';

/** /calendar (issue 15): an office's day or week with a column per provider, for staff who run the day. */
export function CalendarPage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const role = session?.role ?? null;
  if (!can(role, 'calendar:read')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="The calendar is for the front desk, doctors, managers and administrators."
        signedOut={!session}
      />
    );
  }
  return <CalendarBoard role={role} doctorId={parseId(session?.doctorId)} />;
}

/** The booking form, opened on a free slot (its rules decide whether the booking stands). */
export function bookingPathFor(officeId: number, slot: { date: string; doctorId?: number; time?: string }) {
  const query = new URLSearchParams({ officeId: String(officeId), date: slot.date });
  if (slot.doctorId !== undefined) query.set('doctorId', String(slot.doctorId));
  if (slot.time !== undefined) query.set('time', slot.time);
  return `${BOOKING_PATH}?${query}`;
}

function CalendarBoard({ role, doctorId }: { role: Role | null; doctorId: number | null }) {
  const [params, setParams] = useSearchParams();
  const { offices, choices, start, noOffice } = useStaffOfficeChoices({
    anyOffice: can(role, 'checkin:any-office'),
    doctorId,
  });
  const officeId = parseId(params.get('officeId'));
  const office = choices.find((o) => o.officeId === officeId) ?? null;
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'day';
  const date = parseCalendarDate(params.get('date')) ?? '';
  // A doctor opens on their own column; everyone else on every provider.
  const provider =
    params.get('provider') ?? (role === 'DOCTOR' && doctorId ? String(doctorId) : ALL_PROVIDERS);

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  }

  // Open at the staff member's own office on its today, unless the address names another.
  useEffect(() => {
    if (office || !start) return;
    const next = choices.find((o) => o.officeId === officeId) ?? start;
    update({
      officeId: String(next.officeId),
      date: date || calendarDateInZone(new Date(), next.timeZone),
    });
  });

  const range = office && date ? { officeId: office.officeId, ...calendarRange(view, date) } : null;
  const calendar = useCalendar(range);
  const phone = useMediaQuery(PHONE_QUERY);

  let body: React.ReactNode;
  if (offices.isError) {
    body = <StatusMessage tone="error">{errorMessage(offices.error)}</StatusMessage>;
  } else if (noOffice) {
    body = (
      <StatusMessage tone="info">
        Your staff record has no office, so there is no calendar for you.
      </StatusMessage>
    );
  } else if (!range || calendar.isPending) {
    body = <p role="status">Loading the calendar…</p>;
  } else if (calendar.isError) {
    body = <StatusMessage tone="error">{errorMessage(calendar.error)}</StatusMessage>;
  } else {
    body = (
      <CalendarBody
        data={calendar.data}
        role={role}
        view={view}
        provider={provider}
        phone={phone}
        onProvider={(value) => update({ provider: value })}
      />
    );
  }

  return (
    <section aria-labelledby="calendar-title" className={styles.page}>
      <h1 id="calendar-title" className={styles.title}>
        {TITLE}
      </h1>
      <div className={styles.toolbar}>
        <OfficeSelect
          offices={choices}
          value={office?.officeId ?? null}
          onChange={(next) => update({ officeId: String(next.officeId), provider: ALL_PROVIDERS })}
        />
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(event) => {
            if (parseCalendarDate(event.target.value)) update({ date: event.target.value });
          }}
        />
        <fieldset className={styles.steps}>
          <legend className="visually-hidden">Days</legend>
          <Button
            variant="secondary"
            disabled={!date}
            aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => update({ date: stepCalendarDate(view, date, -1) })}
          >
            ‹
          </Button>
          <Button
            variant="secondary"
            disabled={!office}
            onClick={() => office && update({ date: calendarDateInZone(new Date(), office.timeZone) })}
          >
            Today
          </Button>
          <Button
            variant="secondary"
            disabled={!date}
            aria-label={view === 'week' ? 'Next week' : 'Next day'}
            onClick={() => update({ date: stepCalendarDate(view, date, 1) })}
          >
            ›
          </Button>
        </fieldset>
        <fieldset className={styles.views}>
          <legend className="visually-hidden">View</legend>
          {(['day', 'week'] as const).map((v) => (
            <Button
              key={v}
              variant={view === v ? 'primary' : 'secondary'}
              aria-pressed={view === v}
              onClick={() => update({ view: v })}
            >
              {v === 'day' ? 'Day' : 'Week'}
            </Button>
          ))}
        </fieldset>
      </div>
      {office ? (
        <p className={styles.note}>
          Times are local to {office.officeName}.{' '}
          {range && range.from !== range.to
            ? `${dayLabel(range.from)} – ${dayLabel(range.to)}`
            : date
              ? dayLabel(date)
              : ''}
        </p>
      ) : null}
      {body}
    </section>
  );
}

interface CalendarBodyProps {
  data: CalendarResponse;
  role: Role | null;
  view: CalendarView;
  provider: string;
  phone: boolean;
  onProvider: (value: string) => void;
}

function CalendarBody({ data, role, view, provider, phone, onProvider }: CalendarBodyProps) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [flash, showFlash] = useFlashMessage();
  const move = useMoveAppointment();
  const assign = useAssignProvider();
  const canMove = can(role, 'appointment:move');
  const canBook = can(role, 'appointment:book:any') && isImplementedPath(BOOKING_PATH);

  const instant = new Date();
  const now: OfficeNow = {
    date: calendarDateInZone(instant, data.timeZone),
    time: clockInZone(instant.toISOString(), data.timeZone),
  };
  // Visits booked with 'Not Sure' have no provider yet: a lane of their own, ahead of the providers.
  const unassigned = unassignedLane(data);
  const chosen =
    provider === UNASSIGNED
      ? []
      : data.providers.filter((p) => provider === ALL_PROVIDERS || String(p.doctorId) === provider);
  const showsUnassigned = unassigned !== null && (provider === ALL_PROVIDERS || provider === UNASSIGNED);
  // A provider who is no longer listed (or an empty lane) falls back to everyone.
  const fallback = chosen.length === 0 && !showsUnassigned;
  const shown = fallback ? data.providers : chosen;
  const lanes = [
    ...(unassigned && (showsUnassigned || fallback) ? [{ provider: unassigned, unassigned: true }] : []),
    ...shown.map((p) => ({ provider: p, unassigned: false })),
  ];
  const columns: CalendarColumn[] = data.days.flatMap((day) => lanes.map((lane) => ({ day, ...lane })));
  const selected = data.appointments.find((a) => a.appointmentId === selectedId) ?? null;
  const movable = (a: CalendarAppointment) => canMove && a.status === 'Scheduled';
  const isUnassigned = (a: CalendarAppointment) => a.doctorId === data.unassignedDoctorId;

  function moveTo(appointment: CalendarAppointment, slot: { doctorId: number; date: string; time: string }) {
    if (
      appointment.doctorId === slot.doctorId &&
      appointment.date === slot.date &&
      appointment.time === slot.time
    ) {
      return;
    }
    showFlash(null);
    move.mutate(
      {
        id: appointment.appointmentId,
        doctorId: slot.doctorId,
        appointmentDate: slot.date,
        appointmentTime: slot.time,
      },
      {
        onSuccess: (moved) => {
          setSelectedId(moved.appoinmentId);
          showFlash({
            tone: 'success',
            text: `${CALENDAR_MESSAGES.moved} ${appointment.patientName}: ${dayLabel(moved.appointmentDate)} at ${formatTime12(moved.appointmentTime)} with ${moved.doctorName}.`,
          });
        },
        onError: (error) =>
          showFlash({
            tone: 'error',
            text: `${appointment.patientName} was not moved: ${errorMessage(error)}`,
          }),
      },
    );
  }

  function assignTo(appointment: CalendarAppointment, doctorId: number) {
    showFlash(null);
    assign.mutate(
      { id: appointment.appointmentId, doctorId },
      {
        onSuccess: (assigned) =>
          showFlash({
            tone: 'success',
            text: `${CALENDAR_MESSAGES.assigned} ${appointment.patientName}: ${dayLabel(assigned.appointmentDate)} at ${formatTime12(assigned.appointmentTime)} with ${assigned.doctorName}.`,
          }),
        onError: (error) =>
          showFlash({
            tone: 'error',
            text: `${appointment.patientName} was not assigned: ${errorMessage(error)}`,
          }),
      },
    );
  }

  return (
    <>
      <div className={styles.bar}>
        <FormField label="Provider">
          {(control) => (
            <select {...control} value={provider} onChange={(event) => onProvider(event.target.value)}>
              <option value={ALL_PROVIDERS}>All providers</option>
              {unassigned ? <option value={UNASSIGNED}>{CALENDAR_MESSAGES.unassigned}</option> : null}
              {data.providers.map((p) => (
                <option key={p.doctorId} value={String(p.doctorId)}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <CalendarLegend />
      </div>
      <div aria-live="polite" className={styles.flash}>
        {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      </div>
      {data.truncated ? (
        <StatusMessage tone="info">
          This range holds more visits than one view shows; choose a day or a provider.
        </StatusMessage>
      ) : null}
      {selected ? (
        <SelectedAppointment
          key={selected.appointmentId}
          appointment={selected}
          data={data}
          unassigned={isUnassigned(selected)}
          canMove={movable(selected)}
          canAssign={canMove && isUnassigned(selected) && canAssignProvider(selected.status)}
          canOpen={can(role, 'appointment:edit') && isImplementedPath(POPUP_PATH)}
          busy={move.isPending || assign.isPending}
          onMove={(slot) => moveTo(selected, slot)}
          onAssign={(doctorId) => assignTo(selected, doctorId)}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      {lanes.length === 0 ? (
        <p className={styles.empty}>This office has no providers yet.</p>
      ) : phone ? (
        <CalendarDayList
          data={data}
          providers={shown}
          unassignedDoctorId={lanes[0]?.unassigned ? data.unassignedDoctorId : null}
          selectedId={selectedId}
          onSelect={(a) => setSelectedId(a.appointmentId)}
          bookPath={canBook ? (date) => bookingPathFor(data.officeId, { date }) : undefined}
        />
      ) : (
        <section className={styles.scroller} aria-label="Calendar grid">
          <CalendarGrid
            data={data}
            columns={columns}
            grouped={view === 'week'}
            now={now}
            selectedId={selectedId}
            onSelect={(a) => setSelectedId(a.appointmentId === selectedId ? null : a.appointmentId)}
            bookPath={
              canBook
                ? (slot: CalendarSlot) =>
                    bookingPathFor(data.officeId, {
                      date: slot.day.date,
                      doctorId: slot.provider.doctorId,
                      time: slot.time,
                    })
                : undefined
            }
            canDrag={movable}
            onDrop={(a, slot) =>
              moveTo(a, { doctorId: slot.provider.doctorId, date: slot.day.date, time: slot.time })
            }
          />
        </section>
      )}
    </>
  );
}

/** The lane of the visits booked with 'Not Sure', when the range has any: labelled Unassigned, not as a doctor. */
function unassignedLane(data: CalendarResponse): CalendarProvider | null {
  const id = data.unassignedDoctorId;
  if (id === null || !data.appointments.some((a) => a.doctorId === id)) return null;
  return { doctorId: id, name: CALENDAR_MESSAGES.unassigned, specialty: '' };
}

interface Placement {
  doctorId: number;
  date: string;
  time: string;
}

interface SelectedAppointmentProps {
  appointment: CalendarAppointment;
  data: CalendarResponse;
  /** Booked with 'Not Sure': no provider yet. */
  unassigned: boolean;
  canMove: boolean;
  canAssign: boolean;
  canOpen: boolean;
  busy: boolean;
  onMove: (slot: Placement) => void;
  onAssign: (doctorId: number) => void;
  onClose: () => void;
}

/**
 * The visit chosen on the grid: what it is, a provider for it when it has none, and a move to another
 * provider, day or time by the keyboard (the same move a drag makes).
 */
function SelectedAppointment({
  appointment,
  data,
  unassigned,
  canMove,
  canAssign,
  canOpen,
  busy,
  onMove,
  onAssign,
  onClose,
}: SelectedAppointmentProps) {
  // The form starts from where the visit is now. Choices made in it hold only while the visit stays where it
  // was when they were made: once it has moved (a drag, this form, another desk) the form shows it anew.
  const at: Placement = { doctorId: appointment.doctorId, date: appointment.date, time: appointment.time };
  const atKey = `${at.doctorId}|${at.date}|${at.time}`;
  const [draft, setDraft] = useState<{ from: string; placement: Placement } | null>(null);
  const { doctorId, date, time } = draft?.from === atKey ? draft.placement : at;
  const change = (next: Partial<Placement>) =>
    setDraft({ from: atKey, placement: { doctorId, date, time, ...next } });
  const providerName = unassigned
    ? null
    : (data.providers.find((p) => p.doctorId === appointment.doctorId)?.name ?? '');
  const rows = useMemo(() => calendarRows(data.days), [data.days]);
  const day = data.days.find((d) => d.date === date);
  const times = day ? rows.filter((t) => isWithinHours(day, t) || t === appointment.time) : rows;
  const targets =
    data.unassignedDoctorId === null
      ? data.providers
      : [
          { doctorId: data.unassignedDoctorId, name: CALENDAR_MESSAGES.unassigned, specialty: '' },
          ...data.providers,
        ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onMove({ doctorId, date, time });
  }

  return (
    <section className={styles.selected} aria-labelledby="selected-title">
      <div className={styles.selectedHead}>
        <h2 id="selected-title" className={styles.selectedTitle}>
          {appointment.patientName}
        </h2>
        <StatusBadge status={appointment.status} />
        <Button variant="secondary" className={styles.close} onClick={onClose}>
          Close
        </Button>
      </div>
      <p className={styles.selectedLine}>
        {dayLabel(appointment.date)} at {formatTime12(appointment.time)}{' '}
        {providerName === null ? (
          <>
            · <strong>{CALENDAR_MESSAGES.unassigned}</strong>
          </>
        ) : (
          `with ${providerName}`
        )}{' '}
        · {appointment.typeVisitLabel}
        {canOpen ? (
          <>
            {' · '}
            <Link to={`${POPUP_PATH}?id=${appointment.appointmentId}`}>Open details</Link>
          </>
        ) : null}
      </p>
      {canAssign ? (
        <AssignProviderForm appointment={appointment} data={data} busy={busy} onAssign={onAssign} />
      ) : null}
      {canMove ? (
        <Form className={styles.moveForm} onSubmit={submit} aria-label={`Move ${appointment.patientName}`}>
          <FormField label="Provider">
            {(control) => (
              <select
                {...control}
                value={doctorId}
                onChange={(event) => change({ doctorId: Number(event.target.value) })}
              >
                {targets.map((p) => (
                  <option key={p.doctorId} value={p.doctorId}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Day">
            {(control) => (
              <select {...control} value={date} onChange={(event) => change({ date: event.target.value })}>
                {data.days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {dayLabel(d.date)}
                    {d.open ? '' : ' (closed)'}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Time">
            {(control) => (
              <select {...control} value={time} onChange={(event) => change({ time: event.target.value })}>
                {times.map((t) => (
                  <option key={t} value={t}>
                    {formatTime12(t)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" disabled={busy}>
            Move appointment
          </Button>
        </Form>
      ) : appointment.status === 'Scheduled' ? null : (
        <p className={styles.hint}>Only a Scheduled appointment can move.</p>
      )}
    </section>
  );
}

interface AssignProviderFormProps {
  appointment: CalendarAppointment;
  data: CalendarResponse;
  busy: boolean;
  onAssign: (doctorId: number) => void;
}

/** A provider for a visit booked with 'Not Sure': the office's providers free at its time (the server decides). */
function AssignProviderForm({ appointment, data, busy, onAssign }: AssignProviderFormProps) {
  const free = freeProviders(data, appointment);
  const [choice, setChoice] = useState<number | null>(null);
  const doctorId = free.some((p) => p.doctorId === choice) ? choice : (free[0]?.doctorId ?? null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (doctorId !== null) onAssign(doctorId);
  }

  if (free.length === 0) {
    return <p className={styles.hint}>No provider of this office is free at that time.</p>;
  }
  return (
    <form
      className={styles.moveForm}
      onSubmit={submit}
      aria-label={`Assign a provider to ${appointment.patientName}`}
    >
      <FormField label="Assign to">
        {(control) => (
          <select
            {...control}
            value={doctorId ?? ''}
            onChange={(event) => setChoice(Number(event.target.value))}
          >
            {free.map((p) => (
              <option key={p.doctorId} value={p.doctorId}>
                {p.name}
                {p.specialty ? ` (${p.specialty})` : ''}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        Assign provider
      </Button>
    </form>
  );
}

import { isLiveStatus } from '@clinic/contract/appointment-status';
import type { Appointment } from '@clinic/contract/appointments';
import { msg } from '@clinic/contract/messages';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useOfficeList } from '../../../lib/offices';
import { isImplementedPath } from '../../../lib/page-paths';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useChangePolicy } from '../api/change-own-appointment';
import { useDownloadCalendar } from '../api/download-calendar';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { OwnVisitActions } from './own-visit-actions';
import styles from './patient-appointments-table.module.css';
import { StatusBadge } from './status-badge';

const BOOKING_PATH = '/appointments';
const POPUP_PATH = '/appointmentPopup';

/** Upcoming live visits first (soonest first), then the rest (latest first). */
export function orderForPatient(appointments: readonly Appointment[], now: Date = new Date()): Appointment[] {
  const upcoming = (a: Appointment) =>
    isLiveStatus(a.conformation) && a.conformation !== 'Completed' && new Date(a.startsAt) >= now;
  const ahead = appointments.filter(upcoming).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const past = appointments.filter((a) => !upcoming(a)).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return [...ahead, ...past];
}

interface PatientAppointmentsTableProps {
  patientId: number;
  role: Role;
  /** More buttons for a row, from other features (the patient's Rate on a Completed visit). */
  rowActions?: (appointment: Appointment) => ReactNode;
}

/**
 * The patient dashboard's appointments table (spec §2): date, time, office, doctor, type and status, with a
 * calendar file for upcoming visits, for ADMIN the way to the appointment popup, and whatever the screen
 * composing it adds (rowActions). On narrow screens each row becomes a small card.
 */
export function PatientAppointmentsTable({ patientId, role, rowActions }: PatientAppointmentsTableProps) {
  const appointments = usePatientAppointments(patientId);
  const calendar = useDownloadCalendar();
  const canEdit = can(role, 'appointment:edit') && isImplementedPath(POPUP_PATH);
  // A patient cancels and moves their own visits (the server's rule: appointment:book:own, the cut-off).
  const selfService = can(role, 'appointment:book:own');
  const policy = useChangePolicy(selfService);
  const offices = useOfficeList(selfService);
  const [notice, setNotice] = useFlashMessage();

  if (appointments.isPending) return <p role="status">Loading appointments…</p>;
  if (appointments.isError) {
    return (
      <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(appointments.error))}</StatusMessage>
    );
  }
  const rows = orderForPatient(appointments.data);
  if (rows.length === 0) {
    return (
      <p className={styles.empty}>
        No appointments yet.
        {isImplementedPath(BOOKING_PATH) ? (
          <>
            {' '}
            <Link to={BOOKING_PATH}>Schedule an appointment</Link>
          </>
        ) : null}
      </p>
    );
  }
  const now = new Date();
  return (
    <>
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      <div className={styles.scroller}>
        <table className={styles.table}>
          <caption className="visually-hidden">Appointments, upcoming first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
              <th scope="col">Office</th>
              <th scope="col">Doctor</th>
              <th scope="col">Type of visit</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => {
              const upcoming = a.conformation === 'Scheduled' && new Date(a.startsAt) >= now;
              return (
                <tr
                  key={a.appoinmentId}
                  className={isLiveStatus(a.conformation) ? undefined : styles.released}
                >
                  <td data-label="Date">{dayLabel(a.appointmentDate)}</td>
                  <td data-label="Time">{formatTime12(a.appointmentTime)}</td>
                  <td data-label="Office">{a.officeName}</td>
                  <td data-label="Doctor">{a.doctorName}</td>
                  <td data-label="Type of visit">{a.typeVisitLabel}</td>
                  <td data-label="Status">
                    <StatusBadge status={a.conformation} />
                  </td>
                  <td className={styles.actions}>
                    {upcoming ? (
                      <button
                        type="button"
                        className={styles.linkButton}
                        disabled={calendar.isPending}
                        onClick={() => calendar.mutate(a.appoinmentId)}
                      >
                        Add to calendar
                        <span className="visually-hidden">: {dayLabel(a.appointmentDate)}</span>
                      </button>
                    ) : null}
                    {upcoming && policy.data ? (
                      <OwnVisitActions
                        appointment={a}
                        cutoffHours={policy.data.cutoffHours}
                        officePhone={
                          offices.data?.find((o) => o.officeId === a.officeId)?.phoneNumber || null
                        }
                        onChanged={(text) => setNotice({ tone: 'success', text })}
                      />
                    ) : null}
                    {canEdit ? (
                      <ButtonLink
                        variant="secondary"
                        className={styles.edit}
                        to={`${POPUP_PATH}?id=${a.appoinmentId}`}
                      >
                        Edit
                        <span className="visually-hidden"> appointment of {dayLabel(a.appointmentDate)}</span>
                      </ButtonLink>
                    ) : null}
                    {rowActions?.(a)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {calendar.isError ? <StatusMessage tone="error">{errorMessage(calendar.error)}</StatusMessage> : null}
    </>
  );
}

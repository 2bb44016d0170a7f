import { isLiveStatus } from '@clinic/contract/appointment-status';
import type { Appointment, LatestStatusChange } from '@clinic/contract/appointments';
import { formatTime12 } from '@clinic/contract/office-hours';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { momentInZone } from '../../../lib/date-text';
import styles from './appointment-card.module.css';
import { type CheckInAction, checkInActions, undoAction } from './check-in-actions';
import { StatusBadge } from './status-badge';
import { StatusHistory } from './status-history';

interface AppointmentCardProps {
  appointment: Appointment;
  busy: boolean;
  onAction: (appointment: Appointment, action: CheckInAction) => void;
  /** Undoes the status the card shows; absent when the viewer may not undo. */
  onUndo?: ((appointment: Appointment) => void) | undefined;
  /** The time the offers are for (the visit's own day decides them). */
  now: Date;
  /** The appointment popup's path, when the viewer may open it. */
  detailsPath?: string;
  /** The latest change of its status, when one was recorded: who made it and when. */
  lastChange?: LatestStatusChange | undefined;
}

export function AppointmentCard({
  appointment,
  busy,
  onAction,
  onUndo,
  now,
  detailsPath,
  lastChange,
}: AppointmentCardProps) {
  const titleId = useId();
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  const released = !isLiveStatus(appointment.conformation);
  const actions = checkInActions(appointment, now);
  const undo = onUndo ? undoAction(appointment, now) : null;
  return (
    <article
      aria-labelledby={titleId}
      className={[styles.card, released ? styles.released : ''].filter(Boolean).join(' ')}
    >
      <header className={styles.header}>
        <p className={styles.time}>{formatTime12(appointment.appointmentTime)}</p>
        <h3 id={titleId} className={styles.patient}>
          {appointment.patientName}
        </h3>
        <StatusBadge status={appointment.conformation} />
      </header>
      {lastChange && lastChange.toStatus === appointment.conformation ? (
        <p className={styles.changed}>
          {lastChange.undo ? `${lastChange.fromStatus} undone` : lastChange.toStatus} at{' '}
          <time dateTime={lastChange.at}>
            {momentInZone(lastChange.at, appointment.timeZone, appointment.appointmentDate)}
          </time>
          {lastChange.by ? ` by ${lastChange.by}` : ''}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>Doctor</dt>
          <dd>{appointment.doctorName}</dd>
        </div>
        <div>
          <dt>Type of visit</dt>
          <dd>{appointment.typeVisitLabel}</dd>
        </div>
        {appointment.notes ? (
          <div className={styles.wide}>
            <dt>Notes</dt>
            <dd>{appointment.notes}</dd>
          </div>
        ) : null}
      </dl>
      {showHistory ? (
        <div id={historyId}>
          <StatusHistory
            appointmentId={appointment.appoinmentId}
            timeZone={appointment.timeZone}
            status={appointment.conformation}
            compact
          />
        </div>
      ) : null}
      {actions.length > 0 || undo ? (
        <div className={styles.actions}>
          {actions.map((action) => (
            <Button
              key={action.to}
              variant={action.tone}
              disabled={busy}
              onClick={() => onAction(appointment, action)}
              aria-describedby={titleId}
            >
              {action.label}
            </Button>
          ))}
          {undo && onUndo ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => onUndo(appointment)}
              aria-describedby={titleId}
              title={`Back to ${undo.to}`}
            >
              Undo {appointment.conformation}
            </Button>
          ) : null}
        </div>
      ) : null}
      {/* The record's own buttons, on a row of their own: with the status buttons in one wrapping row, History
          was pushed to the far end and left a hole in the grid when the row wrapped (issue 28). */}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          aria-expanded={showHistory}
          aria-controls={showHistory ? historyId : undefined}
          aria-describedby={titleId}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          {showHistory ? 'Hide history' : 'History'}
        </Button>
        {detailsPath ? (
          <ButtonLink variant="secondary" to={detailsPath} aria-describedby={titleId}>
            Details
          </ButtonLink>
        ) : null}
      </div>
    </article>
  );
}

import { isLiveStatus } from '@clinic/contract/appointment-status';
import type { Appointment } from '@clinic/contract/appointments';
import { formatTime12 } from '@clinic/contract/office-hours';
import { useId } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import styles from './appointment-card.module.css';
import { type CheckInAction, checkInActions } from './check-in-actions';
import { StatusBadge } from './status-badge';

interface AppointmentCardProps {
  appointment: Appointment;
  busy: boolean;
  onAction: (appointment: Appointment, action: CheckInAction) => void;
  /** The appointment popup's path, when the viewer may open it. */
  detailsPath?: string;
}

/** One appointment of the front desk's day: who, when, with whom, what, its status and its next steps. */
export function AppointmentCard({ appointment, busy, onAction, detailsPath }: AppointmentCardProps) {
  const titleId = useId();
  const released = !isLiveStatus(appointment.conformation);
  const actions = checkInActions(appointment.conformation);
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
      {actions.length > 0 || detailsPath ? (
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
          {detailsPath ? (
            <ButtonLink
              variant="secondary"
              to={detailsPath}
              aria-describedby={titleId}
              className={styles.details}
            >
              Details
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

import type { Appointment } from '@clinic/contract/appointments';
import { formatTime12 } from '@clinic/contract/office-hours';
import { cutoffRule, patientChangeRefusal } from '@clinic/contract/self-service';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { weekdayDate } from '../../../lib/date-text';
import { telHref } from '../../../lib/phone-link';
import { useCancelOwnAppointment } from '../api/change-own-appointment';
import styles from './patient-appointments-table.module.css';
import { RescheduleDialog } from './reschedule-dialog';

interface OwnVisitActionsProps {
  appointment: Appointment;
  cutoffHours: number;
  officePhone: string | null;
  /** What to tell the patient after a change (shown above the list). */
  onChanged: (message: string) => void;
}

/**
 * A patient's Cancel and Move on their own Scheduled visit, shown only where the server allows them (the
 * shared rule of contract/self-service); inside the cut-off, how to reach the office instead.
 */
export function OwnVisitActions({ appointment, cutoffHours, officePhone, onChanged }: OwnVisitActionsProps) {
  const [asking, setAsking] = useState<'cancel' | 'move' | null>(null);
  const cancel = useCancelOwnAppointment();
  const refusal = patientChangeRefusal(appointment, new Date(), cutoffHours);
  const when = `${weekdayDate(appointment.appointmentDate)} at ${formatTime12(appointment.appointmentTime)}`;

  if (refusal === 'not_scheduled') return null;
  if (refusal === 'inside_cutoff') {
    return (
      <p className={styles.cutoffNote}>
        {cutoffRule(cutoffHours)} To change this visit,{' '}
        {officePhone ? <a href={telHref(officePhone)}>call {officePhone}</a> : 'call the office'}.
      </p>
    );
  }

  return (
    <>
      <button type="button" className={styles.linkButton} onClick={() => setAsking('move')}>
        Move<span className="visually-hidden"> the visit of {when}</span>
      </button>
      <button type="button" className={styles.linkButton} onClick={() => setAsking('cancel')}>
        Cancel<span className="visually-hidden"> the visit of {when}</span>
      </button>
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel this visit?"
        confirmLabel="Cancel visit"
        dismissLabel="Keep visit"
        busy={cancel.isPending}
        onCancel={() => {
          cancel.reset();
          setAsking(null);
        }}
        onConfirm={() =>
          cancel.mutate(appointment.appoinmentId, {
            onSuccess: () => {
              setAsking(null);
              onChanged(`Your visit on ${when} is canceled. The time is free for others now.`);
            },
          })
        }
      >
        {when} with {appointment.doctorName} at {appointment.officeName}.
        {cancel.isError ? <StatusMessage tone="error">{errorMessage(cancel.error)}</StatusMessage> : null}
      </ConfirmDialog>
      {asking === 'move' ? (
        <RescheduleDialog
          appointment={appointment}
          onClose={() => setAsking(null)}
          onMoved={(message) => {
            setAsking(null);
            onChanged(message);
          }}
        />
      ) : null}
    </>
  );
}

import type { Appointment } from '@clinic/contract/appointments';
import { allowedNextStatuses } from '@clinic/contract/check-in-day';
import { type AppointmentStatus, NOT_SURE_DOCTOR_ID, NOT_SURE_DOCTOR_NAME } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { can } from '@clinic/contract/permissions';
import { splitActiveList, visitTypeOptions } from '@clinic/contract/visit-types';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, FormActions, FormCard, FormGrid, FormSection } from '../../../components/form-card';
import { FormField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOfficeList } from '../../../lib/offices';
import { parseId } from '../../../lib/patient-id';
import { useSession } from '../../../lib/session';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useDownloadCalendar } from '../api/download-calendar';
import { useAppointment } from '../api/get-appointment';
import { useAvailableTimes } from '../api/get-available-times';
import { useDiagnosisSets } from '../api/get-diagnosis-sets';
import { useOfficeDoctors } from '../api/get-office-doctors';
import { usePatientAuthorizations } from '../api/get-patient-authorizations';
import { usePatientInsurance } from '../api/get-patient-insurance';
import { usePatientVouchers } from '../api/get-patient-vouchers';
import { useUpdateAppointment } from '../api/update-appointment';
import { choicesKeeping, diagnosisSetDetails, diagnosisSetOptions } from '../components/authorization-choice';
import { DiagnosisSetField } from '../components/diagnosis-set-field';
import { doctorLabel } from '../components/doctor-label';
import { StatusBadge } from '../components/status-badge';
import { StatusHistory } from '../components/status-history';
import { TimeSlotPicker } from '../components/time-slot-picker';
import styles from './appointment-popup-page.module.css';

const TITLE = 'Appointment';

/**
 * /appointmentPopup?id= (spec §2 Popups, under the layout): the appointment's fields; ADMIN edits them with
 * the booking's checks and may delete it after a confirmation (§6). Others see it read-only.
 */
export function AppointmentPopupPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const session = useSession();
  const appointment = useAppointment(session && id !== null ? id : null);
  const [deleted, setDeleted] = useState(false);

  let body: React.ReactNode;
  if (!session) {
    body = (
      <p>
        Please <Link to="/login/patient">sign in</Link> to see this appointment.
      </p>
    );
  } else if (id === null) {
    body = <StatusMessage tone="error">{MSG.noIdProvided}</StatusMessage>;
  } else if (deleted) {
    body = <StatusMessage tone="success">{MSG.appointmentDeleted}</StatusMessage>;
  } else if (appointment.isPending) {
    body = <p role="status">Loading…</p>;
  } else if (appointment.isError) {
    body = (
      <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(appointment.error))}</StatusMessage>
    );
  } else if (can(session.role, 'appointment:edit')) {
    body = (
      <AppointmentEditor
        key={appointment.data.appoinmentId}
        appointment={appointment.data}
        onDeleted={() => setDeleted(true)}
      />
    );
  } else {
    body = <AppointmentSummary appointment={appointment.data} />;
  }

  return (
    <FormCard
      title={id !== null ? `${TITLE} #${id}` : TITLE}
      intro="Office, doctor, day, time and type of visit."
    >
      {body}
      {appointment.data && !deleted ? (
        <StatusHistory
          appointmentId={appointment.data.appoinmentId}
          timeZone={appointment.data.timeZone}
          status={appointment.data.conformation}
        />
      ) : null}
    </FormCard>
  );
}

function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const calendar = useDownloadCalendar();
  return (
    <>
      <dl className={styles.summary}>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={appointment.conformation} />
        </dd>
        <dt>Patient</dt>
        <dd>{appointment.patientName}</dd>
        <dt>Office</dt>
        <dd>{appointment.officeName}</dd>
        <dt>Doctor</dt>
        <dd>{appointment.doctorName}</dd>
        <dt>When</dt>
        <dd>
          {dayLabel(appointment.appointmentDate)}, {formatTime12(appointment.appointmentTime)} (office time)
        </dd>
        <dt>Type of visit</dt>
        <dd>{appointment.typeVisitLabel}</dd>
        <dt>Notes</dt>
        <dd>{appointment.notes || '—'}</dd>
      </dl>
      <FormActions>
        <Button
          variant="secondary"
          disabled={calendar.isPending}
          onClick={() => calendar.mutate(appointment.appoinmentId)}
        >
          Add to calendar
        </Button>
      </FormActions>
      {calendar.isError ? <StatusMessage tone="error">{errorMessage(calendar.error)}</StatusMessage> : null}
    </>
  );
}

function AppointmentEditor({ appointment, onDeleted }: { appointment: Appointment; onDeleted: () => void }) {
  const [officeId, setOfficeId] = useState(appointment.officeId);
  const [doctorId, setDoctorId] = useState(appointment.doctorId);
  const [diagCombId, setDiagCombId] = useState(appointment.diagCombId);
  const [date, setDate] = useState(appointment.appointmentDate);
  const [time, setTime] = useState(appointment.appointmentTime);
  const [typeVisit, setTypeVisit] = useState(appointment.typeVisit);
  const [notes, setNotes] = useState(appointment.notes);
  const [conformation, setConformation] = useState<AppointmentStatus>(appointment.conformation);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [asking, setAsking] = useState(false);

  const offices = useOfficeList();
  const doctors = useOfficeDoctors(officeId);
  const slots = useAvailableTimes(officeId, date, doctorId);
  const insurance = usePatientInsurance(appointment.patientId);
  const vouchers = usePatientVouchers(appointment.patientId);
  const update = useUpdateAppointment(appointment.appoinmentId);
  const remove = useDeleteAppointment(appointment.appoinmentId);
  const setChoices = useSetChoices(appointment);

  const ownSlot = officeId === appointment.officeId && date === appointment.appointmentDate;
  const slotList = useMemo(() => {
    const all = slots.data?.allSlots ?? [];
    // The appointment's own time stays choosable on its own day, even when it has passed or is full.
    return ownSlot && !all.includes(appointment.appointmentTime)
      ? [appointment.appointmentTime, ...all].sort()
      : all;
  }, [slots.data, ownSlot, appointment.appointmentTime]);

  const typeOptions = useMemo(() => {
    const options = visitTypeOptions({
      insuranceActive: (insurance.data ?? []).map((r) => splitActiveList(r.active)),
      vouchers: (vouchers.data ?? []).map((r) => ({ receiptId: r.id, name: r.name })),
    });
    return options.some((o) => o.value === appointment.typeVisit)
      ? options
      : [{ value: appointment.typeVisit, label: appointment.typeVisitLabel }, ...options];
  }, [insurance.data, vouchers.data, appointment.typeVisit, appointment.typeVisitLabel]);

  // The server refuses to move an appointment once check-in has begun; the form says so up front.
  const movable = appointment.conformation === 'Scheduled';
  // The steps the visit's own day allows now (issue 28), as on the check-in board.
  const statusOptions = [appointment.conformation, ...allowedNextStatuses(appointment, new Date())];

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!time) {
      setResult({ tone: 'error', text: MSG.completeRequiredFields });
      return;
    }
    update.mutate(
      {
        officeId,
        doctorId,
        diagCombId,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit,
        notes,
        conformation,
      },
      {
        onSuccess: () => setResult({ tone: 'success', text: MSG.appointmentUpdated }),
        onError: (error) => setResult({ tone: 'error', text: msg.updateFailed(errorMessage(error)) }),
      },
    );
  }

  return (
    <Form onSubmit={save} error={result?.tone === 'error' ? result.text : null}>
      <p className={styles.lead}>
        <StatusBadge status={appointment.conformation} />
        <span>
          <strong>{appointment.patientName}</strong>, booked at {appointment.officeName}
        </span>
      </p>
      {movable ? null : (
        <StatusMessage tone="info">
          Only a Scheduled appointment can move to another office, doctor, day or time.
        </StatusMessage>
      )}
      <FormSection legend="Where and with whom">
        <FormGrid>
          <FormField label="Office" required>
            {(control) => (
              <select
                {...control}
                value={officeId}
                disabled={!movable}
                onChange={(event) => {
                  setOfficeId(Number(event.target.value));
                  setDoctorId(NOT_SURE_DOCTOR_ID);
                  setTime('');
                }}
              >
                {(offices.data ?? []).length === 0 ? (
                  <option value={appointment.officeId}>{appointment.officeName}</option>
                ) : null}
                {(offices.data ?? []).map((o) => (
                  <option key={o.officeId} value={o.officeId}>
                    {o.officeName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Doctor" required>
            {(control) => (
              <select
                {...control}
                value={doctorId}
                disabled={!movable}
                onChange={(event) => setDoctorId(Number(event.target.value))}
              >
                {doctorId === appointment.doctorId &&
                doctorId !== NOT_SURE_DOCTOR_ID &&
                !(doctors.data ?? []).some((d) => d.doctorId === doctorId) ? (
                  <option value={appointment.doctorId}>{appointment.doctorName}</option>
                ) : null}
                {(doctors.data ?? []).map((d) => (
                  <option key={d.doctorId} value={d.doctorId}>
                    {doctorLabel(d)}
                  </option>
                ))}
                <option value={NOT_SURE_DOCTOR_ID}>{NOT_SURE_DOCTOR_NAME}</option>
              </select>
            )}
          </FormField>
        </FormGrid>
      </FormSection>
      <FormSection legend="When">
        <FormField label="Date" required>
          {(control) => (
            <input
              {...control}
              type="date"
              value={date}
              disabled={!movable}
              onChange={(event) => {
                if (!event.target.value) return;
                setDate(event.target.value);
                setTime('');
              }}
            />
          )}
        </FormField>
        {slots.isPending ? (
          <p role="status">Loading times…</p>
        ) : slotList.length === 0 ? (
          <StatusMessage tone="info">{MSG.noOfficeHours}</StatusMessage>
        ) : (
          <TimeSlotPicker
            slots={movable ? slotList : [appointment.appointmentTime]}
            booked={slots.data?.bookedSlots ?? []}
            keep={ownSlot ? appointment.appointmentTime : undefined}
            value={time}
            onChange={setTime}
          />
        )}
      </FormSection>
      <FormSection legend="Visit">
        <FormGrid>
          <FormField label="Type of visit" required>
            {(control) => (
              <select {...control} value={typeVisit} onChange={(event) => setTypeVisit(event.target.value)}>
                {typeOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Status"
            hint="Only the next steps of check-in that the visit's day allows are offered."
          >
            {(control) => (
              <select
                {...control}
                value={conformation}
                onChange={(event) => setConformation(event.target.value as AppointmentStatus)}
              >
                {statusOptions.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </FormGrid>
        <DiagnosisSetField
          choices={setChoices.choices}
          value={diagCombId}
          details={setChoices.details(diagCombId)}
          onChange={setDiagCombId}
        />
        <FormField label="Notes">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={2000}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </FormField>
      </FormSection>
      {result && result.tone !== 'error' ? (
        <StatusMessage tone={result.tone}>{result.text}</StatusMessage>
      ) : null}
      {remove.isError ? (
        <StatusMessage tone="error">{msg.deleteFailed(errorMessage(remove.error))}</StatusMessage>
      ) : null}
      <FormActions>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="accent" disabled={remove.isPending} onClick={() => setAsking(true)}>
          Delete
        </Button>
      </FormActions>
      <ConfirmDialog
        open={asking}
        title="Delete appointment"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              onDeleted();
            },
            onError: () => setAsking(false),
          })
        }
      >
        <p>
          Delete the appointment of {appointment.patientName} on {dayLabel(appointment.appointmentDate)} at{' '}
          {formatTime12(appointment.appointmentTime)}? This cannot be undone.
        </p>
      </ConfirmDialog>
    </Form>
  );
}

/**
 * The diagnosis sets the popup offers: those of the patient's active authorizations, and the appointment's
 * own set even when its authorization is no longer active (the inactive ones are read only for that).
 */
function useSetChoices(appointment: Appointment) {
  const authorizations = usePatientAuthorizations(appointment.patientId);
  const auths = authorizations.data ?? [];
  const active = useDiagnosisSets(auths.filter((a) => a.active === 'Yes').map((a) => a.authId));
  const current = appointment.diagCombId;
  const lookFurther =
    current !== null && active.settled && !active.sets.some((s) => s.diagCombId === current);
  const inactive = useDiagnosisSets(
    lookFurther ? auths.filter((a) => a.active !== 'Yes').map((a) => a.authId) : [],
  );
  const all = [...active.sets, ...inactive.sets];
  return {
    choices: choicesKeeping(
      diagnosisSetOptions(active.sets, auths),
      current,
      inactive.sets.find((s) => s.diagCombId === current),
      auths,
    ),
    details: (id: number | null) => {
      const set = all.find((s) => s.diagCombId === id);
      if (!set) return null;
      // Said here too: a narrow select cuts the label's '(authorization not active)' off.
      const ended = inactive.sets.includes(set) ? 'Its authorization is no longer active. ' : '';
      return `${ended}${diagnosisSetDetails(set)}`;
    },
  };
}

import { drawsOnAuthorization } from '@clinic/contract/authorization-rules';
import { NOT_SURE_DOCTOR_ID, NOT_SURE_DOCTOR_NAME } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { calendarDateInZone } from '@clinic/contract/office-hours';
import type { Role } from '@clinic/contract/roles';
import { hasActiveAuthorization, splitActiveList, visitTypeOptions } from '@clinic/contract/visit-types';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { Form, FormActions, FormGrid, FormSection } from '../../../components/form-card';
import { FormField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOfficeList } from '../../../lib/offices';
import { isImplementedPath } from '../../../lib/page-paths';
import { openPopup, usePopupMessage } from '../../../lib/popup';
import { useAddAppointment } from '../api/add-appointment';
import { useDownloadCalendar } from '../api/download-calendar';
import { useAvailableTimes, useNextAvailable } from '../api/get-available-times';
import { useDiagnosisSets } from '../api/get-diagnosis-sets';
import { useOfficeDoctors } from '../api/get-office-doctors';
import { usePatientAuthorizations } from '../api/get-patient-authorizations';
import { usePatientInsurance } from '../api/get-patient-insurance';
import { usePatientVouchers } from '../api/get-patient-vouchers';
import {
  authorizationsCovering,
  burnDownHint,
  diagnosisSetDetails,
  diagnosisSetOptions,
  NO_AUTHORIZATION_COVERS_DATE,
} from './authorization-choice';
import styles from './booking-form.module.css';
import { DiagnosisSetField } from './diagnosis-set-field';
import { doctorLabel } from './doctor-label';
import { JoinWaitlist } from './join-waitlist';
import { NextFreeTime } from './next-free-time';
import { TimeSlotPicker } from './time-slot-picker';

const PATIENT_SEARCH_URL = '/api/patientinfo/search/all';
const DASHBOARD_PATH = '/dashboard/patient';

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface ChosenPatient {
  id: number;
  name: string;
}

interface Outcome {
  tone: 'success' | 'error';
  text: string;
  appointmentId?: number;
}

/** Where and when the form opens already chosen (a free slot of the calendar); each part optional. */
export interface BookingStart {
  officeId?: number;
  doctorId?: number;
  date?: string;
  time?: string;
}

interface BookingFormProps {
  role: Role;
  /** A PATIENT books for themselves: their own id from the session. */
  ownPatientId: number | null;
  start?: BookingStart;
}

/** The 'Schedule an Appointment' form (spec §2, §5; issue 5). */
export function BookingForm({ role, ownPatientId, start = {} }: BookingFormProps) {
  const isPatient = role === 'PATIENT';
  const [patient, setPatient] = useState<ChosenPatient | null>(
    isPatient && ownPatientId !== null ? { id: ownPatientId, name: '' } : null,
  );
  const [officeId, setOfficeId] = useState<number | null>(start.officeId ?? null);
  const [doctorId, setDoctorId] = useState<number | null>(
    start.officeId === undefined ? null : (start.doctorId ?? null),
  );
  const [date, setDate] = useState(start.officeId === undefined ? '' : (start.date ?? ''));
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const [time, setTime] = useState(start.officeId === undefined || !start.date ? '' : (start.time ?? ''));
  const [notes, setNotes] = useState('');
  const [typeVisit, setTypeVisit] = useState('');
  const [diagCombId, setDiagCombId] = useState<number | null>(null);
  const [authNotice, setAuthNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const offices = useOfficeList();
  const doctors = useOfficeDoctors(officeId);
  const slots = useAvailableTimes(officeId, date, doctorId);
  const insurance = usePatientInsurance(patient?.id ?? null);
  const vouchers = usePatientVouchers(patient?.id ?? null);
  // The latest authorization (spec §5's notice) is the first of the patient's list, newest start first: the
  // list the form reads anyway, which answers [] for a patient without one where latest-auth answers 404.
  const authorizations = usePatientAuthorizations(patient?.id ?? null);
  const add = useAddAppointment();
  const calendar = useDownloadCalendar();

  const office = offices.data?.find((o) => o.officeId === officeId) ?? null;
  const officeToday = office ? calendarDateInZone(new Date(), office.timeZone) : undefined;
  const next = useNextAvailable(officeId, date || officeToday || '', doctorId);
  const bookedSlots = slots.data?.bookedSlots;
  const dayHasFreeTime = slots.data?.allSlots.some((slot) => !slots.data.bookedSlots.includes(slot)) ?? false;

  // A time chosen for one doctor that the next doctor is busy at is dropped (the list shows it as booked).
  useEffect(() => {
    if (time && bookedSlots?.includes(time)) setTime('');
  }, [bookedSlots, time]);

  // The authorizations that cover the visit's day (today until a date is chosen), and their diagnosis sets.
  const visitDate = date || officeToday || calendarDateInZone(new Date(), browserTimeZone());
  const covering = useMemo(
    () => authorizationsCovering(authorizations.data ?? [], visitDate),
    [authorizations.data, visitDate],
  );
  const diagnosisSets = useDiagnosisSets(covering.map((a) => a.authId));
  const setOptions = useMemo(
    () => diagnosisSetOptions(diagnosisSets.sets, covering),
    [diagnosisSets.sets, covering],
  );
  // A chosen set that the day's authorizations no longer offer is not sent (and comes back with its day).
  const chosenSet = setOptions.find((o) => o.value === diagCombId)?.set ?? null;

  // An insurance type draws on the chosen set's authorization, else on the latest one covering the day.
  const drawsOnAuth = drawsOnAuthorization(typeVisit) && authorizations.isSuccess;
  const drawnAuthorization = drawsOnAuth
    ? (covering.find((a) => a.authId === chosenSet?.authId) ?? covering[0] ?? null)
    : null;
  const burnDown = drawnAuthorization ? burnDownHint(drawnAuthorization) : undefined;
  const notCovered = drawsOnAuth && drawnAuthorization === null ? NO_AUTHORIZATION_COVERS_DATE : undefined;

  const typeOptions = useMemo(
    () =>
      visitTypeOptions({
        insuranceActive: (insurance.data ?? []).map((r) => splitActiveList(r.active)),
        vouchers: (vouchers.data ?? []).map((r) => ({ receiptId: r.id, name: r.name })),
      }),
    [insurance.data, vouchers.data],
  );

  // A chosen type that the patient (newly chosen) cannot book is dropped.
  useEffect(() => {
    if (
      typeVisit &&
      insurance.isSuccess &&
      vouchers.isSuccess &&
      !typeOptions.some((o) => o.value === typeVisit)
    ) {
      setTypeVisit('');
    }
  }, [typeOptions, typeVisit, insurance.isSuccess, vouchers.isSuccess]);

  // Spec §5: without an active authorization the form says so and books an evaluation.
  const authorizationData = authorizations.data?.[0] ?? null;
  const authorizationLoaded = authorizations.isSuccess;
  useEffect(() => {
    if (!authorizationLoaded) {
      setAuthNotice(null);
      return;
    }
    const today = calendarDateInZone(new Date(), browserTimeZone());
    if (hasActiveAuthorization(authorizationData, today)) {
      setAuthNotice(null);
    } else {
      setAuthNotice(MSG.noActiveAuthorization);
      setTypeVisit('eval');
    }
  }, [authorizationData, authorizationLoaded]);

  usePopupMessage((selection) => {
    if (selection.source === 'search' && selection.target === 'patient' && !isPatient) {
      const id = Number(selection.id);
      if (Number.isInteger(id) && id > 0) {
        setPatient({ id, name: selection.name });
        setOutcome(null);
      }
    } else if (selection.source === 'office-search') {
      chooseOffice(Number(selection.id));
    }
  });

  function chooseOffice(id: number | null) {
    setOfficeId(id !== null && Number.isInteger(id) && id > 0 ? id : null);
    setDoctorId(null);
    setTime('');
    setDateProblem(null);
    setOutcome(null);
  }

  function chooseDate(value: string) {
    setOutcome(null);
    if (officeId === null) {
      setDate('');
      setDateProblem(MSG.selectOfficeFirst);
      return;
    }
    setDateProblem(null);
    setDate(value);
    setTime('');
  }

  const complete = officeId !== null && doctorId !== null && date !== '' && typeVisit !== '' && time !== '';
  const hint = complete ? null : MSG.completeRequiredFields;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!patient) {
      setOutcome({ tone: 'error', text: MSG.patientNotSelected });
      return;
    }
    if (!complete) {
      setOutcome({ tone: 'error', text: MSG.completeRequiredFields });
      return;
    }
    setOutcome(null);
    add.mutate(
      {
        patientId: isPatient ? undefined : patient.id,
        officeId,
        doctorId,
        appointmentDate: date,
        appointmentTime: time,
        notes,
        typeVisit,
        diagCombId: chosenSet?.diagCombId ?? null,
      },
      {
        onSuccess: (answer) => {
          setOutcome({ tone: 'success', text: MSG.appointmentAdded, appointmentId: answer.appoinmentId });
          setTime('');
          setNotes('');
        },
        onError: (error) =>
          setOutcome({
            tone: 'error',
            text:
              error instanceof ApiError && error.status < 500
                ? msg.appointmentAddFailed(error.message)
                : MSG.appointmentAddError,
          }),
      },
    );
  }

  const hintId = useId();
  const patientId = useId();
  const doctorChoices = doctors.data ?? [];

  return (
    <Form onSubmit={submit} className={styles.form} error={outcome?.tone === 'error' ? outcome.text : null}>
      {!isPatient ? (
        <FormSection legend="Patient">
          <div className={styles.chosenRow}>
            <p id={patientId} className={styles.chosen} aria-live="polite">
              {patient ? (
                <>
                  Booking for <strong>{patient.name || `patient #${patient.id}`}</strong>
                </>
              ) : (
                MSG.patientNotSelected
              )}
            </p>
            <Button
              variant="secondary"
              aria-describedby={patientId}
              onClick={() =>
                openPopup(
                  `/search-popup?type=Patient&inputTarget=patient&url=${encodeURIComponent(PATIENT_SEARCH_URL)}`,
                  { name: 'patient-search' },
                )
              }
            >
              Search patients
            </Button>
          </div>
        </FormSection>
      ) : null}

      <FormSection legend="Where and with whom">
        <FormGrid>
          <FormField label="Office" required>
            {(control) => (
              <select
                {...control}
                value={officeId ?? ''}
                onChange={(event) => chooseOffice(event.target.value ? Number(event.target.value) : null)}
              >
                <option value="">{offices.isPending ? 'Loading offices…' : 'Choose an office'}</option>
                {(offices.data ?? []).map((o) => (
                  <option key={o.officeId} value={o.officeId}>
                    {o.officeName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Doctor" required hint={officeId === null ? 'Choose an office first.' : undefined}>
            {(control) => (
              <select
                {...control}
                value={doctorId ?? ''}
                disabled={officeId === null}
                onChange={(event) => {
                  setDoctorId(event.target.value ? Number(event.target.value) : null);
                  setOutcome(null);
                }}
              >
                <option value="">{doctors.isFetching ? 'Loading doctors…' : 'Choose a doctor'}</option>
                {doctorChoices.map((d) => (
                  <option key={d.doctorId} value={d.doctorId}>
                    {doctorLabel(d)}
                  </option>
                ))}
                <option value={NOT_SURE_DOCTOR_ID}>{NOT_SURE_DOCTOR_NAME}</option>
              </select>
            )}
          </FormField>
        </FormGrid>
        <div className={styles.inlineActions}>
          <Button
            variant="secondary"
            onClick={() => openPopup('/office-search?inputTarget=office', { name: 'office-search' })}
          >
            Find an office
          </Button>
          <Button
            variant="secondary"
            disabled={officeId === null}
            aria-pressed={doctorId === NOT_SURE_DOCTOR_ID}
            onClick={() => {
              setDoctorId(NOT_SURE_DOCTOR_ID);
              setOutcome(null);
            }}
          >
            {NOT_SURE_DOCTOR_NAME}
          </Button>
        </div>
        {offices.isError ? <StatusMessage tone="error">{errorMessage(offices.error)}</StatusMessage> : null}
        {doctors.isError ? <StatusMessage tone="error">{errorMessage(doctors.error)}</StatusMessage> : null}
      </FormSection>

      <FormSection legend="When">
        <FormField
          label="Date"
          required
          error={dateProblem ?? undefined}
          hint={office ? `Times are local to ${office.officeName}.` : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              value={date}
              min={officeToday}
              max={next.data?.lastDate ?? undefined}
              onChange={(event) => chooseDate(event.target.value)}
              onFocus={() => {
                if (officeId === null) setDateProblem(MSG.selectOfficeFirst);
              }}
            />
          )}
        </FormField>
        {officeId !== null && date !== '' ? (
          slots.isPending ? (
            <p role="status">Loading times…</p>
          ) : slots.isError ? (
            <StatusMessage tone="error">{errorMessage(slots.error)}</StatusMessage>
          ) : slots.data.allSlots.length === 0 ? (
            <StatusMessage tone="info">{MSG.noOfficeHours}</StatusMessage>
          ) : (
            <TimeSlotPicker
              slots={slots.data.allSlots}
              booked={slots.data.bookedSlots}
              value={time}
              onChange={(value) => {
                setTime(value);
                setOutcome(null);
              }}
            />
          )
        ) : null}
        {isPatient && officeId !== null && slots.data && slots.data.allSlots.length > 0 && !dayHasFreeTime ? (
          <JoinWaitlist
            key={`${officeId} ${date} ${doctorId}`}
            officeId={officeId}
            doctorId={doctorId}
            date={date}
            typeVisit={typeVisit}
          />
        ) : null}
        {officeId !== null && (date === '' || slots.isSuccess) ? (
          <NextFreeTime
            date={date}
            dayHasFreeTime={dayHasFreeTime}
            next={next.data}
            onChoose={(day, slot) => {
              chooseDate(day);
              setTime(slot);
            }}
          />
        ) : null}
      </FormSection>

      <FormSection legend="Visit">
        {authNotice ? <StatusMessage tone="info">{authNotice}</StatusMessage> : null}
        <FormGrid>
          <FormField label="Type of visit" required hint={burnDown} error={notCovered}>
            {(control) => (
              <select
                {...control}
                value={typeVisit}
                onChange={(event) => {
                  setTypeVisit(event.target.value);
                  setOutcome(null);
                }}
              >
                <option value="">Choose a type of visit</option>
                {typeOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </FormGrid>
        {setOptions.length > 0 ? (
          <DiagnosisSetField
            choices={setOptions}
            value={chosenSet?.diagCombId ?? null}
            details={chosenSet ? diagnosisSetDetails(chosenSet) : null}
            onChange={(id) => {
              setDiagCombId(id);
              setOutcome(null);
            }}
          />
        ) : null}
        <FormField label="Notes" hint="Anything the clinic should know before your visit (optional).">
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

      {outcome && outcome.tone !== 'error' ? (
        <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage>
      ) : null}
      <FormActions>
        <Button
          type="submit"
          disabled={!complete || add.isPending}
          aria-describedby={hint ? hintId : undefined}
        >
          {add.isPending ? 'Adding…' : 'Add Appointment'}
        </Button>
        {outcome?.appointmentId !== undefined ? (
          <>
            <Button
              variant="secondary"
              disabled={calendar.isPending}
              onClick={() => calendar.mutate(outcome.appointmentId as number)}
            >
              Add to calendar
            </Button>
            {isPatient && isImplementedPath(DASHBOARD_PATH) ? (
              <ButtonLink variant="secondary" to={DASHBOARD_PATH}>
                See my appointments
              </ButtonLink>
            ) : null}
          </>
        ) : null}
      </FormActions>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {calendar.isError ? <StatusMessage tone="error">{errorMessage(calendar.error)}</StatusMessage> : null}
    </Form>
  );
}

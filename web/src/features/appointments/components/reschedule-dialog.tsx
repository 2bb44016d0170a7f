import type { Appointment } from '@clinic/contract/appointments';
import { NOT_SURE_DOCTOR_ID, NOT_SURE_DOCTOR_NAME } from '@clinic/contract/constants';
import { calendarDateInZone, formatTime12 } from '@clinic/contract/office-hours';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { weekdayDate } from '../../../lib/date-text';
import { useRescheduleOwnAppointment } from '../api/change-own-appointment';
import { useAvailableTimes, useNextAvailable } from '../api/get-available-times';
import { useOfficeDoctors } from '../api/get-office-doctors';
import { doctorLabel } from './doctor-label';
import { NextFreeTime } from './next-free-time';
import { TimeSlotPicker } from './time-slot-picker';

interface RescheduleDialogProps {
  appointment: Appointment;
  onClose: () => void;
  /** After the move, with what to tell the patient. */
  onMoved: (message: string) => void;
}

/**
 * Moves a patient's own visit (issue 14): the same office, a doctor (or Not Sure), a day and a free time,
 * with the booking form's availability; the server runs every booking rule again and says why it refuses.
 */
export function RescheduleDialog({ appointment, onClose, onMoved }: RescheduleDialogProps) {
  const officeId = appointment.officeId;
  const [doctorId, setDoctorId] = useState(appointment.doctorId);
  const [date, setDate] = useState(appointment.appointmentDate);
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const doctors = useOfficeDoctors(officeId);
  const slots = useAvailableTimes(officeId, date, doctorId);
  const next = useNextAvailable(officeId, date, doctorId);
  const move = useRescheduleOwnAppointment();
  const today = calendarDateInZone(new Date(), appointment.timeZone);
  const dayHasFreeTime = slots.data?.allSlots.some((slot) => !slots.data.bookedSlots.includes(slot)) ?? false;

  function submit() {
    if (!date || !time) {
      setProblem('Choose a day and a free time.');
      return;
    }
    setProblem(null);
    move.mutate(
      {
        id: appointment.appoinmentId,
        body: { officeId, doctorId, appointmentDate: date, appointmentTime: time },
      },
      {
        onSuccess: (moved) =>
          onMoved(
            `Your visit is moved to ${weekdayDate(moved.appointmentDate)} at ${formatTime12(moved.appointmentTime)}.`,
          ),
      },
    );
  }

  return (
    <FormDialog
      title="Move your visit"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Move visit"
      busy={move.isPending}
      error={problem ?? (move.isError ? errorMessage(move.error) : null)}
    >
      <p>
        Now: {weekdayDate(appointment.appointmentDate)} at {formatTime12(appointment.appointmentTime)} with{' '}
        {appointment.doctorName}, {appointment.officeName}. Times are local to the office.
      </p>
      <FormField label="Doctor" required>
        {(control) => (
          <select
            {...control}
            value={doctorId}
            onChange={(event) => {
              setDoctorId(Number(event.target.value));
              setTime('');
            }}
          >
            {(doctors.data ?? []).map((d) => (
              <option key={d.doctorId} value={d.doctorId}>
                {doctorLabel(d)}
              </option>
            ))}
            {doctors.data?.some((d) => d.doctorId === doctorId) || doctorId === NOT_SURE_DOCTOR_ID ? null : (
              <option value={doctorId}>{appointment.doctorName}</option>
            )}
            <option value={NOT_SURE_DOCTOR_ID}>{NOT_SURE_DOCTOR_NAME}</option>
          </select>
        )}
      </FormField>
      <FormField label="New date" required>
        {(control) => (
          <input
            {...control}
            type="date"
            value={date}
            min={today}
            max={next.data?.lastDate ?? undefined}
            onChange={(event) => {
              setDate(event.target.value);
              setTime('');
            }}
          />
        )}
      </FormField>
      {date && slots.isSuccess ? (
        slots.data.allSlots.length > 0 ? (
          <TimeSlotPicker
            label="New time"
            slots={slots.data.allSlots}
            booked={slots.data.bookedSlots}
            value={time}
            onChange={setTime}
          />
        ) : null
      ) : date && slots.isPending ? (
        <p role="status">Loading times…</p>
      ) : null}
      {slots.isError ? <StatusMessage tone="error">{errorMessage(slots.error)}</StatusMessage> : null}
      {date && slots.isSuccess ? (
        <NextFreeTime
          date={date}
          dayHasFreeTime={dayHasFreeTime}
          next={next.data}
          onChoose={(day, slot) => {
            setDate(day);
            setTime(slot);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

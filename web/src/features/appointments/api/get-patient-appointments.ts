import { APPOINTMENT_PAGE_MAX, type Appointment } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { getAllKeyPages } from '../../../lib/key-page';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/all?patientId=: one patient's appointments, every page (a patient always gets only their own). */
export function getPatientAppointments(patientId: number, signal?: AbortSignal) {
  return getAllKeyPages<Appointment>('/appointments/all', {
    query: { patientId },
    signal,
    cursorParam: 'cursor',
    pageSize: APPOINTMENT_PAGE_MAX,
  });
}

export function usePatientAppointments(patientId: number) {
  return useQuery({
    queryKey: appointmentKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientAppointments(patientId, signal),
  });
}

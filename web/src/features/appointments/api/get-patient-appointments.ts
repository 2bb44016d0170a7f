import type { Appointment } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/all?patientId=: one patient's appointments (a patient always gets only their own). */
export function getPatientAppointments(patientId: number, signal?: AbortSignal) {
  return apiRequest<Appointment[]>('/appointments/all', { query: { patientId }, signal });
}

export function usePatientAppointments(patientId: number) {
  return useQuery({
    queryKey: appointmentKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientAppointments(patientId, signal),
  });
}

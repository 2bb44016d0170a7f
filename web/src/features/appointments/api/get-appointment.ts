import type { Appointment } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/{id} (a patient only their own; 404 otherwise). */
export function getAppointment(id: number, signal?: AbortSignal) {
  return apiRequest<Appointment>(`/appointments/${id}`, { signal });
}

export function useAppointment(id: number | null) {
  return useQuery({
    queryKey: appointmentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getAppointment(id as number, signal),
    enabled: id !== null,
  });
}

import type { AvailableTimesResponse } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/available-times?officeId&date: the office-day's slots and which of them are full. */
export function getAvailableTimes(officeId: number, date: string, signal?: AbortSignal) {
  return apiRequest<AvailableTimesResponse>('/appointments/available-times', {
    query: { officeId, date },
    signal,
  });
}

export function useAvailableTimes(officeId: number | null, date: string) {
  return useQuery({
    queryKey: appointmentKeys.availableTimes(officeId ?? 0, date),
    queryFn: ({ signal }) => getAvailableTimes(officeId as number, date, signal),
    enabled: officeId !== null && date !== '',
    // Others book too: look again whenever the form comes back into view.
    staleTime: 0,
  });
}

import type { AvailableTimesResponse, NextAvailableResponse } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/**
 * GET /appointments/available-times?officeId&date[&doctorId]: the office-day's slots and which of them are
 * full, or (with a doctor) taken by that doctor's own visits.
 */
export function getAvailableTimes(
  officeId: number,
  date: string,
  doctorId: number | null,
  signal?: AbortSignal,
) {
  return apiRequest<AvailableTimesResponse>('/appointments/available-times', {
    query: { officeId, date, ...(doctorId !== null ? { doctorId } : {}) },
    signal,
  });
}

export function useAvailableTimes(officeId: number | null, date: string, doctorId: number | null = null) {
  return useQuery({
    queryKey: appointmentKeys.availableTimes(officeId ?? 0, date, doctorId),
    queryFn: ({ signal }) => getAvailableTimes(officeId as number, date, doctorId, signal),
    enabled: officeId !== null && date !== '',
    // Others book too: look again whenever the form comes back into view.
    staleTime: 0,
  });
}

/** GET /appointments/next-available: the first free time from `from` on, and the office's last open day. */
export function useNextAvailable(officeId: number | null, from: string, doctorId: number | null) {
  return useQuery({
    queryKey: appointmentKeys.nextAvailable(officeId ?? 0, from, doctorId),
    queryFn: ({ signal }) =>
      apiRequest<NextAvailableResponse>('/appointments/next-available', {
        query: { officeId: officeId as number, date: from, ...(doctorId !== null ? { doctorId } : {}) },
        signal,
      }),
    enabled: officeId !== null && from !== '',
    staleTime: 0,
  });
}

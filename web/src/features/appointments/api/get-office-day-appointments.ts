import type { Appointment } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/by-office-and-date?officeId=&date=: the front desk's day, with names for the cards. */
export function getOfficeDayAppointments(officeId: number, date: string, signal?: AbortSignal) {
  return apiRequest<Appointment[]>('/appointments/by-office-and-date', { query: { officeId, date }, signal });
}

export function useOfficeDayAppointments(officeId: number | null, date: string) {
  return useQuery({
    queryKey: appointmentKeys.byOfficeAndDate(officeId ?? 0, date),
    queryFn: ({ signal }) => getOfficeDayAppointments(officeId as number, date, signal),
    enabled: officeId !== null && date !== '',
  });
}

import { APPOINTMENT_PAGE_MAX, type Appointment } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { getAllKeyPages } from '../../../lib/key-page';
import { appointmentKeys } from './appointment-keys';

/** GET /appointments/by-office-and-date?officeId=&date=: the front desk's day, every page, with names for the cards. */
export function getOfficeDayAppointments(officeId: number, date: string, signal?: AbortSignal) {
  return getAllKeyPages<Appointment>('/appointments/by-office-and-date', {
    query: { officeId, date },
    signal,
    cursorParam: 'cursor',
    pageSize: APPOINTMENT_PAGE_MAX,
  });
}

/** `refetchInterval`: how often to read the day again by itself (a board without its live feed polls). */
export function useOfficeDayAppointments(
  officeId: number | null,
  date: string,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: appointmentKeys.byOfficeAndDate(officeId ?? 0, date),
    queryFn: ({ signal }) => getOfficeDayAppointments(officeId as number, date, signal),
    enabled: officeId !== null && date !== '',
    refetchInterval,
  });
}

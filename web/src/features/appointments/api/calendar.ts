import type { Appointment } from '@clinic/contract/appointments';
import type { CalendarResponse, MoveAppointmentBody } from '@clinic/contract/calendar';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY, appointmentKeys } from './appointment-keys';

/** A calendar's office and days (a day, or a week of at most seven days). */
export interface CalendarRange {
  officeId: number;
  from: string;
  to: string;
}

/** Other desks book and check in all day: a calendar left open reads itself again every minute. */
const CALENDAR_REFRESH_MS = 60_000;

/** GET /appointments/calendar: the office's days with their hours, its providers and the range's visits. */
export function useCalendar(range: CalendarRange | null) {
  return useQuery({
    queryKey: range ? appointmentKeys.calendar(range.officeId, range.from, range.to) : ['calendar-none'],
    queryFn: ({ signal }) =>
      apiRequest<CalendarResponse>('/appointments/calendar', {
        query: { officeId: range!.officeId, from: range!.from, to: range!.to },
        signal,
      }),
    enabled: range !== null,
    // Moving to the next week keeps the grid in place until the new week has arrived.
    placeholderData: keepPreviousData,
    refetchInterval: CALENDAR_REFRESH_MS,
  });
}

/** POST /appointments/{id}/move: another provider, day or time of the visit's office, by the booking rules. */
export function useMoveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MoveAppointmentBody & { id: number }) =>
      apiRequest<Appointment>(`/appointments/${id}/move`, { method: 'POST', body }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.appoinmentId), appointment);
      // A new day can draw on another authorization.
      return queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY });
    },
    // Refused moves too: the refusal may come from a change made elsewhere that the grid has not shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

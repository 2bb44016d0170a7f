import type { Appointment } from '@clinic/contract/appointments';
import type { AssignProviderBody } from '@clinic/contract/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, appointmentKeys } from './appointment-keys';

/** POST /appointments/{id}/assign: a provider for a visit booked with 'Not Sure', at its own day and time. */
export function useAssignProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AssignProviderBody & { id: number }) =>
      apiRequest<Appointment>(`/appointments/${id}/assign`, { method: 'POST', body }),
    onSuccess: (appointment) =>
      queryClient.setQueryData(appointmentKeys.detail(appointment.appoinmentId), appointment),
    // Refused ones too: the provider may have been booked at another desk since the calendar was read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

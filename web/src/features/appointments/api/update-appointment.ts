import type { Appointment, UpdateAppointmentBody } from '@clinic/contract/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY, appointmentKeys } from './appointment-keys';

/** PUT /appointments/update/{id} (ADMIN): the popup's fields, re-checked like a booking. */
export function updateAppointment(id: number, body: UpdateAppointmentBody) {
  return apiRequest<Appointment>(`/appointments/update/${id}`, { method: 'PUT', body });
}

export function useUpdateAppointment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAppointmentBody) => updateAppointment(id, body),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(id), appointment);
      // A new day, type of visit or set moves the visit's place in the authorizations' burn-down.
      return queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

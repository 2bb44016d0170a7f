import type { Appointment, UpdateAppointmentBody } from '@clinic/contract/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, appointmentKeys } from './appointment-keys';

/** PUT /appointments/update/{id} (ADMIN): the popup's fields, re-checked like a booking. */
export function updateAppointment(id: number, body: UpdateAppointmentBody) {
  return apiRequest<Appointment>(`/appointments/update/${id}`, { method: 'PUT', body });
}

export function useUpdateAppointment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAppointmentBody) => updateAppointment(id, body),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKeys.detail(id), appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

import type { AddAppointmentBody, AddAppointmentResponse } from '@clinic/contract/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY } from './appointment-keys';

/** POST /appointments/add: { success, message, appoinmentId }; a refusal throws ApiError with the reason. */
export function addAppointment(body: AddAppointmentBody) {
  return apiRequest<AddAppointmentResponse>('/appointments/add', { method: 'POST', body });
}

/**
 * Books; the slots, lists and the patient's appointments are read again afterwards, success or not, and
 * after a success the authorizations too (the booked visit now counts in their burn-down).
 */
export function useAddAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

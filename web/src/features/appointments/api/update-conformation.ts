import type { Appointment } from '@clinic/contract/appointments';
import type { AppointmentStatus } from '@clinic/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY, appointmentKeys } from './appointment-keys';

/** PATCH /appointments/update-conformation/{id} {conformation}: one step of the check-in state machine. */
export function updateConformation(id: number, conformation: AppointmentStatus) {
  return apiRequest<Appointment>(`/appointments/update-conformation/${id}`, {
    method: 'PATCH',
    body: { conformation },
  });
}

/**
 * A change of a visit's status (a step or its undo). Completing, or undoing it, changes points, vouchers and
 * visits too: everything about appointments is read again.
 */
export function useStatusMutation(
  change: (id: number, conformation: AppointmentStatus) => Promise<Appointment>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, conformation }: { id: number; conformation: AppointmentStatus }) =>
      change(id, conformation),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.appoinmentId), appointment);
      // Completing moves a visit from scheduled to used; Canceled and No Show give its place back.
      return queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

export function useUpdateConformation() {
  return useStatusMutation(updateConformation);
}

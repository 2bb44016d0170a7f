import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY, appointmentKeys } from './appointment-keys';

/** DELETE /appointments/delete/{id} (ADMIN). */
export function deleteAppointment(id: number) {
  return apiRequest<{ success: boolean; message: string }>(`/appointments/delete/${id}`, {
    method: 'DELETE',
  });
}

export function useDeleteAppointment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAppointment(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: appointmentKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
      ]);
    },
  });
}

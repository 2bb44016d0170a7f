import type { Appointment } from '@clinic/contract/appointments';
import type { ChangePolicy, RescheduleBody } from '@clinic/contract/self-service';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY } from './appointment-keys';

/** GET /appointments/change-policy: how long before a visit a patient may still cancel or move it online. */
export function useChangePolicy(enabled: boolean) {
  return useQuery({
    queryKey: ['booking', 'change-policy'],
    queryFn: ({ signal }) => apiRequest<ChangePolicy>('/appointments/change-policy', { signal }),
    enabled,
    staleTime: 60 * 60_000,
  });
}

/** After a change the visits, the slots and the authorizations' burn-down are read again, success or not. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
    ]);
}

/** POST /appointments/{id}/cancel: the signed-in patient cancels their own Scheduled visit. */
export function useCancelOwnAppointment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Appointment>(`/appointments/${id}/cancel`, { method: 'POST' }),
    onSettled: refresh,
  });
}

/** POST /appointments/{id}/reschedule: moves the patient's own visit (the booking rules decide). */
export function useRescheduleOwnAppointment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RescheduleBody }) =>
      apiRequest<Appointment>(`/appointments/${id}/reschedule`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

import type { DoctorAccountBody } from '@clinic/contract/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notifyUserUpdated, readSession, SESSION_KEYS } from '../../../lib/session-storage';
import { DOCTORS_KEY } from './get-doctors';

/**
 * PUT /doctorinfo/update-account?doctorId= {username, password} (spec §7): a staff member's own sign-in
 * details. A new username becomes the stored one, so the session (and the dashboard's own record) follow it.
 */
export function useUpdateOwnAccount(doctorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoctorAccountBody) =>
      apiRequest<{ doctorId: number; username: string }>('/doctorinfo/update-account', {
        method: 'PUT',
        query: { doctorId },
        body,
      }),
    onSuccess: (updated) => {
      const session = readSession();
      if (session && updated.username && session.username !== updated.username) {
        window.localStorage.setItem(SESSION_KEYS.username, updated.username);
        notifyUserUpdated();
      }
      return queryClient.invalidateQueries({ queryKey: DOCTORS_KEY });
    },
  });
}

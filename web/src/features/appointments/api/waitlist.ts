import type { AcceptOfferResponse, JoinWaitlistBody, WaitlistEntry } from '@clinic/contract/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { APPOINTMENTS_KEY, AUTHORIZATIONS_KEY } from './appointment-keys';

/** Under the appointments' key: a booking, cancel or move reads the waitlist again too (offers change). */
const WAITLIST_KEY = [...APPOINTMENTS_KEY, 'waitlist'] as const;

/** GET /waitlist/mine: the signed-in patient's entries, newest first. */
export function useMyWaitlist(enabled: boolean) {
  return useQuery({
    queryKey: WAITLIST_KEY,
    queryFn: ({ signal }) => apiRequest<WaitlistEntry[]>('/waitlist/mine', { signal }),
    enabled,
    // An offer can arrive while the dashboard is open: look again every minute.
    refetchInterval: 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
    ]);
}

/** POST /waitlist: waits for a full day. */
export function useJoinWaitlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: JoinWaitlistBody) => apiRequest<WaitlistEntry>('/waitlist', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** DELETE /waitlist/{id}: stops waiting (an offer held for the patient goes on to the next one). */
export function useLeaveWaitlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<WaitlistEntry>(`/waitlist/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** POST /waitlist/{id}/accept: books the place held for the patient. */
export function useAcceptOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<AcceptOfferResponse>(`/waitlist/${id}/accept`, { method: 'POST' }),
    onSettled: refresh,
  });
}

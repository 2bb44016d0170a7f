import type { ClockAction, ClockLog, ClockStatus } from '@clinic/contract/clock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const clockKey = (doctorId: number) => ['doctor-clock', doctorId] as const;

/** GET /doctor-clock/status/{doctorId} */
export function useClockStatus(doctorId: number) {
  return useQuery({
    queryKey: [...clockKey(doctorId), 'status'],
    queryFn: ({ signal }) => apiRequest<ClockStatus>(`/doctor-clock/status/${doctorId}`, { signal }),
  });
}

/** GET /doctor-clock/logs/today/{id} */
export function useTodaysClockLog(doctorId: number) {
  return useQuery({
    queryKey: [...clockKey(doctorId), 'today'],
    queryFn: ({ signal }) => apiRequest<ClockLog[]>(`/doctor-clock/logs/today/${doctorId}`, { signal }),
  });
}

/** POST /doctor-clock/{clock-in|start-break|end-break|clock-out}/{id}; then status and log again. */
export function useClockAction(doctorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ClockAction) =>
      apiRequest<ClockLog>(`/doctor-clock/${action}/${doctorId}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clockKey(doctorId) }),
  });
}

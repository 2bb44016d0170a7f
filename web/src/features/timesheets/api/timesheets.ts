import type { ShiftCorrectionBody, Timesheet, TimesheetShift } from '@clinic/contract/timesheets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const TIMESHEETS_KEY = ['timesheets'] as const;

export interface TimesheetRange {
  officeId: number;
  from: string;
  to: string;
}

/** GET /timesheets?officeId=&from=&to=: the office's staff and their shifts in the range. */
export function useTimesheet(range: TimesheetRange | null) {
  return useQuery({
    queryKey: [...TIMESHEETS_KEY, range?.officeId, range?.from, range?.to],
    queryFn: ({ signal }) => apiRequest<Timesheet>('/timesheets', { query: { ...range }, signal }),
    enabled: range !== null,
  });
}

/** PUT /timesheets/shifts/{id}: a manager's correction of a shift, with a reason. */
export function useCorrectShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShiftCorrectionBody }) =>
      apiRequest<TimesheetShift>(`/timesheets/shifts/${id}`, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TIMESHEETS_KEY }),
  });
}

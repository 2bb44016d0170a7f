import type { OfficeHours, OfficeHoursRangeBody } from '@clinic/contract/offices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICE_HOURS_KEY } from './office-keys';

/** POST /office-hours/save-range (ADMIN, MANAGER): the same hours on chosen weekdays of a date range. */
export function saveOfficeHoursRange(
  body: OfficeHoursRangeBody,
): Promise<{ saved: number; hours: OfficeHours[] }> {
  return apiRequest('/office-hours/save-range', { method: 'POST', body });
}

export function useSaveOfficeHoursRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfficeHoursRange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICE_HOURS_KEY }),
  });
}

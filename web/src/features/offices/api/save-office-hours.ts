import type { OfficeHours, OfficeHoursSaveBody } from '@clinic/contract/offices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICE_HOURS_KEY } from './office-keys';

/** POST /office-hours/save (ADMIN, MANAGER): one day, replaced if it exists. */
export function saveOfficeHours(body: OfficeHoursSaveBody): Promise<OfficeHours> {
  return apiRequest<OfficeHours>('/office-hours/save', { method: 'POST', body });
}

export function useSaveOfficeHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfficeHours,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICE_HOURS_KEY }),
  });
}

import type { OfficeHours } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { officeHoursQueryKey } from './office-keys';

/** GET /office-hours/office/{officeId} (public): every stored day of one office. */
export function getOfficeHours(officeId: number): Promise<OfficeHours[]> {
  return apiRequest<OfficeHours[]>(`/office-hours/office/${officeId}`);
}

export function useOfficeHours(officeId: number | null) {
  return useQuery({
    queryKey: officeHoursQueryKey(officeId ?? 0),
    queryFn: () => getOfficeHours(officeId as number),
    enabled: officeId !== null,
    // A failed load shows 'Not available' (spec §8); no need to hammer the server.
    retry: 1,
  });
}

import type { Office } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { officesQueryKey } from './office-keys';

/** GET /office/all (public). */
export function getOffices(): Promise<Office[]> {
  return apiRequest<Office[]>('/office/all');
}

export function useOffices() {
  return useQuery({ queryKey: officesQueryKey(), queryFn: getOffices });
}
